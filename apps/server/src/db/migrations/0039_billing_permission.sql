-- Money has its own permission resource, billing (read: invoices, cards and contracts; write:
-- create invoices and contracts, charge a card; update: mark paid, forfeit, freeze; delete:
-- refund, delete). Every organisation's plan grants it in full, so the admin and primary
-- account roles (which take the plan's rules) keep every money power; other roles get it only
-- when an admin grants it.
UPDATE "organizations"
SET "permissions" = "permissions" || '[{"resource":"billing","read":true,"write":true,"update":true,"delete":true}]'::jsonb
WHERE jsonb_typeof("permissions") = 'array'
  AND NOT "permissions" @> '[{"resource":"billing"}]'::jsonb;
