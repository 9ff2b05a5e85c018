-- Moves the contact counts by what one update statement changed, and keeps the counted state
-- the contacts' tag rows carry (contact_tags.counted, see contact-tag-state.sql) equal to their
-- contact's. Most updates move no count (a rename, a note date): it leaves as soon as it sees
-- that every updated row keeps its live state, status, former flag and payment status, before
-- building any deltas (about 0.03 ms instead of 0.13 ms a row), and the delta function, a SQL
-- function parsed again on each call, is not called at all.
CREATE OR REPLACE FUNCTION contact_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o
    WHERE NOT EXISTS (
      SELECT 1 FROM new_rows n
      WHERE n.organization_id = o.organization_id AND n.id = o.id
        AND (n.deleted_at IS NULL) = (o.deleted_at IS NULL) AND n.status IS NOT DISTINCT FROM o.status
        AND n.is_former IS NOT DISTINCT FROM o.is_former
        AND n.payment_status IS NOT DISTINCT FROM o.payment_status)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM contact_counts_add(coalesce(jsonb_agg(d), '[]'::jsonb)) FROM (
    SELECT organization_id, sum(active) AS active, sum(former) AS former,
           sum(past_due) AS past_due, sum(total) AS total
    FROM (
      SELECT organization_id,
             (deleted_at IS NULL AND status = 'active' AND NOT is_former)::int AS active,
             (deleted_at IS NULL AND is_former)::int AS former,
             (deleted_at IS NULL AND payment_status = 'past_due')::int AS past_due,
             (deleted_at IS NULL)::int AS total
      FROM new_rows
      UNION ALL
      SELECT organization_id,
             -((deleted_at IS NULL AND status = 'active' AND NOT is_former)::int),
             -((deleted_at IS NULL AND is_former)::int),
             -((deleted_at IS NULL AND payment_status = 'past_due')::int),
             -((deleted_at IS NULL)::int)
      FROM old_rows
    ) s GROUP BY organization_id
  ) d;
  -- Tag rows of contacts whose counted state moved (contact_tags' update trigger moves tag_counts).
  UPDATE contact_tags ct SET counted = m.state
  FROM (
    SELECT n.organization_id, n.id, contact_tag_state(n.deleted_at, n.status, n.is_former) AS state
    FROM new_rows n
    JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
    WHERE contact_tag_state(n.deleted_at, n.status, n.is_former)
       <> contact_tag_state(o.deleted_at, o.status, o.is_former)
  ) m
  WHERE ct.organization_id = m.organization_id AND ct.contact_id = m.id AND ct.counted <> m.state;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contacts_counts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_update();
