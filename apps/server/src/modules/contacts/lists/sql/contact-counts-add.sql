-- Contact counts (active, former, past due, total) kept current by statement-level triggers on
-- contacts, in the same transaction as every insert, update and delete, whoever writes the row
-- (the contacts module, sign-up, imports, other modules). Reading them is then one primary-key
-- lookup instead of a count over the contacts table. Definitions, over live rows
-- (deleted_at is null): active = status 'active' and not a former member; former = is_former;
-- past_due = payment_status 'past_due'; total = every live contact.
-- One statement touches the counts row once, however many contacts it changes, and a statement
-- that moves no count (renaming a contact) does not touch it at all.
CREATE OR REPLACE FUNCTION contact_counts_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contact_counts AS cc (organization_id, active, former, past_due, total)
  SELECT (d->>'organization_id')::uuid, (d->>'active')::int, (d->>'former')::int,
         (d->>'past_due')::int, (d->>'total')::int
  FROM jsonb_array_elements(deltas) d
  WHERE (d->>'active')::int <> 0 OR (d->>'former')::int <> 0 OR (d->>'past_due')::int <> 0
     OR (d->>'total')::int <> 0
  ON CONFLICT (organization_id) DO UPDATE
  SET active = cc.active + excluded.active, former = cc.former + excluded.former,
      past_due = cc.past_due + excluded.past_due, total = cc.total + excluded.total;
$$;
