-- No double booking, by construction (ARCHITECTURE.md §4): two unavailable ranges of one item
-- can never overlap. Half-open ranges, so back-to-back ranges are allowed.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "equipment_unavailable_times"
  ADD CONSTRAINT "equipment_unavailable_times_no_overlap"
  EXCLUDE USING gist ("equipment_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&);
--> statement-breakpoint
ALTER TABLE "equipment_unavailable_times"
  ADD CONSTRAINT "equipment_unavailable_times_valid_range" CHECK ("end_at" > "start_at");
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_status_valid" CHECK ("status" BETWEEN 0 AND 5);
