-- Company sessions say why they ended and live far shorter (issue 41 point 6, issue 36 point 2,
-- decision 243): an ended session is kept as a marker (ended_at, end_reason) until a day after it
-- would have expired, so the workspace can say why; a session lives at most 12 hours and never past
-- the personal session that opened it. Sessions opened before this keep at most 12 hours from their start.
ALTER TABLE "company_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_sessions" ADD COLUMN "end_reason" text;--> statement-breakpoint
UPDATE "company_sessions" SET "expires_at" = LEAST("expires_at", "created_at" + interval '12 hours');--> statement-breakpoint
CREATE INDEX "company_sessions_personal_token_idx" ON "company_sessions" USING btree ("personal_token_hash");
