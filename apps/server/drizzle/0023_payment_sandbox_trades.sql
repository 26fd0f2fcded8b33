CREATE TABLE "payment_sandbox_trades" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"trade_no" text NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"refunds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
