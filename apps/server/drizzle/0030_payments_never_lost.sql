ALTER TABLE "payment_notifications" ADD COLUMN "notification" jsonb;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_notifications_retry_idx" ON "payment_notifications" USING btree ("retry_at") WHERE "payment_notifications"."retry_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';