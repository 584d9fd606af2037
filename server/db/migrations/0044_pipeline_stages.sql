-- The company's own pipeline stages (decision 279): each company keeps its stages in a table of its
-- own, in the order it chose. The built-in keys keep their meaning (applied is the start; offer, hired
-- and rejected keep their behaviour and their place at the end); screening and interview, and stages
-- the company adds, sit between applied and offer, may be renamed, reordered and removed. A name of
-- null reads as the built-in stage's translated name. Every company gets the six built-in stages when it
-- is made (a trigger, so every way of making a company does it) and every existing one gets them here;
-- each application's stage is one of its company's stages (a foreign key instead of the checked list),
-- so a stage that still holds applications cannot be removed.
CREATE TABLE "pipeline_stages" (
	"company_id" bigint NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_stages_company_id_key_pk" PRIMARY KEY("company_id","key"),
	CONSTRAINT "pipeline_stages_key_check" CHECK ("pipeline_stages"."key" ~ '^[a-z][a-z0-9_]{0,31}$'),
	CONSTRAINT "pipeline_stages_name_check" CHECK ("pipeline_stages"."name" IS NULL OR char_length("pipeline_stages"."name") BETWEEN 1 AND 40),
	CONSTRAINT "pipeline_stages_named_check" CHECK ("pipeline_stages"."key" IN ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected') OR "pipeline_stages"."name" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "pipeline_stages_for_new_company"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "pipeline_stages" ("company_id", "key", "position")
  VALUES (NEW."id", 'applied', 0), (NEW."id", 'screening', 1), (NEW."id", 'interview', 2),
         (NEW."id", 'offer', 1000), (NEW."id", 'hired', 1001), (NEW."id", 'rejected', 1002)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "companies_pipeline_stages" AFTER INSERT ON "companies"
FOR EACH ROW EXECUTE FUNCTION "pipeline_stages_for_new_company"();--> statement-breakpoint
INSERT INTO "pipeline_stages" ("company_id", "key", "position")
SELECT c."id", s."key", s."position"
FROM "companies" c
CROSS JOIN (VALUES ('applied', 0), ('screening', 1), ('interview', 2), ('offer', 1000), ('hired', 1001), ('rejected', 1002)) AS s("key", "position");--> statement-breakpoint
ALTER TABLE "job_applications" DROP CONSTRAINT "job_applications_stage_check";--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_company_stage_fk" FOREIGN KEY ("company_id","stage") REFERENCES "public"."pipeline_stages"("company_id","key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_company_stage_idx" ON "job_applications" USING btree ("company_id","stage");
