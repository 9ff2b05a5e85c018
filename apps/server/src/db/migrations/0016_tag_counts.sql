-- Per-tag contact counts (tag_counts), so that the contacts list filtered by one tag (optionally
-- with status Active or Former) shows an exact total read by primary key instead of a capped
-- count. Buckets mean what contact_counts means, over live contacts: active = status 'active'
-- and not former; former = is_former; total = every live contact with the tag.
-- Writers of contacts wait until this migration commits (and of contact_tags, from its ALTER on),
-- so the backfill below and the triggers that keep the counts from then on see the same rows.
LOCK TABLE contacts IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"organization_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"former" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_counts_organization_id_tag_id_pk" PRIMARY KEY("organization_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "contact_tags" ADD COLUMN "counted" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_counts" ADD CONSTRAINT "tag_counts_organization_id_tag_id_tags_organization_id_id_fk" FOREIGN KEY ("organization_id","tag_id") REFERENCES "public"."tags"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_counted_ck" CHECK ("contact_tags"."counted" between 0 and 3);
--> statement-breakpoint
-- How the counts stay right when a contact is deleted for good: the foreign key deletes its tag
-- rows by cascade, and by the time any statement-level trigger runs, the contact row is gone
-- (contact_tags' trigger could not read its state) and so are the tag rows (contacts' trigger
-- could not find its tags). So each tag row carries its contact's counted state in
-- contact_tags.counted (0 not live, 1 active, 2 former, 3 other live), and tag_counts is kept
-- from contact_tags' own transition tables alone: an insert adds its rows' states, an update
-- moves them, a delete (direct or by cascade) subtracts the states its old rows carry.
-- The copy is kept equal to the contact's state by (a) a row trigger that reads the contact when
-- a tag row is inserted, (b) contacts' update trigger, which rewrites the tag rows of contacts
-- whose state moved, and (c) the insert trigger, for tag rows written in the same statement as
-- their contact but before it (a data-modifying CTE the query does not read runs after the query
-- itself, so the row trigger cannot see that contact yet).
CREATE OR REPLACE FUNCTION contact_tag_state(deleted_at timestamptz, status text, is_former boolean)
RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN deleted_at IS NOT NULL THEN 0 WHEN is_former THEN 2 WHEN status = 'active' THEN 1
               ELSE 3 END)::smallint
$$;
--> statement-breakpoint
-- Contacts written before this migration.
UPDATE contact_tags ct SET counted = contact_tag_state(c.deleted_at, c.status, c.is_former)
FROM contacts c
WHERE c.organization_id = ct.organization_id AND c.id = ct.contact_id
  AND ct.counted <> contact_tag_state(c.deleted_at, c.status, c.is_former);
--> statement-breakpoint
INSERT INTO tag_counts (organization_id, tag_id, active, former, total)
SELECT organization_id, tag_id, count(*) FILTER (WHERE counted = 1), count(*) FILTER (WHERE counted = 2),
       count(*)
FROM contact_tags WHERE counted <> 0 GROUP BY organization_id, tag_id;
--> statement-breakpoint
-- Whatever the writer puts in `counted`, the row takes its contact's state. A contact not visible
-- yet (inserted later in the same statement) gives 0, which the insert trigger then corrects.
-- FOR SHARE waits for a concurrent transaction that is changing the contact's state (and makes
-- a later one wait for this one): without it, a tag added while another transaction moves the
-- contact would copy the old state, and that transaction's trigger would not see the new row.
CREATE OR REPLACE FUNCTION contact_tags_set_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.counted := coalesce((
    SELECT contact_tag_state(c.deleted_at, c.status, c.is_former) FROM contacts c
    WHERE c.organization_id = NEW.organization_id AND c.id = NEW.contact_id FOR SHARE), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The deltas of one statement go in one upsert, one row per tag, taken in key order so that two
-- statements over the same tags lock their counts in the same order (no deadlock).
CREATE OR REPLACE FUNCTION tag_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT organization_id, tag_id, count(*) FILTER (WHERE counted = 1), count(*) FILTER (WHERE counted = 2),
         count(*)
  FROM new_rows WHERE counted <> 0
  GROUP BY organization_id, tag_id ORDER BY organization_id, tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  -- Rows that got 0 may belong to a contact the row trigger could not see yet; every row must end
  -- with its contact's state, and the update trigger counts the correction.
  IF EXISTS (SELECT 1 FROM new_rows WHERE counted = 0) THEN
    UPDATE contact_tags ct SET counted = contact_tag_state(c.deleted_at, c.status, c.is_former)
    FROM new_rows n
    JOIN contacts c ON c.organization_id = n.organization_id AND c.id = n.contact_id
    WHERE n.counted = 0 AND ct.organization_id = n.organization_id AND ct.contact_id = n.contact_id
      AND ct.tag_id = n.tag_id AND ct.counted <> contact_tag_state(c.deleted_at, c.status, c.is_former);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tag_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT organization_id, tag_id, sum(active), sum(former), sum(total)
  FROM (
    SELECT organization_id, tag_id, (counted = 1)::int AS active, (counted = 2)::int AS former,
           (counted <> 0)::int AS total
    FROM new_rows
    UNION ALL
    SELECT organization_id, tag_id, -(counted = 1)::int, -(counted = 2)::int, -(counted <> 0)::int
    FROM old_rows
  ) d
  GROUP BY organization_id, tag_id
  HAVING sum(active) <> 0 OR sum(former) <> 0 OR sum(total) <> 0
  ORDER BY organization_id, tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A delete only lowers the counts of tags that still exist: when a tag (or its organisation) is
-- deleted, its count row goes by cascade and must not come back.
CREATE OR REPLACE FUNCTION tag_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT d.organization_id, d.tag_id, -d.active, -d.former, -d.total
  FROM (
    SELECT organization_id, tag_id, count(*) FILTER (WHERE counted = 1)::int AS active,
           count(*) FILTER (WHERE counted = 2)::int AS former, count(*)::int AS total
    FROM old_rows WHERE counted <> 0 GROUP BY organization_id, tag_id
  ) d
  WHERE EXISTS (SELECT 1 FROM tags t WHERE t.organization_id = d.organization_id AND t.id = d.tag_id)
  ORDER BY d.organization_id, d.tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- contact_counts' update trigger (migrations 0003, 0015) also keeps the tag rows' copy: a contact
-- whose counted state moved rewrites `counted` on its tag rows. It still leaves first when no
-- updated row moves its live state, status, former flag or payment status (a check-in's Last
-- Attended, a rename), so those updates cost what they cost before.
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
--> statement-breakpoint
CREATE TRIGGER contact_tags_counted BEFORE INSERT OR UPDATE OF organization_id, contact_id ON contact_tags
  FOR EACH ROW EXECUTE FUNCTION contact_tags_set_counted();
--> statement-breakpoint
CREATE TRIGGER contact_tags_counts_insert AFTER INSERT ON contact_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER contact_tags_counts_update AFTER UPDATE ON contact_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER contact_tags_counts_delete AFTER DELETE ON contact_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_delete();
