ALTER TABLE "organizations" ALTER COLUMN "check_in_membership" SET DEFAULT 'warn';--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "check_in_window" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "check_in_opens_minutes" SET DEFAULT 60;