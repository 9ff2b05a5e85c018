-- Kiosk check-ins counted per class in up to 16 rows (one per database connection's shard) beside
-- the class's own counters, so concurrent check-ins into one class do not queue on its row lock
-- (each waited for the previous one's commit to reach the disk). See slot-tallies.tables.ts.
CREATE TABLE "booking_slot_tallies" (
	"organization_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_slot_tallies_organization_id_slot_id_shard_pk" PRIMARY KEY("organization_id","slot_id","shard"),
	CONSTRAINT "booking_slot_tallies_counts_ck" CHECK ("booking_slot_tallies"."attended" >= 0 and "booking_slot_tallies"."booked" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_slot_tallies" ADD CONSTRAINT "booking_slot_tallies_slot_fk" FOREIGN KEY ("organization_id","slot_id") REFERENCES "public"."booking_slots"("organization_id","id") ON DELETE cascade ON UPDATE no action;