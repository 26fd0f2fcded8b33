ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
CREATE INDEX "orders_agent_idx" ON "orders" USING btree ("tenant_id","agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_referral_code_unique" ON "users" USING btree ("tenant_id","referral_code");