-- The order search finds a number's beginning (its day: YYYYMM, YYYYMMDD) by the day the order
-- was placed, in the list's order, and the rest of the text by trigrams (modules/orders/search.ts).
DROP INDEX "orders_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_tail_trgm_idx" ON "orders" USING gin ((substr("order_number", 2) || ' ' || "customer_name" || ' ' || "customer_phone") gin_trgm_ops);