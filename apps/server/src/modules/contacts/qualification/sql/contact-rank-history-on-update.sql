-- A contact's rank changed by an update: the history gets the new rank, reached now.
CREATE OR REPLACE FUNCTION contact_rank_history_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_rank_history (organization_id, id, contact_id, rank_id, reached_at)
  VALUES (NEW.organization_id, gen_random_uuid(), NEW.id, NEW.rank_id, now());
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contacts_rank_history_update AFTER UPDATE OF rank_id ON contacts
  FOR EACH ROW WHEN (OLD.rank_id IS DISTINCT FROM NEW.rank_id)
  EXECUTE FUNCTION contact_rank_history_on_update();
