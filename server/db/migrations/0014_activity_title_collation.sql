-- A-Z and Z-A on /activities in each language's alphabet (issue 24 point 9): ICU collations for the
-- titles, whatever the database's own collation is ("C" in PGlite orders by code point). PostgreSQL
-- with ICU data tailors Ukrainian (Ґ after Г, Ї after І); PGlite's ICU carries the root order only.
CREATE COLLATION IF NOT EXISTS "activity_title_en" (provider = icu, locale = 'en');--> statement-breakpoint
CREATE COLLATION IF NOT EXISTS "activity_title_uk" (provider = icu, locale = 'uk');--> statement-breakpoint
DROP INDEX "activities_user_title_idx";--> statement-breakpoint
DROP INDEX "activities_user_title_uk_idx";--> statement-breakpoint
CREATE INDEX "activities_user_title_idx" ON "activities" USING btree ("user_id",lower("title" collate "activity_title_en"),"id");--> statement-breakpoint
CREATE INDEX "activities_user_title_uk_idx" ON "activities" USING btree ("user_id",lower(coalesce("title_uk", "title") collate "activity_title_uk"),"id");