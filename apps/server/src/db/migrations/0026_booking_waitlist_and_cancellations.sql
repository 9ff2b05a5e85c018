CREATE TABLE "booking_waitlist" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"promoted_at" timestamp with time zone,
	"booking_id" uuid,
	"left_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_waitlist_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "booking_waitlist_status_ck" CHECK ("booking_waitlist"."status" in ('waiting', 'promoted', 'left'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD COLUMN "cancel_cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_slot_fk" FOREIGN KEY ("organization_id","slot_id") REFERENCES "public"."booking_slots"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_waitlist" ADD CONSTRAINT "booking_waitlist_contact_fk" FOREIGN KEY ("organization_id","contact_id") REFERENCES "public"."contacts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_waitlist_waiting_uq" ON "booking_waitlist" USING btree ("organization_id","slot_id","contact_id") WHERE "booking_waitlist"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "booking_waitlist_line_idx" ON "booking_waitlist" USING btree ("organization_id","slot_id","joined_at","id") WHERE "booking_waitlist"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "booking_waitlist_contact_idx" ON "booking_waitlist" USING btree ("organization_id","contact_id");--> statement-breakpoint
CREATE INDEX "booking_waitlist_unnotified_idx" ON "booking_waitlist" USING btree ("promoted_at") WHERE "booking_waitlist"."status" = 'promoted' and "booking_waitlist"."notified_at" is null;