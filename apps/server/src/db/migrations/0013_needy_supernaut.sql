CREATE TABLE "contact_contracts" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"amount_cents" integer NOT NULL,
	"billing_interval" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_contracts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contact_contracts_amount_ck" CHECK ("contact_contracts"."amount_cents" >= 0),
	CONSTRAINT "contact_contracts_interval_ck" CHECK ("contact_contracts"."billing_interval" in ('one_time', 'weekly', 'monthly', 'yearly')),
	CONSTRAINT "contact_contracts_status_ck" CHECK ("contact_contracts"."status" in ('active', 'frozen', 'cancelled', 'expired')),
	CONSTRAINT "contact_contracts_dates_ck" CHECK ("contact_contracts"."end_date" is null or "contact_contracts"."end_date" >= "contact_contracts"."start_date")
);
--> statement-breakpoint
CREATE TABLE "contact_invoices" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"contract_id" uuid,
	"number" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_method" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contact_invoices_amount_ck" CHECK ("contact_invoices"."amount_cents" > 0),
	CONSTRAINT "contact_invoices_status_ck" CHECK ("contact_invoices"."status" in ('due', 'paid', 'forfeit', 'refund')),
	CONSTRAINT "contact_invoices_method_ck" CHECK ("contact_invoices"."payment_method" is null or "contact_invoices"."payment_method" in ('cash', 'card', 'bank_transfer', 'other'))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_rank_history" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"rank_id" uuid,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_rank_history_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "client_ranks" ADD COLUMN "classes_required" integer;--> statement-breakpoint
ALTER TABLE "client_ranks" ADD COLUMN "min_days_in_rank" integer;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD CONSTRAINT "contact_contracts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD CONSTRAINT "contact_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_contracts" ADD CONSTRAINT "contact_contracts_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD CONSTRAINT "contact_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD CONSTRAINT "contact_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD CONSTRAINT "contact_invoices_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_invoices" ADD CONSTRAINT "contact_invoices_contract_fk" FOREIGN KEY ("organization_id","contract_id") REFERENCES "public"."contact_contracts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_rank_history" ADD CONSTRAINT "contact_rank_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_rank_history" ADD CONSTRAINT "contact_rank_history_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_contracts_org_contact_idx" ON "contact_contracts" USING btree ("organization_id","contact_id","start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contact_contracts_open_end_idx" ON "contact_contracts" USING btree ("end_date") WHERE "contact_contracts"."status" in ('active', 'frozen') and "contact_contracts"."end_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_invoices_org_number_uq" ON "contact_invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "contact_invoices_org_contact_idx" ON "contact_invoices" USING btree ("organization_id","contact_id","due_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contact_invoices_org_contract_idx" ON "contact_invoices" USING btree ("organization_id","contract_id") WHERE "contact_invoices"."contract_id" is not null;--> statement-breakpoint
CREATE INDEX "contact_invoices_due_idx" ON "contact_invoices" USING btree ("due_date") WHERE "contact_invoices"."status" = 'due';--> statement-breakpoint
CREATE INDEX "contact_rank_history_org_contact_idx" ON "contact_rank_history" USING btree ("organization_id","contact_id","reached_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "client_ranks" ADD CONSTRAINT "client_ranks_classes_required_ck" CHECK ("client_ranks"."classes_required" is null or "client_ranks"."classes_required" >= 0);--> statement-breakpoint
ALTER TABLE "client_ranks" ADD CONSTRAINT "client_ranks_min_days_ck" CHECK ("client_ranks"."min_days_in_rank" is null or "client_ranks"."min_days_in_rank" >= 0);--> statement-breakpoint
-- Rank history: when a contact reached each rank, whoever changed contacts.rank_id (the contact
-- form, imports, merges, bulk creation, other modules). Inserts are recorded per statement (the
-- transition table is shared with the counts trigger, so a 100,000-row import adds one insert);
-- updates only fire when rank_id is in the SET list and actually changes. The contact's own
-- created_at dates a rank given at creation (seeded and imported contacts keep theirs).
CREATE OR REPLACE FUNCTION contact_rank_history_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_rank_history (organization_id, id, contact_id, rank_id, reached_at)
  SELECT organization_id, gen_random_uuid(), id, rank_id, created_at
  FROM new_rows WHERE rank_id IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_rank_history_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_rank_history (organization_id, id, contact_id, rank_id, reached_at)
  VALUES (NEW.organization_id, gen_random_uuid(), NEW.id, NEW.rank_id, now());
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contacts_rank_history_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_rank_history_on_insert();
--> statement-breakpoint
CREATE TRIGGER contacts_rank_history_update AFTER UPDATE OF rank_id ON contacts
  FOR EACH ROW WHEN (OLD.rank_id IS DISTINCT FROM NEW.rank_id)
  EXECUTE FUNCTION contact_rank_history_on_update();
--> statement-breakpoint
-- Ranks given before this migration: the best date known is when the contact was added.
INSERT INTO contact_rank_history (organization_id, id, contact_id, rank_id, reached_at)
SELECT organization_id, gen_random_uuid(), id, rank_id, created_at
FROM contacts WHERE rank_id IS NOT NULL;
