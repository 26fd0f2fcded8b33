ALTER TABLE "order_items" ADD COLUMN "pickup_state" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pickup_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pickup_remarks" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_driver_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_photo_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_signature_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_recipient" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pickup_photo_id_files_id_fk" FOREIGN KEY ("pickup_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_driver_id_users_id_fk" FOREIGN KEY ("delivery_driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_driver_id_users_id_fk" FOREIGN KEY ("pickup_driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_photo_id_files_id_fk" FOREIGN KEY ("delivery_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_signature_id_files_id_fk" FOREIGN KEY ("delivery_signature_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;