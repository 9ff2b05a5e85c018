CREATE TABLE "billing_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"retry_days" smallint[] DEFAULT '{1,3,7}'::smallint[] NOT NULL,
	"fee_enabled" boolean DEFAULT false NOT NULL,
	"fee_basis_points" integer DEFAULT 0 NOT NULL,
	"fee_title" text DEFAULT 'Card processing fee' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_freezes" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	"thawed_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_freezes_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contract_freezes_days_ck" CHECK ("contract_freezes"."end_day" is null or "contract_freezes"."end_day" > "contract_freezes"."start_day")
);
--> statement-breakpoint
CREATE TABLE "billing_emails" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"tries" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "billing_emails_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"attempt" smallint,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_of" uuid,
	"provider" text,
	"provider_ref" text,
	"card_id" uuid,
	"card_label" text,
	"failure_code" text,
	"failure_message" text,
	"reason" text,
	"idempotency_key" text,
	"request_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_payments_kind_ck" CHECK ("invoice_payments"."kind" in ('charge', 'refund')),
	CONSTRAINT "invoice_payments_method_ck" CHECK ("invoice_payments"."method" in ('cash', 'card', 'bank_transfer', 'other')),
	CONSTRAINT "invoice_payments_status_ck" CHECK ("invoice_payments"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "invoice_payments_source_ck" CHECK ("invoice_payments"."source" in ('auto', 'staff', 'member', 'provider')),
	CONSTRAINT "invoice_payments_amount_ck" CHECK ("invoice_payments"."amount_cents" > 0 and "invoice_payments"."fee_cents" >= 0),
	CONSTRAINT "invoice_payments_refunded_ck" CHECK ("invoice_payments"."refunded_cents" >= 0 and "invoice_payments"."refunded_cents" <= "invoice_payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_authorizations" (
	"organization_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"text" text NOT NULL,
	"card_label" text,
	"signer_name" text NOT NULL,
	"signature_png" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_by" uuid,
	CONSTRAINT "payment_authorizations_organization_id_contract_id_pk" PRIMARY KEY("organization_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_charges" (
	"organization_id" uuid NOT NULL,
	"id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_charges_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "sandbox_payment_charges_refunded_ck" CHECK ("sandbox_payment_charges"."refunded_cents" between 0 and "sandbox_payment_charges"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_refunds" (
	"organization_id" uuid NOT NULL,
	"id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_refunds_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD COLUMN "sign_up_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD COLUMN "anchor_day" date;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD COLUMN "next_bill_day" date;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "auto_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "attempt_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "failed_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "last_failure_code" text;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "last_failure_message" text;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD COLUMN "charging_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_payment_cards" ADD COLUMN "charge_outcome" text DEFAULT 'succeed' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_freezes" ADD CONSTRAINT "contract_freezes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_freezes" ADD CONSTRAINT "contract_freezes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_freezes" ADD CONSTRAINT "contract_freezes_organization_id_contract_id_contact_contracts_organization_id_id_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contact_contracts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_emails" ADD CONSTRAINT "billing_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_emails" ADD CONSTRAINT "billing_emails_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_invoice_id_contact_invoices_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."contact_invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_organization_id_contract_id_contact_contracts_organization_id_id_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contact_contracts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorizations" ADD CONSTRAINT "payment_authorizations_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_charges" ADD CONSTRAINT "sandbox_payment_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_refunds" ADD CONSTRAINT "sandbox_payment_refunds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_refunds" ADD CONSTRAINT "sandbox_payment_refunds_organization_id_charge_id_sandbox_payment_charges_organization_id_id_fk" FOREIGN KEY ("organization_id","charge_id") REFERENCES "public"."sandbox_payment_charges"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_freezes_org_contract_idx" ON "contract_freezes" USING btree ("organization_id","contract_id","start_day");--> statement-breakpoint
CREATE INDEX "contract_freezes_open_end_idx" ON "contract_freezes" USING btree ("end_day") WHERE "contract_freezes"."thawed_on" is null and "contract_freezes"."end_day" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_emails_dedupe_uq" ON "billing_emails" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "billing_emails_org_created_idx" ON "billing_emails" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_emails_org_contact_idx" ON "billing_emails" USING btree ("organization_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_emails_unsent_idx" ON "billing_emails" USING btree ("created_at") WHERE "billing_emails"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_idempotency_uq" ON "invoice_payments" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_request_uq" ON "invoice_payments" USING btree ("organization_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_provider_ref_uq" ON "invoice_payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "invoice_payments_org_invoice_idx" ON "invoice_payments" USING btree ("organization_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_org_created_idx" ON "invoice_payments" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_pending_idx" ON "invoice_payments" USING btree ("created_at") WHERE "invoice_payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_charges_key_uq" ON "sandbox_payment_charges" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_refunds_key_uq" ON "sandbox_payment_refunds" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "contact_contracts_next_bill_idx" ON "contact_contracts" USING btree ("next_bill_day") WHERE "contact_contracts"."status" = 'active' and "contact_contracts"."next_bill_day" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_invoices_contract_period_uq" ON "contact_invoices" USING btree ("organization_id","contract_id","period_start") WHERE "contact_invoices"."period_start" is not null;--> statement-breakpoint
CREATE INDEX "contact_invoices_next_attempt_idx" ON "contact_invoices" USING btree ("next_attempt_at") WHERE "contact_invoices"."status" = 'due' and "contact_invoices"."next_attempt_at" is not null;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD CONSTRAINT "contact_contracts_fee_ck" CHECK ("contact_contracts"."sign_up_fee_cents" >= 0);--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD CONSTRAINT "contact_invoices_paid_ck" CHECK ("contact_invoices"."refunded_cents" >= 0 and "contact_invoices"."refunded_cents" <= "contact_invoices"."paid_cents");--> statement-breakpoint
UPDATE "contact_invoices" SET "paid_cents" = "amount_cents" WHERE "status" IN ('paid', 'refund');--> statement-breakpoint
UPDATE "contact_invoices" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refund';--> statement-breakpoint
UPDATE "contact_contracts" k SET "next_bill_day" = (
  SELECT min(x.d) FROM (
    SELECT n, (k.start_date + CASE k.billing_interval
        WHEN 'weekly' THEN make_interval(days => 7 * n)
        WHEN 'monthly' THEN make_interval(months => n)
        ELSE make_interval(years => n) END)::date AS d
    FROM generate_series(0, greatest(0, current_date - k.start_date) / 7 + 2) AS n
  ) x
  WHERE (x.d > current_date OR (x.n = 0 AND x.d >= current_date))
    AND (k.end_date IS NULL OR x.d <= k.end_date))
WHERE k.status = 'active' AND k.billing_interval <> 'one_time';--> statement-breakpoint
UPDATE "contact_contracts" SET "next_bill_day" = "start_date"
WHERE "status" = 'active' AND "billing_interval" = 'one_time' AND "start_date" >= current_date
  AND ("end_date" IS NULL OR "start_date" <= "end_date");
