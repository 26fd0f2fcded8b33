ALTER TABLE "help_articles" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "not_helpful_count" integer DEFAULT 0 NOT NULL;