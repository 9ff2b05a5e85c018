CREATE TABLE "contact_shifts" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"shifts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_shifts_organization_id_contact_id_week_start_pk" PRIMARY KEY("organization_id","contact_id","week_start"),
	CONSTRAINT "contact_shifts_sunday_ck" CHECK (extract(dow from "contact_shifts"."week_start") = 0)
);
--> statement-breakpoint
CREATE TABLE "import_job_rows" (
	"organization_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"outcome" text,
	"reason" text,
	"match_contact_id" uuid,
	"match_row" integer,
	CONSTRAINT "import_job_rows_organization_id_job_id_row_no_pk" PRIMARY KEY("organization_id","job_id","row_no"),
	CONSTRAINT "import_job_rows_outcome_ck" CHECK ("import_job_rows"."outcome" in ('duplicate', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"source" text DEFAULT 'json' NOT NULL,
	"file_name" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "import_jobs_status_ck" CHECK ("import_jobs"."status" in ('processing', 'success', 'failed')),
	CONSTRAINT "import_jobs_source_ck" CHECK ("import_jobs"."source" in ('csv', 'json')),
	CONSTRAINT "import_jobs_progress_ck" CHECK ("import_jobs"."processed" between 0 and "import_jobs"."total")
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payment_cards_last4_ck" CHECK ("payment_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_cards_exp_month_ck" CHECK ("payment_cards"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_organization_id_contact_id_provider_pk" PRIMARY KEY("organization_id","contact_id","provider")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_cards" (
	"organization_id" uuid NOT NULL,
	"id" text NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"holder_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_cards_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "sandbox_payment_cards_last4_ck" CHECK ("sandbox_payment_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_customers" (
	"organization_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text,
	"email" text,
	"default_card_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payment_customers_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "contact_shifts" ADD CONSTRAINT "contact_shifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_shifts" ADD CONSTRAINT "contact_shifts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_shifts" ADD CONSTRAINT "contact_shifts_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_organization_id_job_id_import_jobs_organization_id_id_fk" FOREIGN KEY ("organization_id","job_id") REFERENCES "public"."import_jobs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_cards" ADD CONSTRAINT "sandbox_payment_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_cards" ADD CONSTRAINT "sandbox_payment_cards_organization_id_customer_id_sandbox_payment_customers_organization_id_id_fk" FOREIGN KEY ("organization_id","customer_id") REFERENCES "public"."sandbox_payment_customers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_customers" ADD CONSTRAINT "sandbox_payment_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_shifts_org_week_idx" ON "contact_shifts" USING btree ("organization_id","week_start","contact_id");--> statement-breakpoint
CREATE INDEX "import_job_rows_refused_idx" ON "import_job_rows" USING btree ("organization_id","job_id","row_no") WHERE "import_job_rows"."outcome" is not null;--> statement-breakpoint
CREATE INDEX "import_jobs_open_idx" ON "import_jobs" USING btree ("created_at") WHERE "import_jobs"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "import_jobs_org_created_idx" ON "import_jobs" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_provider_card_uq" ON "payment_cards" USING btree ("organization_id","provider","provider_card_id");--> statement-breakpoint
CREATE INDEX "payment_cards_org_contact_idx" ON "payment_cards" USING btree ("organization_id","contact_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_default_uq" ON "payment_cards" USING btree ("organization_id","contact_id") WHERE "payment_cards"."is_default";--> statement-breakpoint
CREATE INDEX "sandbox_payment_cards_customer_idx" ON "sandbox_payment_cards" USING btree ("organization_id","customer_id","created_at");