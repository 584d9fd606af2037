CREATE TABLE "career_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "career_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"employment_id" bigint,
	"company_employment_id" bigint,
	"file_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "career_documents_one_job" CHECK (("career_documents"."employment_id" is null) <> ("career_documents"."company_employment_id" is null))
);
--> statement-breakpoint
CREATE TABLE "company_employments" (
	"id" bigint PRIMARY KEY DEFAULT nextval('employments_id_seq') NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"employment_id" bigint,
	"position" text,
	"team_id" bigint,
	"start_date" date NOT NULL,
	"reviewer_member_id" bigint,
	"planned_termination" date,
	"leaves_on" date,
	"final_feedback" text,
	"collaboration_assessment" text,
	"final_feedback_at" timestamp with time zone,
	"final_feedback_public" boolean DEFAULT false NOT NULL,
	"final_feedback_reply" text,
	"final_feedback_replied_at" timestamp with time zone,
	"experience_description" text,
	"technical_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"source_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competencies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"weight" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competencies_weight_positive" CHECK ("competencies"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "employment_confirmations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employment_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employment_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_review_ratings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employment_review_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"review_id" bigint NOT NULL,
	"competency_id" bigint NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employment_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "employment_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"employment_id" bigint NOT NULL,
	"reviewer_user_id" bigint,
	"reviewer_name" text NOT NULL,
	"reviewed_on" date NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "leaves_on" date;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "experience_description" text;--> statement-breakpoint
ALTER TABLE "employments" ADD COLUMN "technical_skills" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "employment_events" ADD COLUMN "employment_id" bigint;--> statement-breakpoint
ALTER TABLE "employment_events" ADD COLUMN "reviewer_name" text;--> statement-breakpoint
ALTER TABLE "career_documents" ADD CONSTRAINT "career_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_documents" ADD CONSTRAINT "career_documents_employment_id_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_documents" ADD CONSTRAINT "career_documents_company_employment_id_company_employments_id_fk" FOREIGN KEY ("company_employment_id") REFERENCES "public"."company_employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_documents" ADD CONSTRAINT "career_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_employments" ADD CONSTRAINT "company_employments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_employments" ADD CONSTRAINT "company_employments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_employments" ADD CONSTRAINT "company_employments_employment_id_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."employments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_employments" ADD CONSTRAINT "company_employments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_employments" ADD CONSTRAINT "company_employments_reviewer_member_id_company_members_id_fk" FOREIGN KEY ("reviewer_member_id") REFERENCES "public"."company_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competencies" ADD CONSTRAINT "competencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_confirmations" ADD CONSTRAINT "employment_confirmations_employment_id_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_confirmations" ADD CONSTRAINT "employment_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_confirmations" ADD CONSTRAINT "employment_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_confirmations" ADD CONSTRAINT "employment_confirmations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_review_ratings" ADD CONSTRAINT "employment_review_ratings_review_id_employment_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."employment_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_review_ratings" ADD CONSTRAINT "employment_review_ratings_competency_id_competencies_id_fk" FOREIGN KEY ("competency_id") REFERENCES "public"."competencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_reviews" ADD CONSTRAINT "employment_reviews_employment_id_company_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."company_employments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employment_reviews" ADD CONSTRAINT "employment_reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "career_documents_employment_idx" ON "career_documents" USING btree ("employment_id");--> statement-breakpoint
CREATE INDEX "career_documents_company_employment_idx" ON "career_documents" USING btree ("company_employment_id");--> statement-breakpoint
CREATE INDEX "career_documents_file_idx" ON "career_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "company_employments_user_idx" ON "company_employments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_employments_company_idx" ON "company_employments" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_employments_reviewer_idx" ON "company_employments" USING btree ("reviewer_member_id");--> statement-breakpoint
CREATE INDEX "company_employments_employment_idx" ON "company_employments" USING btree ("employment_id");--> statement-breakpoint
CREATE INDEX "competencies_company_idx" ON "competencies" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employment_confirmations_pending_key" ON "employment_confirmations" USING btree ("employment_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "employment_confirmations_company_idx" ON "employment_confirmations" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "employment_review_ratings_review_competency_key" ON "employment_review_ratings" USING btree ("review_id","competency_id");--> statement-breakpoint
CREATE INDEX "employment_review_ratings_competency_idx" ON "employment_review_ratings" USING btree ("competency_id");--> statement-breakpoint
CREATE INDEX "employment_reviews_employment_idx" ON "employment_reviews" USING btree ("employment_id","reviewed_on");--> statement-breakpoint
CREATE INDEX "employment_events_employment_idx" ON "employment_events" USING btree ("employment_id");--> statement-breakpoint
-- Hires made before this table existed become verified employments (decision 092), each named by its 'hired' event.
INSERT INTO "company_employments" ("company_id", "user_id", "position", "start_date", "source", "source_id", "created_at", "updated_at")
SELECT e."company_id", e."user_id", e."position", (e."occurred_at" AT TIME ZONE 'UTC')::date, 'migration', e."id", e."occurred_at", e."occurred_at"
FROM "employment_events" e WHERE e."kind" = 'hired';--> statement-breakpoint
UPDATE "employment_events" SET "employment_id" = ce."id" FROM "company_employments" ce WHERE ce."source" = 'migration' AND ce."source_id" = "employment_events"."id";
