-- A delete only lowers the counts of tags that still exist: when a tag (or its organisation) is
-- deleted, its count row goes by cascade and must not come back.
CREATE OR REPLACE FUNCTION tag_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT d.organization_id, d.tag_id, -d.active, -d.former, -d.total
  FROM (
    SELECT organization_id, tag_id, count(*) FILTER (WHERE counted = 1)::int AS active,
           count(*) FILTER (WHERE counted = 2)::int AS former, count(*)::int AS total
    FROM old_rows WHERE counted <> 0 GROUP BY organization_id, tag_id
  ) d
  WHERE EXISTS (SELECT 1 FROM tags t WHERE t.organization_id = d.organization_id AND t.id = d.tag_id)
  ORDER BY d.organization_id, d.tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_tags_counts_delete AFTER DELETE ON contact_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_delete();
