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

CREATE OR REPLACE TRIGGER contact_answers_on_insert AFTER INSERT ON contacts
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_insert();
