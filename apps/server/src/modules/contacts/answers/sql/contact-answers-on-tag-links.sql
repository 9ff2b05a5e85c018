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

CREATE OR REPLACE TRIGGER contact_answers_on_tag_links_insert AFTER INSERT ON contact_tags
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();

CREATE OR REPLACE TRIGGER contact_answers_on_tag_links_update AFTER UPDATE ON contact_tags
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();

CREATE OR REPLACE TRIGGER contact_answers_on_tag_links_delete AFTER DELETE ON contact_tags
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_tag_links();
