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

CREATE OR REPLACE TRIGGER staff_members_sort_name BEFORE INSERT OR UPDATE OF contact_id ON staff_members
FOR EACH ROW EXECUTE FUNCTION staff_members_sort_name();
