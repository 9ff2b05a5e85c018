-- Rank history: when a contact reached each rank, whoever changed contacts.rank_id (the contact
-- form, imports, merges, bulk creation, other modules). Inserts are recorded per statement (the
-- transition table is shared with the counts trigger, so a 100,000-row import adds one insert);
-- updates only fire when rank_id is in the SET list and actually changes. The contact's own
-- created_at dates a rank given at creation (seeded and imported contacts keep theirs).
CREATE OR REPLACE FUNCTION contact_rank_history_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_rank_history (organization_id, id, contact_id, rank_id, reached_at)
  SELECT organization_id, gen_random_uuid(), id, rank_id, created_at
  FROM new_rows WHERE rank_id IS NOT NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contacts_rank_history_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_rank_history_on_insert();
