ALTER TABLE "idempotent_requests" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Answers kept before this held sign-in tokens in clear, under keys any anonymous caller could send.
DELETE FROM "idempotent_requests";
