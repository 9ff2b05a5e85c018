ALTER TABLE "work_histories" DROP CONSTRAINT "work_histories_capture_ck";--> statement-breakpoint
ALTER TABLE "work_screenshots" DROP CONSTRAINT "work_screenshots_status_ck";--> statement-breakpoint
ALTER TABLE "work_histories" ADD CONSTRAINT "work_histories_capture_ck" CHECK ("work_histories"."capture_status" in ('off', 'sharing', 'refused', 'failed', 'stopped'));--> statement-breakpoint
ALTER TABLE "work_screenshots" ADD CONSTRAINT "work_screenshots_status_ck" CHECK ("work_screenshots"."status" in ('captured', 'refused', 'failed', 'stopped'));