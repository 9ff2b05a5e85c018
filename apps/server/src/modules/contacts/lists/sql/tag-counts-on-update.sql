-- Moves the tag counts by the counted states one update of tag rows changed (see
-- contact-tag-state.sql), one upsert per statement, in key order.
CREATE OR REPLACE FUNCTION tag_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tag_counts AS tc (organization_id, tag_id, active, former, total)
  SELECT organization_id, tag_id, sum(active), sum(former), sum(total)
  FROM (
    SELECT organization_id, tag_id, (counted = 1)::int AS active, (counted = 2)::int AS former,
           (counted <> 0)::int AS total
    FROM new_rows
    UNION ALL
    SELECT organization_id, tag_id, -(counted = 1)::int, -(counted = 2)::int, -(counted <> 0)::int
    FROM old_rows
  ) d
  GROUP BY organization_id, tag_id
  HAVING sum(active) <> 0 OR sum(former) <> 0 OR sum(total) <> 0
  ORDER BY organization_id, tag_id
  ON CONFLICT (organization_id, tag_id) DO UPDATE
  SET active = tc.active + excluded.active, former = tc.former + excluded.former,
      total = tc.total + excluded.total;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER contact_tags_counts_update AFTER UPDATE ON contact_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tag_counts_on_update();
