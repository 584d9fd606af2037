-- Ratings of applicants (issue 38, decision 271): each owner or admin of the company may rate an
-- application 1–5 once (changed in place, cleared by deleting the row); the pipeline shows the average,
-- the count and the reader's own. Company-only: never in the applicant's answers. Deleted with the
-- application (withdrawn, account closed) and with the member's account.
-- The conversation per application (decision 271): messages between the company's owners and admins
-- and the applicant, each with its side; deleted with the application. A member's account closed
-- keeps their messages with no author (the company's side still says who spoke: the company).
CREATE TABLE "job_application_ratings" (
	"application_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"rating" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_application_ratings_application_id_user_id_pk" PRIMARY KEY("application_id","user_id"),
	CONSTRAINT "job_application_ratings_rating_check" CHECK ("job_application_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "job_application_ratings" ADD CONSTRAINT "job_application_ratings_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_ratings" ADD CONSTRAINT "job_application_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "job_application_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_application_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"author_id" bigint,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_application_messages_side_check" CHECK ("job_application_messages"."side" IN ('company', 'applicant'))
);
--> statement-breakpoint
ALTER TABLE "job_application_messages" ADD CONSTRAINT "job_application_messages_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_messages" ADD CONSTRAINT "job_application_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_messages_application_idx" ON "job_application_messages" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "job_application_messages_author_idx" ON "job_application_messages" USING btree ("author_id","created_at");
