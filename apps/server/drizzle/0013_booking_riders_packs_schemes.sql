CREATE TABLE "rental_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"store_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"daily_price_fen" integer NOT NULL,
	"deposit_fen" integer NOT NULL,
	"category_ids" uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rider_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_self" boolean DEFAULT false NOT NULL,
	"height_cm" smallint,
	"weight_kg" smallint,
	"birth_year" smallint,
	"ability" text,
	"boot_size_mondopoint_mm" smallint,
	"boot_sole_length_mm" smallint,
	"stance" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"store_id" uuid NOT NULL,
	"cart" jsonb NOT NULL,
	"quote_fen" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD COLUMN "is_size" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_categories" ADD COLUMN "din_adjustable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "held_equipment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "size" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "rider_key" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "rider_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "rider" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "din_setting" double precision;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "din_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "din_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agreement_accepted_from" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "delivery_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_packs" ADD CONSTRAINT "rental_packs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_packs" ADD CONSTRAINT "rental_packs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_profiles" ADD CONSTRAINT "rider_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_profiles" ADD CONSTRAINT "rider_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_packs_tenant_store_idx" ON "rental_packs" USING btree ("tenant_id","store_id");--> statement-breakpoint
CREATE INDEX "rider_profiles_owner_idx" ON "rider_profiles" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "schemes_owner_idx" ON "schemes" USING btree ("owner_id","updated_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_held_equipment_id_equipment_id_fk" FOREIGN KEY ("held_equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pack_id_rental_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."rental_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_rider_profile_id_rider_profiles_id_fk" FOREIGN KEY ("rider_profile_id") REFERENCES "public"."rider_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_din_confirmed_by_users_id_fk" FOREIGN KEY ("din_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_held_equipment_idx" ON "order_items" USING btree ("held_equipment_id");