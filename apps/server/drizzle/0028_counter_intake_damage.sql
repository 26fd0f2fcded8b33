ALTER TABLE "equipment_operation_history" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_state" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivery_remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_signature_id" uuid;--> statement-breakpoint
ALTER TABLE "equipment_operation_history" ADD CONSTRAINT "equipment_operation_history_photo_id_files_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_delivery_photo_id_files_id_fk" FOREIGN KEY ("delivery_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_return_photo_id_files_id_fk" FOREIGN KEY ("return_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agreement_signature_id_files_id_fk" FOREIGN KEY ("agreement_signature_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;