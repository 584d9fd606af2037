-- Search's verified-competency filter (issue 25, decision 185): each person's best public score per
-- competency name, kept by triggers, and a trigram index to find the names that contain what was typed.
CREATE TABLE "search_competency_scores" (
	"user_id" bigint NOT NULL,
	"competency" text NOT NULL,
	"score" smallint NOT NULL,
	CONSTRAINT "search_competency_scores_user_id_competency_pk" PRIMARY KEY("user_id","competency")
);
--> statement-breakpoint
ALTER TABLE "search_competency_scores" ADD CONSTRAINT "search_competency_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_competency_scores_competency_score_idx" ON "search_competency_scores" USING btree ("competency","score","user_id");--> statement-breakpoint
CREATE INDEX "competencies_name_trgm_idx" ON "competencies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
-- Search's verified-competency filter (issue 25, decision 185): each person's best score per
-- competency name in the review rounds they show, recomputed for the people a change touches, in the
-- change's own transaction. One lock for every recompute, taken before it reads, so two writers for
-- one person never leave a score neither of them saw (review rounds are rare writes).
CREATE FUNCTION search_competency_refresh(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF uids IS NULL OR cardinality(uids) = 0 THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('search_competency_scores'));
	DELETE FROM search_competency_scores WHERE user_id = ANY(uids);
	INSERT INTO search_competency_scores (user_id, competency, score)
		SELECT ce.user_id, lower(c.name),
			max(array_position(ARRAY['na','poor','needs_improvement','satisfactory','good','excellent','exceptional']::text[], rr.rating) - 1)
		FROM company_employments ce
		JOIN employment_reviews r ON r.employment_id = ce.id AND r.is_public
		JOIN employment_review_ratings rr ON rr.review_id = r.id AND rr.rating <> 'na'
		JOIN competencies c ON c.id = rr.competency_id
		WHERE ce.user_id = ANY(uids)
		GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Ratings written, changed or removed: their people, through the round and the employment. A rating
-- removed with its round or employment is recomputed by that table's trigger below.
CREATE FUNCTION search_competency_ratings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM search_competency_refresh(ARRAY(
			SELECT DISTINCT ce.user_id FROM changed_old t
			JOIN employment_reviews r ON r.id = t.review_id JOIN company_employments ce ON ce.id = r.employment_id));
	ELSE
		PERFORM search_competency_refresh(ARRAY(
			SELECT DISTINCT ce.user_id FROM changed_new t
			JOIN employment_reviews r ON r.id = t.review_id JOIN company_employments ce ON ce.id = r.employment_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employment_review_ratings_search_insert" AFTER INSERT ON "employment_review_ratings"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_competency_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER "employment_review_ratings_search_update" AFTER UPDATE ON "employment_review_ratings"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_competency_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER "employment_review_ratings_search_delete" AFTER DELETE ON "employment_review_ratings"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_competency_ratings_changed();
--> statement-breakpoint
-- A round shown or hidden, moved to another employment, or removed: its people. A new round has no
-- ratings yet.
CREATE FUNCTION search_competency_reviews_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM search_competency_refresh(ARRAY(
			SELECT DISTINCT ce.user_id FROM changed_old t JOIN company_employments ce ON ce.id = t.employment_id));
	ELSE
		PERFORM search_competency_refresh(ARRAY(
			SELECT DISTINCT ce.user_id FROM changed_new t JOIN changed_old o ON o.id = t.id
			JOIN company_employments ce ON ce.id IN (t.employment_id, o.employment_id)
			WHERE t.is_public IS DISTINCT FROM o.is_public OR t.employment_id <> o.employment_id));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "employment_reviews_search_update" AFTER UPDATE ON "employment_reviews"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_competency_reviews_changed();
--> statement-breakpoint
CREATE TRIGGER "employment_reviews_search_delete" AFTER DELETE ON "employment_reviews"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_competency_reviews_changed();
--> statement-breakpoint
-- A verified employment removed (by the company, or with its person or company): its person.
CREATE FUNCTION search_competency_employments_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_competency_refresh(ARRAY(SELECT DISTINCT user_id FROM changed_old));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_employments_search_delete" AFTER DELETE ON "company_employments"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_competency_employments_deleted();
--> statement-breakpoint
-- A competency renamed: everyone rated on it. One removed takes its ratings, whose trigger recomputes.
CREATE FUNCTION search_competency_competencies_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_competency_refresh(ARRAY(
		SELECT DISTINCT ce.user_id FROM changed_new t JOIN changed_old o ON o.id = t.id AND lower(o.name) <> lower(t.name)
		JOIN employment_review_ratings rr ON rr.competency_id = t.id
		JOIN employment_reviews r ON r.id = rr.review_id JOIN company_employments ce ON ce.id = r.employment_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "competencies_search_update" AFTER UPDATE ON "competencies"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_competency_competencies_renamed();
--> statement-breakpoint
-- What the rounds already say.
SELECT search_competency_refresh(ARRAY(SELECT DISTINCT user_id FROM company_employments));
