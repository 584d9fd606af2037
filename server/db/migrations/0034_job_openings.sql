-- Openings (issue 38, decision 255): a company's job openings, draft → published → closed, with the
-- competencies of its set they ask for at a minimum score. Applications and stages come later and
-- point at job_openings.id.
CREATE TABLE "job_openings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_openings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text,
	"remote" boolean DEFAULT false NOT NULL,
	"employment_type" text NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text,
	"salary_period" text,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team_id" bigint,
	"closes_on" date NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_openings_status_check" CHECK ("job_openings"."status" IN ('draft', 'published', 'closed')),
	CONSTRAINT "job_openings_salary_check" CHECK ("job_openings"."salary_max" IS NULL OR "job_openings"."salary_min" IS NULL OR "job_openings"."salary_max" >= "job_openings"."salary_min")
);
--> statement-breakpoint
CREATE TABLE "job_opening_competencies" (
	"opening_id" bigint NOT NULL,
	"competency_id" bigint NOT NULL,
	"min_level" smallint NOT NULL,
	CONSTRAINT "job_opening_competencies_opening_id_competency_id_pk" PRIMARY KEY("opening_id","competency_id"),
	CONSTRAINT "job_opening_competencies_level_check" CHECK ("job_opening_competencies"."min_level" BETWEEN 1 AND 6)
);
--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_openings" ADD CONSTRAINT "job_openings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_opening_competencies" ADD CONSTRAINT "job_opening_competencies_opening_id_job_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."job_openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_opening_competencies" ADD CONSTRAINT "job_opening_competencies_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_openings_company_idx" ON "job_openings" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "job_openings_published_idx" ON "job_openings" USING btree ("closes_on") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "job_opening_competencies_competency_idx" ON "job_opening_competencies" USING btree ("competency_id");
