ALTER TABLE "booking_slots" ADD COLUMN "instructor_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_types" ADD COLUMN "instructor_id" uuid;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD COLUMN "instructor_id" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "check_in_membership" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "check_in_window" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "check_in_opens_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "check_in_closes_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_slots" ADD CONSTRAINT "booking_slots_organization_id_instructor_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","instructor_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_types" ADD CONSTRAINT "booking_types_organization_id_instructor_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","instructor_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_schedules" ADD CONSTRAINT "class_schedules_organization_id_instructor_id_contacts_organization_id_id_fk" FOREIGN KEY ("organization_id","instructor_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_slots_instructor_idx" ON "booking_slots" USING btree ("organization_id","instructor_id") WHERE "booking_slots"."instructor_id" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_check_in_membership_ck" CHECK ("organizations"."check_in_membership" in ('off', 'warn', 'refuse'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_check_in_window_ck" CHECK ("organizations"."check_in_opens_minutes" between 0 and 1440 and "organizations"."check_in_closes_minutes" between 0 and 1440);