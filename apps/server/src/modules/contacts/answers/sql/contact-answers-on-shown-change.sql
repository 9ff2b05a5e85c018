-- A name (or colour, kind, image, category) that answers show changed: the organisation's bodies
-- go stale. The trigger's arguments name the columns that answers show. A deleted one needs
-- nothing here: the contacts or tag links that named it change, and their triggers write.
CREATE OR REPLACE FUNCTION contact_answers_on_shown_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
BEGIN
  SELECT array_agg(DISTINCT n.organization_id) INTO orgs
  FROM new_rows n JOIN old_rows o ON o.organization_id = n.organization_id AND o.id = n.id
  WHERE EXISTS (SELECT 1 FROM unnest(TG_ARGV) k WHERE to_jsonb(n) -> k IS DISTINCT FROM to_jsonb(o) -> k);
  IF orgs IS NOT NULL THEN
    PERFORM contact_answers_bump(orgs);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_answers_on_tags_change AFTER UPDATE ON tags
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'color');

CREATE OR REPLACE TRIGGER contact_answers_on_types_change AFTER UPDATE ON contact_types
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'type');

CREATE OR REPLACE TRIGGER contact_answers_on_stages_change AFTER UPDATE ON stages
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');

CREATE OR REPLACE TRIGGER contact_answers_on_lead_sources_change AFTER UPDATE ON lead_sources
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');

CREATE OR REPLACE TRIGGER contact_answers_on_ranks_change AFTER UPDATE ON client_ranks
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name', 'image', 'category_id');

CREATE OR REPLACE TRIGGER contact_answers_on_rank_categories_change AFTER UPDATE ON rank_categories
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_answers_on_shown_change('name');
