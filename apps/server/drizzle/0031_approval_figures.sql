ALTER TABLE "money_approvals" ADD COLUMN "customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "money_approvals" ADD COLUMN "gear" jsonb DEFAULT '[]'::jsonb NOT NULL;