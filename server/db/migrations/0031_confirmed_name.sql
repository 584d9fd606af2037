-- The name a company confirmed with a verified job (issue 37, decision 256): a credential and the
-- verified CV carry it, not whatever the person types later, until the company confirms again.
-- Jobs verified before this keep the name their person has today, the best record there is.
ALTER TABLE "company_employments" ADD COLUMN "confirmed_name" text;--> statement-breakpoint
UPDATE "company_employments" ce SET "confirmed_name" = nullif(trim(concat_ws(' ', p."first_name", p."last_name")), '')
  FROM "profiles" p WHERE p."user_id" = ce."user_id";
