-- Builds and stores the bodies of these contacts of one organisation at its current epoch. The
-- caller holds their answer rows already (contact_answers_write, the refresher): built in this
-- later statement, the bodies see every change committed before the locks were taken.
CREATE OR REPLACE FUNCTION contact_answers_store(p_org uuid, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE contact_answers a SET body = b.body, epoch = contact_answer_epoch(p_org)
  FROM contact_answer_bodies(p_org, p_ids) b
  WHERE a.organization_id = p_org AND a.contact_id = b.contact_id
$$;
