-- Last Attended moves from contacts to contact_attendance (one row per contact). Every kiosk
-- check-in writes it, and on contacts that write was an update that could not be HOT (the list's
-- Last Attended index holds the column) and so inserted into all 21 indexes of contacts, the
-- trigram ones included: about a third of the database time of a check-in. The narrow table has
-- two indexes. Rows are made with their contacts by a statement trigger and go with them by
-- cascade, so the list's Last Attended order stays one index walk. Counts over the narrow table
-- subtract the few soft-deleted contacts, found by their own partial index.
-- Writers of contacts wait until this migration commits, so the copy below misses nobody.
LOCK TABLE contacts IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE TABLE "contact_attendance" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"last_attended_at" timestamp with time zone,
	CONSTRAINT "contact_attendance_organization_id_contact_id_pk" PRIMARY KEY("organization_id","contact_id")
);
--> statement-breakpoint
INSERT INTO contact_attendance (organization_id, contact_id, last_attended_at)
SELECT organization_id, id, last_attended_at FROM contacts;
--> statement-breakpoint
DROP INDEX "contacts_org_attended_idx";--> statement-breakpoint
ALTER TABLE "contact_attendance" ADD CONSTRAINT "contact_attendance_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_org_deleted_idx" ON "contacts" USING btree ("organization_id") WHERE "contacts"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "contact_attendance_org_last_idx" ON "contact_attendance" USING btree ("organization_id",coalesce("last_attended_at", '-infinity'::timestamptz) desc,"contact_id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "last_attended_at";
--> statement-breakpoint
-- A new contact's row, whoever writes the contact (the API, imports, other modules, seeds). A
-- writer that already made the row in the same statement keeps its value.
CREATE OR REPLACE FUNCTION contacts_attendance_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_attendance (organization_id, contact_id)
  SELECT organization_id, id FROM new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_attendance_insert AFTER INSERT ON contacts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contacts_attendance_insert();
