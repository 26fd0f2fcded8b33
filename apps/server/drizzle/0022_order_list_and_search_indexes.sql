-- The order search's trigram index needs pg_trgm (a trusted extension: the database's owner may
-- create it; PGlite loads it in db/client.ts). drizzle-kit writes no CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "order_items_open_equipment_idx" ON "order_items" USING btree ("equipment_id") WHERE "order_items"."return_state" is null;--> statement-breakpoint
CREATE INDEX "orders_store_created_idx" ON "orders" USING btree ("tenant_id","store_id","created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_store_status_created_idx" ON "orders" USING btree ("tenant_id","store_id","status","created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_store_start_idx" ON "orders" USING btree ("tenant_id","store_id","rental_start_at");--> statement-breakpoint
CREATE INDEX "orders_sweep_idx" ON "orders" USING btree ("status","rental_start_at") WHERE "orders"."status" in (0, 1, 4);--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("order_number" || ' ' || "customer_name" || ' ' || "customer_phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_chars_idx" ON "orders" USING gin (string_to_array(lower(("order_number" || ' ' || "customer_name" || ' ' || "customer_phone")), null));