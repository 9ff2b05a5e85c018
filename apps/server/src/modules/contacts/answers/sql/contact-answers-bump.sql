-- Every body of these organisations becomes stale, in the caller's transaction; taken in key order
-- so that two callers over the same organisations queue instead of deadlocking. An organisation
-- being deleted (its rows going by cascade) has nothing left to mark.
CREATE OR REPLACE FUNCTION contact_answers_bump(p_orgs uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_answer_epochs AS e (organization_id, epoch, refreshed)
  SELECT o.id, 1, 0 FROM organizations o WHERE o.id = ANY (p_orgs) ORDER BY o.id
  ON CONFLICT (organization_id) DO UPDATE SET epoch = e.epoch + 1
$$;
