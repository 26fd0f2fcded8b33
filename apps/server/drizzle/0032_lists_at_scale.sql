DROP INDEX "equipment_tenant_category_idx";--> statement-breakpoint
CREATE INDEX "equipment_store_list_idx" ON "equipment" USING btree ("tenant_id","store_id","category_id","name","barcode_number");--> statement-breakpoint
CREATE INDEX "orders_out_created_idx" ON "orders" USING btree ("tenant_id","store_id","created_at","order_number","rental_end_at") WHERE "orders"."status" in (4, 5);--> statement-breakpoint
CREATE INDEX "orders_self_return_idx" ON "orders" USING btree ("tenant_id","store_id","created_at","order_number") WHERE "orders"."status" = 7 and "orders"."self_return_at" is not null;--> statement-breakpoint
CREATE INDEX "equipment_tenant_category_idx" ON "equipment" USING btree ("tenant_id","category_id","name","barcode_number");