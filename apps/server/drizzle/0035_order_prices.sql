-- Orders keep the prices they were made with (issue 60): each line its rent and its share of the
-- rate card it was priced on, each order the seasons it was priced on; extensions and late days
-- read these. Null on older orders: daily price × days, every day at 100 %.
ALTER TABLE "order_items" ADD COLUMN "rent_fen" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "rate_card" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing_calendar" jsonb;