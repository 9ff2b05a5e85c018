-- Adds the contacts one insert statement wrote to their organisations' counts (see
-- contact-counts-add.sql).
CREATE OR REPLACE FUNCTION contact_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_counts_add(coalesce(jsonb_agg(d), '[]'::jsonb)) FROM (
    SELECT organization_id,
           count(*) FILTER (WHERE deleted_at IS NULL AND status = 'active' AND NOT is_former) AS active,
           count(*) FILTER (WHERE deleted_at IS NULL AND is_former) AS former,
           count(*) FILTER (WHERE deleted_at IS NULL AND payment_status = 'past_due') AS past_due,
           count(*) FILTER (WHERE deleted_at IS NULL) AS total
    FROM new_rows GROUP BY organization_id
  ) d;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contacts_counts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_insert();
