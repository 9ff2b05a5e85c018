-- Rewrites the bodies of these contacts of one organisation (existing rows; ../README.md explains
-- the lock-then-build order), or marks them stale when there are too many to build now.
CREATE OR REPLACE FUNCTION contact_answers_write(p_org uuid, p_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  marked integer;
BEGIN
  IF cardinality(p_ids) > 2000 THEN
    UPDATE contact_answers SET epoch = -1
    WHERE organization_id = p_org AND contact_id = ANY (p_ids) AND epoch <> -1;
    GET DIAGNOSTICS marked = ROW_COUNT;
    IF marked > 0 THEN
      PERFORM contact_answers_need_refresh(p_org);
    END IF;
    RETURN;
  END IF;
  PERFORM 1 FROM contact_answers
  WHERE organization_id = p_org AND contact_id = ANY (p_ids)
  ORDER BY contact_id FOR NO KEY UPDATE;
  PERFORM contact_answers_store(p_org, p_ids);
END $$;
