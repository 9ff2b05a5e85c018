CREATE TABLE "employee_salaries" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"wage_type" text NOT NULL,
	"rate_cents" integer NOT NULL,
	"overtime_threshold_minutes" integer DEFAULT 2400 NOT NULL,
	"overtime_multiplier_pct" integer DEFAULT 150 NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_salaries_organization_id_contact_id_pk" PRIMARY KEY("organization_id","contact_id"),
	CONSTRAINT "employee_salaries_wage_ck" CHECK ("employee_salaries"."wage_type" in ('hourly', 'salaried', 'per_class')),
	CONSTRAINT "employee_salaries_rate_ck" CHECK ("employee_salaries"."rate_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_runs" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"idempotency_key" text,
	"note" text DEFAULT '' NOT NULL,
	"gross_cents" integer DEFAULT 0 NOT NULL,
	"card_tips_cents" integer DEFAULT 0 NOT NULL,
	"deductions_cents" integer DEFAULT 0 NOT NULL,
	"net_cents" integer DEFAULT 0 NOT NULL,
	"slip_count" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payroll_runs_type_ck" CHECK ("payroll_runs"."type" in ('regular', 'offcycle')),
	CONSTRAINT "payroll_runs_status_ck" CHECK ("payroll_runs"."status" in ('draft', 'completed')),
	CONSTRAINT "payroll_runs_period_ck" CHECK ("payroll_runs"."period_end" > "payroll_runs"."period_start")
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"organization_id" uuid NOT NULL,
	"pay_cycle" text DEFAULT 'biweekly' NOT NULL,
	"anchor_day" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_settings_organization_id_pk" PRIMARY KEY("organization_id"),
	CONSTRAINT "payroll_settings_cycle_ck" CHECK ("payroll_settings"."pay_cycle" in ('weekly', 'biweekly', 'semimonthly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "payroll_slips" (
	"organization_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"wage_type" text NOT NULL,
	"source" text NOT NULL,
	"regular_minutes" integer DEFAULT 0 NOT NULL,
	"overtime_minutes" integer DEFAULT 0 NOT NULL,
	"classes" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"rate_cents" integer NOT NULL,
	"regular_cents" integer NOT NULL,
	"overtime_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"card_tips_cents" integer NOT NULL,
	"deductions_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "payroll_slips_organization_id_run_id_contact_id_pk" PRIMARY KEY("organization_id","run_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "employee_salaries" ADD CONSTRAINT "employee_salaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_salaries" ADD CONSTRAINT "employee_salaries_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_slips" ADD CONSTRAINT "payroll_slips_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_slips" ADD CONSTRAINT "payroll_slips_organization_id_run_id_payroll_runs_organization_id_id_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."payroll_runs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_regular_period_uq" ON "payroll_runs" USING btree ("organization_id","period_start") WHERE "payroll_runs"."type" = 'regular';--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_key_uq" ON "payroll_runs" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payroll_runs_org_run_at_idx" ON "payroll_runs" USING btree ("organization_id","run_at");