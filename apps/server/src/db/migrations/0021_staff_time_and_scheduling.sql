CREATE TABLE "attendance_records" (
	"organization_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recorded_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_organization_id_shift_id_pk" PRIMARY KEY("organization_id","shift_id"),
	CONSTRAINT "attendance_records_status_ck" CHECK ("attendance_records"."status" in ('onTime', 'late', 'absent', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "employee_shifts" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"shift_name" text NOT NULL,
	"position_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"note" text,
	"removed_at" timestamp with time zone,
	"pub_contact_id" uuid,
	"pub_shift_name" text,
	"pub_position_ids" jsonb,
	"pub_start_at" timestamp with time zone,
	"pub_end_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_shifts_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "employee_shifts_end_ck" CHECK ("employee_shifts"."end_at" > "employee_shifts"."start_at")
);
--> statement-breakpoint
CREATE TABLE "sales_budgets" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"planned_sales_cents" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_budgets_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "schedule_activity" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"week_start" date,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_activity_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "schedule_weeks" (
	"organization_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_weeks_organization_id_week_start_pk" PRIMARY KEY("organization_id","week_start"),
	CONSTRAINT "schedule_weeks_status_ck" CHECK ("schedule_weeks"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "shift_pool" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"offered_by" uuid NOT NULL,
	"note" text,
	"status" text DEFAULT 'offered' NOT NULL,
	"traded_to" uuid,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_pool_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "shift_pool_status_ck" CHECK ("shift_pool"."status" in ('offered', 'traded', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "shift_pool_bids" (
	"organization_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_pool_bids_organization_id_pool_id_contact_id_pk" PRIMARY KEY("organization_id","pool_id","contact_id"),
	CONSTRAINT "shift_pool_bids_status_ck" CHECK ("shift_pool_bids"."status" in ('active', 'cancelled', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "staff_requests" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payload" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"response" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "staff_requests_kind_ck" CHECK ("staff_requests"."kind" in ('timeOff', 'reschedule')),
	CONSTRAINT "staff_requests_status_ck" CHECK ("staff_requests"."status" in ('pending', 'approved', 'denied', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "staff_categories" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_categories_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"organization_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"category_id" uuid,
	"position_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hourly_cost_cents" integer,
	"row_order" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_organization_id_contact_id_pk" PRIMARY KEY("organization_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "staff_positions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"category_id" uuid,
	"hourly_cost_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_positions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"screenshot_interval_minutes" integer DEFAULT 15 NOT NULL,
	"screenshots_enabled" boolean DEFAULT true NOT NULL,
	"auto_end_hours" integer DEFAULT 12 NOT NULL,
	"late_grace_minutes" integer DEFAULT 5 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_settings_interval_ck" CHECK ("staff_settings"."screenshot_interval_minutes" between 1 and 240),
	CONSTRAINT "staff_settings_auto_end_ck" CHECK ("staff_settings"."auto_end_hours" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "work_histories" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"shift_id" uuid,
	"shift_name" text,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"break_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rest_description" text,
	"manual" boolean DEFAULT false NOT NULL,
	"auto_ended" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"screenshot_id" uuid,
	"capture_status" text DEFAULT 'off' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_histories_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "work_histories_end_ck" CHECK ("work_histories"."end_at" is null or "work_histories"."end_at" >= "work_histories"."start_at"),
	CONSTRAINT "work_histories_capture_ck" CHECK ("work_histories"."capture_status" in ('off', 'sharing', 'refused', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "work_history_edits" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"history_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_history_edits_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "work_screenshots" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"history_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"file_key" text,
	"small_key" text,
	CONSTRAINT "work_screenshots_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "work_screenshots_status_ck" CHECK ("work_screenshots"."status" in ('captured', 'refused', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_organization_id_shift_id_employee_shifts_organization_id_id_fk" FOREIGN KEY ("organization_id","shift_id") REFERENCES "public"."employee_shifts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_shifts" ADD CONSTRAINT "employee_shifts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_shifts" ADD CONSTRAINT "employee_shifts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_shifts" ADD CONSTRAINT "employee_shifts_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_budgets" ADD CONSTRAINT "sales_budgets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_budgets" ADD CONSTRAINT "sales_budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_activity" ADD CONSTRAINT "schedule_activity_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_activity" ADD CONSTRAINT "schedule_activity_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD CONSTRAINT "schedule_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD CONSTRAINT "schedule_weeks_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool" ADD CONSTRAINT "shift_pool_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool" ADD CONSTRAINT "shift_pool_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool" ADD CONSTRAINT "shift_pool_organization_id_shift_id_employee_shifts_organization_id_id_fk" FOREIGN KEY ("organization_id","shift_id") REFERENCES "public"."employee_shifts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool" ADD CONSTRAINT "shift_pool_offered_by_fk" FOREIGN KEY ("organization_id","offered_by") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool" ADD CONSTRAINT "shift_pool_traded_to_fk" FOREIGN KEY ("organization_id","traded_to") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool_bids" ADD CONSTRAINT "shift_pool_bids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool_bids" ADD CONSTRAINT "shift_pool_bids_organization_id_pool_id_shift_pool_organization_id_id_fk" FOREIGN KEY ("organization_id","pool_id") REFERENCES "public"."shift_pool"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_pool_bids" ADD CONSTRAINT "shift_pool_bids_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_requests" ADD CONSTRAINT "staff_requests_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_categories" ADD CONSTRAINT "staff_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_positions" ADD CONSTRAINT "staff_positions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_histories" ADD CONSTRAINT "work_histories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_histories" ADD CONSTRAINT "work_histories_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_histories" ADD CONSTRAINT "work_histories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_histories" ADD CONSTRAINT "work_histories_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_history_edits" ADD CONSTRAINT "work_history_edits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_history_edits" ADD CONSTRAINT "work_history_edits_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_history_edits" ADD CONSTRAINT "work_history_edits_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_screenshots" ADD CONSTRAINT "work_screenshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_screenshots" ADD CONSTRAINT "work_screenshots_organization_id_history_id_work_histories_organization_id_id_fk" FOREIGN KEY ("organization_id","history_id") REFERENCES "public"."work_histories"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_screenshots" ADD CONSTRAINT "work_screenshots_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_shifts_org_start_idx" ON "employee_shifts" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "employee_shifts_contact_start_idx" ON "employee_shifts" USING btree ("organization_id","contact_id","start_at");--> statement-breakpoint
CREATE INDEX "employee_shifts_pub_contact_idx" ON "employee_shifts" USING btree ("organization_id","pub_contact_id","pub_start_at") WHERE "employee_shifts"."pub_contact_id" is not null;--> statement-breakpoint
CREATE INDEX "schedule_activity_org_at_idx" ON "schedule_activity" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_pool_open_offer_uq" ON "shift_pool" USING btree ("organization_id","shift_id") WHERE "shift_pool"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "staff_requests_kind_status_idx" ON "staff_requests" USING btree ("organization_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "staff_requests_span_idx" ON "staff_requests" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "staff_members_row_order_idx" ON "staff_members" USING btree ("organization_id","row_order");--> statement-breakpoint
CREATE UNIQUE INDEX "work_histories_one_open_uq" ON "work_histories" USING btree ("organization_id","contact_id") WHERE "work_histories"."end_at" is null;--> statement-breakpoint
CREATE INDEX "work_histories_contact_start_idx" ON "work_histories" USING btree ("organization_id","contact_id","start_at");--> statement-breakpoint
CREATE INDEX "work_histories_org_start_idx" ON "work_histories" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "work_histories_open_idx" ON "work_histories" USING btree ("start_at") WHERE "work_histories"."end_at" is null;--> statement-breakpoint
CREATE INDEX "work_history_edits_history_idx" ON "work_history_edits" USING btree ("organization_id","history_id","created_at");--> statement-breakpoint
CREATE INDEX "work_screenshots_history_idx" ON "work_screenshots" USING btree ("organization_id","history_id","taken_at");