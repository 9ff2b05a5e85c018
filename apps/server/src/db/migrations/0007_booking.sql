CREATE TABLE "booking_group_types" (
	"organization_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"booking_type_id" uuid NOT NULL,
	CONSTRAINT "booking_group_types_organization_id_group_id_booking_type_id_pk" PRIMARY KEY("organization_id","group_id","booking_type_id")
);
--> statement-breakpoint
CREATE TABLE "booking_groups" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"slug" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_groups_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "booking_slots" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"booking_type_id" uuid NOT NULL,
	"schedule_id" uuid,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"type" text DEFAULT 'class' NOT NULL,
	"capacity" integer,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"attended_slots" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_slots_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "booking_slots_type_ck" CHECK ("booking_slots"."type" in ('class', 'other')),
	CONSTRAINT "booking_slots_attended_ck" CHECK ("booking_slots"."attended_slots" >= 0),
	CONSTRAINT "booking_slots_capacity_ck" CHECK ("booking_slots"."booked_count" >= 0 and ("booking_slots"."capacity" is null or "booking_slots"."booked_count" <= "booking_slots"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "booking_types" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"program_name" text,
	"color" text DEFAULT 'Default' NOT NULL,
	"kind" text DEFAULT 'class' NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_types_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "booking_types_kind_ck" CHECK ("booking_types"."kind" in ('class', 'other'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"slot_id" uuid,
	"booking_type_id" uuid NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"attend_date" timestamp with time zone,
	"type" text DEFAULT 'class' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"notes" text,
	"source" text DEFAULT 'admin' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "bookings_status_ck" CHECK ("bookings"."status" in ('booked', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "bookings_type_ck" CHECK ("bookings"."type" in ('class', 'other'))
);
--> statement-breakpoint
CREATE TABLE "class_schedules" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"booking_type_id" uuid NOT NULL,
	"days_of_week" smallint[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"capacity" integer,
	"from_date" date NOT NULL,
	"until_date" date,
	"type" text DEFAULT 'class' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"generated_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_schedules_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "class_schedules_type_ck" CHECK ("class_schedules"."type" in ('class', 'other'))
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color_name" text DEFAULT 'Default' NOT NULL,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"organization_id" uuid NOT NULL,
	"week_start" smallint DEFAULT 0 NOT NULL,
	"slot_duration_minutes" integer DEFAULT 30 NOT NULL,
	"day_start_time" text DEFAULT '06:00' NOT NULL,
	"day_end_time" text DEFAULT '22:00' NOT NULL,
	"default_view" text DEFAULT 'timeGridWeek' NOT NULL,
	"default_capacity" integer,
	"public_booking_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_settings_organization_id_pk" PRIMARY KEY("organization_id")
);
--> statement-breakpoint
CREATE TABLE "theme_settings" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text NOT NULL,
	"color" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "theme_settings_organization_id_kind_pk" PRIMARY KEY("organization_id","kind"),
	CONSTRAINT "theme_settings_kind_ck" CHECK ("theme_settings"."kind" in ('booking', 'self-check-in')),
	CONSTRAINT "theme_settings_type_ck" CHECK ("theme_settings"."type" in ('solid', 'gradient'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"paired_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "booking_group_types" ADD CONSTRAINT "booking_group_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_group_types" ADD CONSTRAINT "booking_group_types_organization_id_group_id_booking_groups_organization_id_id_fk" FOREIGN KEY ("organization_id","group_id") REFERENCES "public"."booking_groups"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_group_types" ADD CONSTRAINT "booking_group_types_organization_id_booking_type_id_booking_types_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_type_id") REFERENCES "public"."booking_types"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_organization_id_booking_type_id_booking_types_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_type_id") REFERENCES "public"."booking_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_organization_id_schedule_id_class_schedules_organization_id_id_fk" FOREIGN KEY ("organization_id","schedule_id") REFERENCES "public"."class_schedules"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_types" ADD CONSTRAINT "booking_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_contact_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_slot_id_booking_slots_organization_id_id_fk" FOREIGN KEY ("organization_id","slot_id") REFERENCES "public"."booking_slots"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_booking_type_id_booking_types_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_type_id") REFERENCES "public"."booking_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_organization_id_booking_type_id_booking_types_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_type_id") REFERENCES "public"."booking_types"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_settings" ADD CONSTRAINT "theme_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_group_types_type_idx" ON "booking_group_types" USING btree ("organization_id","booking_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_groups_org_slug_uq" ON "booking_groups" USING btree ("organization_id","slug");--> statement-breakpoint
CREATE INDEX "booking_groups_slug_idx" ON "booking_groups" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "booking_slots_org_date_idx" ON "booking_slots" USING btree ("organization_id","date","start_time") WHERE "booking_slots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "booking_slots_org_starts_idx" ON "booking_slots" USING btree ("organization_id","starts_at") WHERE "booking_slots"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_slots_schedule_day_uq" ON "booking_slots" USING btree ("organization_id","schedule_id","date") WHERE "booking_slots"."schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_slots_type_idx" ON "booking_slots" USING btree ("organization_id","booking_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_slot_contact_uq" ON "bookings" USING btree ("organization_id","slot_id","contact_id") WHERE not "bookings"."is_deleted";--> statement-breakpoint
CREATE INDEX "bookings_org_start_idx" ON "bookings" USING btree ("organization_id","start_date") WHERE not "bookings"."is_deleted";--> statement-breakpoint
CREATE INDEX "bookings_org_contact_idx" ON "bookings" USING btree ("organization_id","contact_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_org_type_idx" ON "bookings" USING btree ("organization_id","booking_type_id");--> statement-breakpoint
CREATE INDEX "class_schedules_type_idx" ON "class_schedules" USING btree ("organization_id","booking_type_id");--> statement-breakpoint
CREATE INDEX "calendar_events_org_start_idx" ON "calendar_events" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_code_uq" ON "devices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "devices_org_created_idx" ON "devices" USING btree ("organization_id","created_at");