-- Price seasons (issue 60, docs/pricing.md): days a store, or every store without its own, prices
-- at a percent of its rate cards.
CREATE TABLE "price_seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"store_id" uuid,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"percent" integer NOT NULL,
	"weekend_percent" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_seasons" ADD CONSTRAINT "price_seasons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_seasons" ADD CONSTRAINT "price_seasons_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_seasons_store_idx" ON "price_seasons" USING btree ("tenant_id","store_id","from_day");--> statement-breakpoint
-- A store's seasons (or the business's, store null) never share a day, even when two are saved at
-- once (btree_gist is there for the gear's holds).
ALTER TABLE "price_seasons" ADD CONSTRAINT "price_seasons_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, (coalesce("store_id", '00000000-0000-0000-0000-000000000000'::uuid)) WITH =, daterange("from_day", "to_day", '[]') WITH &&);
