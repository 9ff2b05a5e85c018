ALTER TABLE "contract_freezes" ADD COLUMN "planned_bill_day" date;--> statement-breakpoint
ALTER TABLE "billing_emails" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "card_ref" text;