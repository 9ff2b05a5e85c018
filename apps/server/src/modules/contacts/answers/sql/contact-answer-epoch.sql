-- The organisation's answer epoch: a stored body is fresh when it was written at this epoch (no
-- row is epoch 0). How stored answers stay right: ../README.md.
CREATE OR REPLACE FUNCTION contact_answer_epoch(p_org uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT e.epoch FROM contact_answer_epochs e WHERE e.organization_id = p_org), 0)
$$;
