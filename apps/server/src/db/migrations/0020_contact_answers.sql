-- Contact answers kept by the database (contact_answers.body): a list page read 100 stored JSON
-- texts instead of building them from contacts, their tags, type, stage, lead source and rank,
-- which was most of its database time (2.0 ms of 2.4 per page at a million contacts).
--
-- contact_attendance becomes contact_answers (renamed in place: its million rows stay where they
-- are) and gains `body` (the answer as JSON text, every field but lastAttendedAt, which readers
-- add from `last_attended_at` beside it) and `epoch`. A body is fresh when its epoch equals the
-- organisation's (contact_answer_epochs; no row is epoch 0); readers build a stale or missing one
-- afresh with contact_answer_bodies(), the one definition of the answer, and the refresher
-- (contact-answers-refresher.ts) rewrites it in the background.
--
-- Who writes a body, and why it stays right under concurrent writers:
-- - A statement that changes contacts or their tag links rewrites the bodies of those contacts in
--   the same transaction (contact_answers_write): it first locks their answer rows, then builds
--   the bodies in a later statement, whose snapshot sees every change committed by then. Any
--   transaction that changed one of those contacts and has not committed yet will itself rewrite
--   the body after taking the same lock, so after ours: the last body written sees every change.
-- - More than 2,000 contacts in one statement are marked stale instead (epoch -1), so a bulk
--   action does not build 100,000 bodies while the user waits.
-- - Renaming a tag, contact type, stage, lead source, rank or rank category moves the
--   organisation's epoch on (contact_answers_bump): every body of it is stale at once, in the same
--   transaction as the rename, and nothing is rewritten while the user waits.
-- - The refresher locks stale rows with SKIP LOCKED (never waiting for a writer), rebuilds them in
--   a later statement, and marks the organisation refreshed only while it holds the epoch row.
-- A change to the answer's shape is a new migration that replaces contact_answer_bodies() and
-- moves every organisation's epoch on.
-- Writers of contacts wait until this migration commits, so nothing is written in between.
LOCK TABLE contacts IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "contact_answer_epochs" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"epoch" integer DEFAULT 1 NOT NULL,
	"refreshed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_answer_epochs" ADD CONSTRAINT "contact_answer_epochs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_attendance" RENAME TO "contact_answers";
