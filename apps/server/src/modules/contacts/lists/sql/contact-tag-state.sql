-- How the counts stay right when a contact is deleted for good: the foreign key deletes its tag
-- rows by cascade, and by the time any statement-level trigger runs, the contact row is gone
-- (contact_tags' trigger could not read its state) and so are the tag rows (contacts' trigger
-- could not find its tags). So each tag row carries its contact's counted state in
-- contact_tags.counted (0 not live, 1 active, 2 former, 3 other live), and tag_counts is kept
-- from contact_tags' own transition tables alone: an insert adds its rows' states, an update
-- moves them, a delete (direct or by cascade) subtracts the states its old rows carry.
-- The copy is kept equal to the contact's state by (a) a row trigger that reads the contact when
-- a tag row is inserted, (b) contacts' update trigger, which rewrites the tag rows of contacts
-- whose state moved, and (c) the insert trigger, for tag rows written in the same statement as
-- their contact but before it (a data-modifying CTE the query does not read runs after the query
-- itself, so the row trigger cannot see that contact yet).
CREATE OR REPLACE FUNCTION contact_tag_state(deleted_at timestamptz, status text, is_former boolean)
RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN deleted_at IS NOT NULL THEN 0 WHEN is_former THEN 2 WHEN status = 'active' THEN 1
               ELSE 3 END)::smallint
$$;
