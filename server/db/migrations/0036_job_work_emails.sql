-- Workplace verification by work email (issue 37, decision 260): a person adds an address at the
-- verified domain of a job's company and confirms it with a code; the job then shows "work email at
-- <domain> confirmed" (never the address). One row per job (either kind); a confirmed address
-- belongs to one person. Codes live in verification_codes (purpose 'work_email').
CREATE TABLE "job_work_emails" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_work_emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"employment_id" bigint,
	"company_employment_id" bigint,
	"company_id" bigint NOT NULL,
	"email" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_work_emails_one_job" CHECK (("job_work_emails"."employment_id" is null) <> ("job_work_emails"."company_employment_id" is null))
);
--> statement-breakpoint
ALTER TABLE "job_work_emails" ADD CONSTRAINT "job_work_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_work_emails" ADD CONSTRAINT "job_work_emails_employment_id_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_work_emails" ADD CONSTRAINT "job_work_emails_company_employment_id_company_employments_id_fk" FOREIGN KEY ("company_employment_id") REFERENCES "public"."company_employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_work_emails" ADD CONSTRAINT "job_work_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_work_emails_user_idx" ON "job_work_emails" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_work_emails_employment_key" ON "job_work_emails" USING btree ("employment_id") WHERE employment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_work_emails_company_employment_key" ON "job_work_emails" USING btree ("company_employment_id") WHERE company_employment_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_work_emails_confirmed_email_key" ON "job_work_emails" USING btree ("email") WHERE confirmed_at is not null;
