ALTER TABLE "payroll_runs" DROP CONSTRAINT "payroll_runs_status_ck";--> statement-breakpoint
DROP INDEX "payroll_runs_regular_period_uq";--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "paid_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "void_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_regular_period_uq" ON "payroll_runs" USING btree ("organization_id","period_start") WHERE "payroll_runs"."type" = 'regular' and "payroll_runs"."status" <> 'voided';--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_status_ck" CHECK ("payroll_runs"."status" in ('draft', 'completed', 'voided'));