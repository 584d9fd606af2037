-- A stage key is never given twice in a company (decision 286): every key a company's own stage had
-- is kept here, so a stage added after one was removed takes a new key, and an application, a note of
-- its history or a stale client that named the removed one can never be read as naming the new one.
-- The keys of the company's own stages today are the first ones kept.
CREATE TABLE "pipeline_stage_keys" (
	"company_id" bigint NOT NULL,
	"key" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_stage_keys_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
ALTER TABLE "pipeline_stage_keys" ADD CONSTRAINT "pipeline_stage_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "pipeline_stage_keys" ("company_id", "key", "given_at")
SELECT "company_id", "key", "created_at" FROM "pipeline_stages" WHERE "key" ~ '^custom_[0-9]+$';
