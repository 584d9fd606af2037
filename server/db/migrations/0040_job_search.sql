-- Finding openings on /jobs (issue 38, decision 269). Each opening keeps one folded search key (its
-- title, its company's name, its place and its skills through search_fold, migration 0029, so either
-- alphabet and the usual spellings meet), kept by a trigger on the opening and on its company's name,
-- with a trigram index over the published ones; its place and skills folded; and its salary's top per
-- year, to compare a salary minimum given per hour, day, week, month or year.
ALTER TABLE "job_openings" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The place and the skills folded once on write, so a filter compares keys instead of folding every row.
ALTER TABLE "job_openings" ADD COLUMN "location_key" text GENERATED ALWAYS AS (search_fold("location")) STORED;--> statement-breakpoint
ALTER TABLE "job_openings" ADD COLUMN "skills_key" text GENERATED ALWAYS AS (search_fold("skills"::text)) STORED;--> statement-breakpoint
ALTER TABLE "job_openings" ADD COLUMN "salary_top_yearly" bigint GENERATED ALWAYS AS (
	coalesce("salary_max", "salary_min")::bigint * CASE "salary_period"
		WHEN 'hour' THEN 2080 WHEN 'day' THEN 260 WHEN 'week' THEN 52 WHEN 'month' THEN 12 ELSE 1 END
) STORED;--> statement-breakpoint
CREATE FUNCTION job_openings_search_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_key := search_fold(concat_ws(' ',
		NEW.title,
		(SELECT c.name FROM companies c WHERE c.id = NEW.company_id),
		NEW.location,
		(SELECT string_agg(s, ' ') FROM jsonb_array_elements_text(NEW.skills) s)));
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_openings_search_key" BEFORE INSERT OR UPDATE OF "title", "location", "skills", "company_id" ON "job_openings"
	FOR EACH ROW EXECUTE FUNCTION job_openings_search_key();
--> statement-breakpoint
-- A company renamed: its openings' keys carry the new name (the trigger above recomputes them).
CREATE FUNCTION companies_job_search_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE job_openings SET title = title WHERE company_id = NEW.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_job_search_key" AFTER UPDATE OF "name" ON "companies"
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION companies_job_search_key();
--> statement-breakpoint
UPDATE "job_openings" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "job_openings_search_key_idx" ON "job_openings" USING gin ("search_key" gin_trgm_ops) WHERE "status" = 'published';--> statement-breakpoint
CREATE INDEX "job_openings_newest_idx" ON "job_openings" USING btree ("published_at" DESC, "id" DESC) WHERE "status" = 'published';
