-- Some bodies of this organisation were marked stale: the refresher has work there.
CREATE OR REPLACE FUNCTION contact_answers_need_refresh(p_org uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_answer_epochs AS e (organization_id, epoch, refreshed)
  SELECT o.id, 0, -1 FROM organizations o WHERE o.id = p_org
  ON CONFLICT (organization_id) DO UPDATE SET refreshed = least(e.refreshed, e.epoch - 1)
  WHERE e.refreshed > e.epoch - 1
$$;
