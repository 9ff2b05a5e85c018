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

CREATE OR REPLACE TRIGGER contact_tags_counted BEFORE INSERT OR UPDATE OF organization_id, contact_id ON contact_tags
  FOR EACH ROW EXECUTE FUNCTION contact_tags_set_counted();
