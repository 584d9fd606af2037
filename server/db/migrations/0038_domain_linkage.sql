-- A verified domain's DID Configuration (issue 37, decision 258): when the company's
-- did-configuration.json at the domain was last checked, and why it did not link the domain to the
-- company's did:web (null when it did, or while never checked).
ALTER TABLE "company_domains" ADD COLUMN "linkage_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_domains" ADD COLUMN "linkage_failure" text;
