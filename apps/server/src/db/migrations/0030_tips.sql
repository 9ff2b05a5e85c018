CREATE TABLE "daily_tips" (
	"organization_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"day" date NOT NULL,
	"card_tips_cents" integer NOT NULL,
	"cash_tips_cents" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_tips_organization_id_location_id_day_pk" PRIMARY KEY("organization_id","location_id","day"),
	CONSTRAINT "daily_tips_cents_ck" CHECK ("daily_tips"."card_tips_cents" >= 0 and "daily_tips"."cash_tips_cents" >= 0),
	CONSTRAINT "daily_tips_source_ck" CHECK ("daily_tips"."source" in ('manual', 'pos'))
);
--> statement-breakpoint
CREATE TABLE "tip_locations" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_locations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "tip_pool_locations" (
	"organization_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	CONSTRAINT "tip_pool_locations_organization_id_location_id_pk" PRIMARY KEY("organization_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "tip_pool_roles" (
	"organization_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"points_hundredths" integer,
	"share_hundredths" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_pool_roles_organization_id_pool_id_position_id_pk" PRIMARY KEY("organization_id","pool_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "tip_pools" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"day_shifts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_pools_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tip_pools_basis_ck" CHECK ("tip_pools"."basis" in ('hours', 'points', 'equal'))
);
--> statement-breakpoint
CREATE TABLE "tip_role_settings" (
	"organization_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"shares_tips" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_role_settings_organization_id_position_id_pk" PRIMARY KEY("organization_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "tip_share_paid" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"day" date NOT NULL,
	"pool_id" uuid NOT NULL,
	"pool_name" text NOT NULL,
	"basis" text NOT NULL,
	"contact_id" uuid,
	"role_name" text DEFAULT '' NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"card_tips_cents" integer NOT NULL,
	"cash_tips_cents" integer NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tip_share_paid_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "daily_tips" ADD CONSTRAINT "daily_tips_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_tips" ADD CONSTRAINT "daily_tips_organization_id_location_id_tip_locations_organization_id_id_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."tip_locations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_locations" ADD CONSTRAINT "tip_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_locations" ADD CONSTRAINT "tip_pool_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_locations" ADD CONSTRAINT "tip_pool_locations_organization_id_location_id_tip_locations_organization_id_id_fk" FOREIGN KEY ("organization_id","location_id") REFERENCES "public"."tip_locations"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_locations" ADD CONSTRAINT "tip_pool_locations_organization_id_pool_id_tip_pools_organization_id_id_fk" FOREIGN KEY ("organization_id","pool_id") REFERENCES "public"."tip_pools"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_roles" ADD CONSTRAINT "tip_pool_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_roles" ADD CONSTRAINT "tip_pool_roles_organization_id_pool_id_tip_pools_organization_id_id_fk" FOREIGN KEY ("organization_id","pool_id") REFERENCES "public"."tip_pools"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pool_roles" ADD CONSTRAINT "tip_pool_roles_organization_id_position_id_staff_positions_organization_id_id_fk" FOREIGN KEY ("organization_id","position_id") REFERENCES "public"."staff_positions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_pools" ADD CONSTRAINT "tip_pools_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_role_settings" ADD CONSTRAINT "tip_role_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_role_settings" ADD CONSTRAINT "tip_role_settings_organization_id_position_id_staff_positions_organization_id_id_fk" FOREIGN KEY ("organization_id","position_id") REFERENCES "public"."staff_positions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_share_paid" ADD CONSTRAINT "tip_share_paid_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_share_paid" ADD CONSTRAINT "tip_share_paid_organization_id_run_id_payroll_runs_organization_id_id_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."payroll_runs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_tips_org_day_idx" ON "daily_tips" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "tip_pool_locations_pool_idx" ON "tip_pool_locations" USING btree ("organization_id","pool_id");--> statement-breakpoint
CREATE INDEX "tip_pools_org_created_idx" ON "tip_pools" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tip_share_paid_day_idx" ON "tip_share_paid" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "tip_share_paid_run_idx" ON "tip_share_paid" USING btree ("organization_id","run_id");