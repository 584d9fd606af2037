-- Turning two-step on keeps the person's own workspace (decision 241): a company session and a
-- hand-over code remember which personal session asked for them, so the session that just proved the
-- new factor keeps its workspaces while every other one ends. Older rows stay null and end as before.
ALTER TABLE "company_handoff_codes" ADD COLUMN "personal_token_hash" text;--> statement-breakpoint
ALTER TABLE "company_sessions" ADD COLUMN "personal_token_hash" text;
