-- Contact counts (active, former, past due, total) kept current by statement-level triggers on
-- contacts, in the same transaction as every insert, update and delete, whoever writes the row
-- (the contacts module, sign-up, imports, other modules). Reading them is then one primary-key
-- lookup instead of a count over the contacts table. Definitions, over live rows
-- (deleted_at is null): active = status 'active' and not a former member; former = is_former;
-- past_due = payment_status 'past_due'; total = every live contact.
-- One statement touches the counts row once, however many contacts it changes, and a statement
-- that moves no count (renaming a contact) does not touch it at all.
CREATE OR REPLACE FUNCTION contact_counts_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_counts AS cc (organization_id, active, former, past_due, total)
  SELECT (d->>'organization_id')::uuid, (d->>'active')::int, (d->>'former')::int,
         (d->>'past_due')::int, (d->>'total')::int
  FROM jsonb_array_elements(deltas) d
  WHERE (d->>'active')::int <> 0 OR (d->>'former')::int <> 0 OR (d->>'past_due')::int <> 0
     OR (d->>'total')::int <> 0
  ON CONFLICT (organization_id) DO UPDATE
  SET active = cc.active + excluded.active, former = cc.former + excluded.former,
      past_due = cc.past_due + excluded.past_due, total = cc.total + excluded.total;
$$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER contacts_counts_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER contacts_counts_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_on_delete();
--> statement-breakpoint
-- Contacts written before this migration.
INSERT INTO contact_counts (organization_id, active, former, past_due, total)
SELECT organization_id,
       count(*) FILTER (WHERE status = 'active' AND NOT is_former),
       count(*) FILTER (WHERE is_former),
       count(*) FILTER (WHERE payment_status = 'past_due'),
       count(*)
FROM contacts WHERE deleted_at IS NULL GROUP BY organization_id
ON CONFLICT (organization_id) DO NOTHING;
