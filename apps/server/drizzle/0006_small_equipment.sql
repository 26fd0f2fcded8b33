CREATE TABLE "small_equipment_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stock_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "small_equipment_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '件' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "small_equipment_store_name_unique" UNIQUE("tenant_id","store_id","name")
);
--> statement-breakpoint
ALTER TABLE "small_equipment_movements" ADD CONSTRAINT "small_equipment_movements_stock_id_small_equipment_stock_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."small_equipment_stock"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_equipment_movements" ADD CONSTRAINT "small_equipment_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_equipment_stock" ADD CONSTRAINT "small_equipment_stock_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "small_equipment_stock" ADD CONSTRAINT "small_equipment_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "small_equipment_movements_stock_idx" ON "small_equipment_movements" USING btree ("stock_id","created_at");
