DROP INDEX "staff_members_row_order_idx";--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "staff_members" m SET "sort_name" = lower(c."full_name") FROM "contacts" c WHERE c."organization_id" = m."organization_id" AND c."id" = m."contact_id";--> statement-breakpoint
CREATE INDEX "staff_members_sort_name_idx" ON "staff_members" USING btree ("organization_id","sort_name","contact_id");--> statement-breakpoint
CREATE INDEX "staff_members_row_order_idx" ON "staff_members" USING btree ("organization_id","row_order","sort_name");