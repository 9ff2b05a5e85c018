-- Each saved card records the provider customer it is attached to (a merge moves a duplicate's
-- cards onto the kept contact without their customer). Added nullable, backfilled, then required.
-- The backfill must see every organisation's rows: tenant tables force row-level security, which
-- binds even the owner unless it is a superuser, so it is lifted here and forced again below.
ALTER TABLE "payment_cards" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_customers" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sandbox_payment_cards" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "customer_ref" text;--> statement-breakpoint
-- Sandbox cards: the sandbox's own record names the customer that holds the card, which is right
-- even for a card a merge already moved before this column existed.
UPDATE "payment_cards" c SET "customer_ref" = s."customer_id"
  FROM "sandbox_payment_cards" s
  WHERE c."provider" = 'sandbox' AND s."organization_id" = c."organization_id" AND s."id" = c."provider_card_id";--> statement-breakpoint
-- Every other card: the provider customer of the contact that holds it (same organisation,
-- contact and provider), which is the one the card was saved under unless a merge moved it.
UPDATE "payment_cards" c SET "customer_ref" = p."customer_ref"
  FROM "payment_customers" p
  WHERE c."customer_ref" IS NULL AND p."organization_id" = c."organization_id"
    AND p."contact_id" = c."contact_id" AND p."provider" = c."provider";--> statement-breakpoint
ALTER TABLE "payment_cards" ALTER COLUMN "customer_ref" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_cards" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_customers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sandbox_payment_cards" FORCE ROW LEVEL SECURITY;
