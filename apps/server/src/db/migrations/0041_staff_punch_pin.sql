ALTER TABLE "staff_members" ADD COLUMN "punch_pin_hash" text;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD COLUMN "require_punch_pin" boolean DEFAULT false NOT NULL;