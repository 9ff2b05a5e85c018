-- A contact's new name moves its staff record in the roster's name order (staff_members.sort_name).
CREATE OR REPLACE FUNCTION staff_contact_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE staff_members SET sort_name = lower(NEW.full_name)
   WHERE organization_id = NEW.organization_id AND contact_id = NEW.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER staff_contact_renamed AFTER UPDATE OF full_name ON contacts
FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION staff_contact_renamed();
