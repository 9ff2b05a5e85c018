-- The deltas of one statement go in one upsert, one row per tag, taken in key order so that two
-- statements over the same tags lock their counts in the same order (no deadlock).
CREATE OR REPLACE FUNCTION tag_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT organization_id, tag_id, count(*) FILTER (WHERE counted = 1), count(*) FILTER (WHERE counted = 2),
         count(*)
  FROM new_rows WHERE counted <> 0
  GROUP BY organization_id, tag_id ORDER BY organization_id, tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  -- Rows that got 0 may belong to a contact the row trigger could not see yet; every row must end
  -- with its contact's state, and the update trigger counts the correction.
  IF EXISTS (SELECT 1 FROM new_rows WHERE counted = 0) THEN
    UPDATE contact_tags ct SET counted = contact_tag_state(c.deleted_at, c.status, c.is_former)
    FROM new_rows n
    JOIN contacts c ON c.organization_id = n.organization_id AND c.id = n.contact_id
    WHERE n.counted = 0 AND ct.organization_id = n.organization_id AND ct.contact_id = n.contact_id
      AND ct.tag_id = n.tag_id AND ct.counted <> contact_tag_state(c.deleted_at, c.status, c.is_former);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_tags_counts_insert AFTER INSERT ON contact_tags
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_insert();
