-- Applications (issue 38, decision 262): a person's application to an opening, one per person and
-- opening, with its stage in the company's pipeline, an optional cover note and document; the
-- company's own notes on it. Withdrawing or closing the account deletes the application.
CREATE TABLE "job_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"opening_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"stage" text DEFAULT 'applied' NOT NULL,
	"cover_note" text,
	"document_file_id" bigint,
	"stage_changed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_stage_check" CHECK ("job_applications"."stage" IN ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "job_application_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_application_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"application_id" bigint NOT NULL,
	"author_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_opening_id_job_openings_id_fk" FOREIGN KEY ("opening_id") REFERENCES "public"."job_openings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_document_file_id_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_opening_user_key" ON "job_applications" USING btree ("opening_id","user_id");--> statement-breakpoint
CREATE INDEX "job_applications_user_idx" ON "job_applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_opening_stage_idx" ON "job_applications" USING btree ("opening_id","stage");--> statement-breakpoint
CREATE INDEX "job_application_notes_application_idx" ON "job_application_notes" USING btree ("application_id","id");
