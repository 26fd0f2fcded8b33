-- A rate card may hold its own deposit (issue 60): a junior card's is lower than the gear's.
ALTER TABLE "rate_cards" ADD COLUMN "deposit_fen" integer;