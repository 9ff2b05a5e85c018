-- Written by `npm run db:sql` from the source files of the functions and triggers it changes:
--   apps/server/src/modules/staff/settings/sql/staff-contact-renamed.sql
--   apps/server/src/modules/staff/settings/sql/staff-members-sort-name.sql
-- Edit those files and run it again rather than these statements (data changes that go with
-- them, such as moving the answer epochs on, may be added below).
-- A contact's new name moves its staff record in the roster's name order (staff_members.sort_name).
CREATE OR REPLACE FUNCTION staff_contact_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_members SET sort_name = lower(NEW.full_name)
   WHERE organization_id = NEW.organization_id AND contact_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A staff record's sort_name is lower(full_name) of its contact, set whenever the record is
-- written or moved to another contact (a merge): the roster is read in name order a page at a
-- time down an index, without looking up every contact of the schedule.
CREATE OR REPLACE FUNCTION staff_members_sort_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sort_name := coalesce(
    (SELECT lower(c.full_name) FROM contacts c
      WHERE c.organization_id = NEW.organization_id AND c.id = NEW.contact_id),
    '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER staff_contact_renamed AFTER UPDATE OF full_name ON contacts
FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION staff_contact_renamed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER staff_members_sort_name BEFORE INSERT OR UPDATE OF contact_id ON staff_members
FOR EACH ROW EXECUTE FUNCTION staff_members_sort_name();
