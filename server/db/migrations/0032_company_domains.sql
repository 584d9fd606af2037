-- A company's domains and their proof of control (issue 37, decision 248): punycode names, the token a
-- TXT record or a file must hold, what the last check found, and the grace period's start. One verified
-- row per name; the service keeps a name's subdomains with one company too.
CREATE TABLE "company_domains" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_domains_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_dns_failure" text,
	"last_http_failure" text,
	"failing_since" timestamp with time zone,
	"lapsed_at" timestamp with time zone,
	"lapse_reason" text,
	"taken_by_company_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_domains_status_check" CHECK ("status" IN ('pending', 'verified', 'lapsed')),
	CONSTRAINT "company_domains_method_check" CHECK ("method" IS NULL OR "method" IN ('dns', 'http', 'demo'))
);
--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_domains" ADD CONSTRAINT "company_domains_taken_by_company_id_companies_id_fk" FOREIGN KEY ("taken_by_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_domains_company_domain_key" ON "company_domains" USING btree ("company_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "company_domains_verified_domain_key" ON "company_domains" USING btree ("domain") WHERE status = 'verified';--> statement-breakpoint
CREATE INDEX "company_domains_recheck_idx" ON "company_domains" USING btree ("status","last_checked_at");