--> statement-breakpoint
ALTER TABLE "contact_answers" RENAME CONSTRAINT "contact_attendance_contact_fk" TO "contact_answers_contact_fk";
--> statement-breakpoint
ALTER TABLE "contact_answers" RENAME CONSTRAINT "contact_attendance_organization_id_contact_id_pk" TO "contact_answers_organization_id_contact_id_pk";
--> statement-breakpoint
ALTER INDEX "contact_attendance_org_last_idx" RENAME TO "contact_answers_org_last_idx";
--> statement-breakpoint
ALTER TABLE "contact_answers" ADD COLUMN "epoch" integer DEFAULT -1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_answers" ADD COLUMN "body" text;
--> statement-breakpoint
DROP TRIGGER IF EXISTS contacts_attendance_insert ON contacts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS contacts_attendance_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_answer_epoch(p_org uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT e.epoch FROM contact_answer_epochs e WHERE e.organization_id = p_org), 0)
$$;
--> statement-breakpoint
-- The answer of each listed contact of one organisation (ContactAnswer in
-- packages/shared/src/contracts/contacts.ts, lastAttendedAt aside), as JSON text. A contact's tags
-- come in name order; each tag link looks its tag up.
CREATE OR REPLACE FUNCTION contact_answer_bodies(p_org uuid, p_ids uuid[])
RETURNS TABLE (contact_id uuid, body text) LANGUAGE sql STABLE AS $$
  SELECT c.id, row_to_json(r)::text
  FROM contacts c
  LEFT JOIN contact_types ct ON ct.organization_id = c.organization_id AND ct.id = c.contact_type_id
  LEFT JOIN stages st ON st.organization_id = c.organization_id AND st.id = c.stage_id
  LEFT JOIN lead_sources ls ON ls.organization_id = c.organization_id AND ls.id = c.lead_source_id
  CROSS JOIN LATERAL (SELECT
    c.id AS "_id", c.full_name AS "fullName", c.first_name AS "firstName", c.last_name AS "lastName",
    c.email, c.phone, c.photo, c.status, c.is_former AS "isFormer",
    c.contact_type_id AS "contactTypeId",
    (SELECT row_to_json(x) FROM (SELECT ct.id AS "_id", ct.name, ct.type WHERE ct.id IS NOT NULL) x) AS "contactType",
    c.stage_id AS "stageId",
    (SELECT row_to_json(x) FROM (SELECT st.id AS "_id", st.name WHERE st.id IS NOT NULL) x) AS stage,
    c.lead_source_id AS "leadSourceId",
    (SELECT row_to_json(x) FROM (SELECT ls.id AS "_id", ls.name WHERE ls.id IS NOT NULL) x) AS "leadSource",
    c.rank_id AS "rankId",
    CASE WHEN c.rank_id IS NULL THEN NULL ELSE (SELECT row_to_json(x) FROM (
       SELECT r.id AS "_id", r.name AS "rankName", r.image AS "rankImage", r.category_id AS "categoryId",
         rc.name AS "categoryName"
       FROM client_ranks r
       JOIN rank_categories rc ON rc.organization_id = r.organization_id AND rc.id = r.category_id
       WHERE r.organization_id = c.organization_id AND r.id = c.rank_id) x) END AS "currentRank",
    coalesce((
      SELECT json_agg(x ORDER BY lower(x.name), x."_id") FROM (
        SELECT t.id AS "_id", t.name, t.color
        FROM contact_tags ctg CROSS JOIN LATERAL (
          SELECT t.id, t.name, t.color FROM tags t
          WHERE t.organization_id = ctg.organization_id AND t.id = ctg.tag_id OFFSET 0) t
        WHERE ctg.organization_id = c.organization_id AND ctg.contact_id = c.id) x
    ), '[]'::json) AS tags,
    c.punch_id AS "punchId", c.billing_address AS "billingAddress",
    to_char(c.birthday, 'YYYY-MM-DD') AS birthday,
    to_char(c.last_contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastContactedAt",
    c.payment_status AS "paymentStatus", c.plan, c.stop_sms AS "stopSms",
    coalesce(c.custom_fields, '{}'::jsonb) AS "customFields", c.user_id AS "userId", c.created_by AS "createdBy",
    to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") r
  WHERE c.organization_id = p_org AND c.id = ANY (p_ids)
$$;
--> statement-breakpoint
-- Every body of these organisations becomes stale, in the caller's transaction; taken in key order
-- so that two callers over the same organisations queue instead of deadlocking. An organisation
-- being deleted (its rows going by cascade) has nothing left to mark.
CREATE OR REPLACE FUNCTION contact_answers_bump(p_orgs uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_answer_epochs AS e (organization_id, epoch, refreshed)
  SELECT o.id, 1, 0 FROM organizations o WHERE o.id = ANY (p_orgs) ORDER BY o.id
  ON CONFLICT (organization_id) DO UPDATE SET epoch = e.epoch + 1
$$;
--> statement-breakpoint
-- Some bodies of this organisation were marked stale: the refresher has work there.
CREATE OR REPLACE FUNCTION contact_answers_need_refresh(p_org uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_answer_epochs AS e (organization_id, epoch, refreshed)
  SELECT o.id, 0, -1 FROM organizations o WHERE o.id = p_org
  ON CONFLICT (organization_id) DO UPDATE SET refreshed = least(e.refreshed, e.epoch - 1)
  WHERE e.refreshed > e.epoch - 1
$$;
--> statement-breakpoint
-- Builds and stores the bodies of these contacts of one organisation at its current epoch. The
-- caller holds their answer rows already (contact_answers_write, the refresher): built in this
-- later statement, the bodies see every change committed before the locks were taken.
CREATE OR REPLACE FUNCTION contact_answers_store(p_org uuid, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE contact_answers a SET body = b.body, epoch = contact_answer_epoch(p_org)
  FROM contact_answer_bodies(p_org, p_ids) b
  WHERE a.organization_id = p_org AND a.contact_id = b.contact_id
$$;
--> statement-breakpoint
-- Rewrites the bodies of these contacts of one organisation (existing rows; see the header for the
-- lock-then-build order), or marks them stale when there are too many to build now.
CREATE OR REPLACE FUNCTION contact_answers_write(p_org uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  marked integer;
BEGIN
  IF cardinality(p_ids) > 2000 THEN
    UPDATE contact_answers SET epoch = -1
    WHERE organization_id = p_org AND contact_id = ANY (p_ids) AND epoch <> -1;
    GET DIAGNOSTICS marked = ROW_COUNT;
    IF marked > 0 THEN
      PERFORM contact_answers_need_refresh(p_org);
    END IF;
    RETURN;
  END IF;
  PERFORM 1 FROM contact_answers
  WHERE organization_id = p_org AND contact_id = ANY (p_ids)
  ORDER BY contact_id FOR NO KEY UPDATE;
  PERFORM contact_answers_store(p_org, p_ids);
END $$;
--> statement-breakpoint
-- New contacts get their row with their body (or, more than 2,000 at once, a stale row). A writer
-- that made the row in the same statement (a seed with Last Attended) keeps its Last Attended.
CREATE OR REPLACE FUNCTION contact_answers_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT organization_id, array_agg(id ORDER BY id) AS ids FROM new_rows GROUP BY organization_id LOOP
    IF cardinality(g.ids) > 2000 THEN
      INSERT INTO contact_answers (organization_id, contact_id)
      SELECT g.organization_id, unnest(g.ids) ON CONFLICT DO NOTHING;
      PERFORM contact_answers_need_refresh(g.organization_id);
    ELSE
      INSERT INTO contact_answers AS a (organization_id, contact_id, epoch, body)
      SELECT g.organization_id, b.contact_id, contact_answer_epoch(g.organization_id), b.body
      FROM contact_answer_bodies(g.organization_id, g.ids) b
      ON CONFLICT (organization_id, contact_id) DO UPDATE SET epoch = excluded.epoch, body = excluded.body;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_insert AFTER INSERT ON contacts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_insert();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_answers_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT organization_id, array_agg(id ORDER BY id) AS ids FROM new_rows GROUP BY organization_id LOOP
    PERFORM contact_answers_write(g.organization_id, g.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_update AFTER UPDATE ON contacts
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_update();
--> statement-breakpoint
-- Tag links added or removed (an update that only rewrites a link's counted state moves none).
-- A contact deleted for good takes its answer row with it, so its links' cascade writes nothing.
-- A statement may only name the transition tables its event has, hence one query per event.
CREATE OR REPLACE FUNCTION contact_answers_on_tag_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved jsonb;
  g record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_array(organization_id, contact_id)) INTO moved FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(DISTINCT jsonb_build_array(organization_id, contact_id)) INTO moved FROM old_rows;
  ELSE
    SELECT jsonb_agg(DISTINCT jsonb_build_array(organization_id, contact_id)) INTO moved FROM (
      (SELECT organization_id, contact_id, tag_id FROM new_rows
       EXCEPT SELECT organization_id, contact_id, tag_id FROM old_rows)
      UNION ALL
      (SELECT organization_id, contact_id, tag_id FROM old_rows
       EXCEPT SELECT organization_id, contact_id, tag_id FROM new_rows)
    ) changed;
  END IF;
  FOR g IN
    SELECT (m ->> 0)::uuid AS organization_id, array_agg((m ->> 1)::uuid ORDER BY (m ->> 1)::uuid) AS ids
    FROM jsonb_array_elements(coalesce(moved, '[]'::jsonb)) m GROUP BY 1
  LOOP
    PERFORM contact_answers_write(g.organization_id, g.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_tag_links_insert AFTER INSERT ON contact_tags
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_tag_links_update AFTER UPDATE ON contact_tags
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_tag_links_delete AFTER DELETE ON contact_tags
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();
--> statement-breakpoint
-- A name (or colour, kind, image, category) that answers show changed: the organisation's bodies
-- go stale. The trigger's arguments name the columns that answers show. A deleted one needs
-- nothing here: the contacts or tag links that named it change, and their triggers write.
CREATE OR REPLACE FUNCTION contact_answers_on_shown_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.organization_id) INTO orgs
  FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
  WHERE EXISTS (SELECT 1 FROM unnest(TG_ARGV) k WHERE to_jsonb(n) -> k IS DISTINCT FROM to_jsonb(o) -> k);
  IF orgs IS NOT NULL THEN
    PERFORM contact_answers_bump(orgs);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_tags_change AFTER UPDATE ON tags
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'color');
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_types_change AFTER UPDATE ON contact_types
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'type');
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_stages_change AFTER UPDATE ON stages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_lead_sources_change AFTER UPDATE ON lead_sources
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_ranks_change AFTER UPDATE ON client_ranks
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'image', 'category_id');
--> statement-breakpoint
CREATE TRIGGER contact_answers_on_rank_categories_change AFTER UPDATE ON rank_categories
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');
--> statement-breakpoint
-- Every existing body is missing (epoch -1): the refresher builds them, and readers build the
-- answers they need meanwhile.
INSERT INTO contact_answer_epochs (organization_id, epoch, refreshed)
SELECT o.id, 0, -1 FROM organizations o
WHERE EXISTS (SELECT 1 FROM contact_answers a WHERE a.organization_id = o.id)
ON CONFLICT (organization_id) DO NOTHING;
