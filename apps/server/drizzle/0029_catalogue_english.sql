ALTER TABLE "agreement_versions" ADD COLUMN "text_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD COLUMN "display_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD COLUMN "options_en" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_categories" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_fee_items" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_packs" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_packs" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "small_equipment_stock" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address_en" text DEFAULT '' NOT NULL;