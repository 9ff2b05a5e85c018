-- Updated contacts get their bodies rewritten in the same transaction (contact_answers_write).
CREATE OR REPLACE FUNCTION contact_answers_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  FOR g IN SELECT organization_id, array_agg(id ORDER BY id) AS ids FROM new_rows GROUP BY organization_id LOOP
    PERFORM contact_answers_write(g.organization_id, g.ids);
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_answers_on_update AFTER UPDATE ON contacts
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_update();
