-- A delete only lowers an existing row and never creates one (the organisation may be going away).
CREATE OR REPLACE FUNCTION contact_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_counts cc
  SET active = cc.active - d.active, former = cc.former - d.former,
      past_due = cc.past_due - d.past_due, total = cc.total - d.total
  FROM (
    SELECT organization_id,
           count(*) FILTER (WHERE deleted_at IS NULL AND status = 'active' AND NOT is_former)::int AS active,
           count(*) FILTER (WHERE deleted_at IS NULL AND is_former)::int AS former,
           count(*) FILTER (WHERE deleted_at IS NULL AND payment_status = 'past_due')::int AS past_due,
           count(*) FILTER (WHERE deleted_at IS NULL)::int AS total
    FROM old_rows GROUP BY organization_id
  ) d
  WHERE cc.organization_id = d.organization_id AND d.total <> 0;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contacts_counts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_delete();
