CREATE TABLE "search_people" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"text" "tsvector" NOT NULL,
	"skills" text NOT NULL,
	"tags" text[] NOT NULL,
	"location" text,
	"city" text
);
--> statement-breakpoint
DROP INDEX "profiles_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_location_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_search_text_idx";--> statement-breakpoint
ALTER TABLE "search_people" ADD CONSTRAINT "search_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_people_name_trgm_idx" ON "search_people" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_people_name_knn_idx" ON "search_people" USING gist (lower("name") gist_trgm_ops(siglen=256));--> statement-breakpoint
CREATE INDEX "search_people_text_idx" ON "search_people" USING gin ("text");--> statement-breakpoint
CREATE INDEX "search_people_skills_trgm_idx" ON "search_people" USING gin ("skills" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_people_tags_idx" ON "search_people" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "search_people_location_trgm_idx" ON "search_people" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_people_city_trgm_idx" ON "search_people" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employments_current_company_trgm_idx" ON "employments" USING gin (lower("company_name") gin_trgm_ops) WHERE "employments"."is_current";--> statement-breakpoint
-- Search's document of each active person (issue 25, decision 219), rebuilt for the people a change
-- touches, in the change's own transaction. Locks before it reads, so two writers for one person never
-- leave a document neither of them saw: a lock per person for everyday changes (they hold a shared
-- gate), and the gate alone, exclusive, for a change of more than 100 people at once (a bulk load).
CREATE FUNCTION search_people_refresh(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	levels text[] := ARRAY['A1','A2','B1','B2','C1','C2','native'];
BEGIN
	IF uids IS NULL OR cardinality(uids) = 0 THEN
		RETURN;
	END IF;
	IF cardinality(uids) <= 100 THEN
		PERFORM pg_advisory_xact_lock_shared(hashtext('search_people_gate'));
		PERFORM pg_advisory_xact_lock(hashtext('search_people'), (t.u % 2147483647)::int)
			FROM (SELECT DISTINCT u FROM unnest(uids) u ORDER BY u) t;
	ELSE
		PERFORM pg_advisory_xact_lock(hashtext('search_people_gate'));
	END IF;
	DELETE FROM search_people WHERE user_id = ANY(uids);
	INSERT INTO search_people (user_id, name, text, skills, tags, location, city)
	SELECT p.user_id,
		lower(p.first_name || ' ' || p.last_name),
		to_tsvector('simple'::regconfig, coalesce(p.headline, '') || ' ' || coalesce(p.current_position, '')),
		coalesce((SELECT string_agg(lower(s.name), ' | ' ORDER BY s.id) FROM skills s WHERE s.user_id = p.user_id), ''),
		coalesce((SELECT array_agg(DISTINCT 'lang:' || l.code || ':' || lv) FROM profile_languages l
			CROSS JOIN LATERAL unnest(levels[1:coalesce(array_position(levels, l.proficiency), 0)]) lv
			WHERE l.user_id = p.user_id), '{}'::text[])
		|| CASE WHEN EXISTS (SELECT 1 FROM company_employments ce WHERE ce.user_id = p.user_id) THEN ARRAY['verified'] ELSE '{}'::text[] END
		|| CASE WHEN p.profile_status IS NOT NULL THEN ARRAY['status:' || p.profile_status] ELSE '{}'::text[] END,
		lower(p.location),
		CASE WHEN coalesce(p.contact_visibility ->> 'city', 'signed_in') <> 'owner' THEN lower(p.city) END
	FROM profiles p JOIN users u ON u.id = p.user_id
	WHERE p.user_id = ANY(uids) AND u.status = 'active';
END $$;
--> statement-breakpoint
-- Rows inserted, updated or deleted in a table with a user_id: their people.
CREATE FUNCTION search_people_rows_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM search_people_refresh(ARRAY(SELECT DISTINCT user_id FROM changed_old));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM search_people_refresh(ARRAY(SELECT user_id FROM changed_new UNION SELECT user_id FROM changed_old));
	ELSE
		PERFORM search_people_refresh(ARRAY(SELECT DISTINCT user_id FROM changed_new));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_search_insert" AFTER INSERT ON "profiles"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_update" AFTER UPDATE ON "profiles"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_delete" AFTER DELETE ON "profiles"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "skills_search_insert" AFTER INSERT ON "skills"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "skills_search_update" AFTER UPDATE ON "skills"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "skills_search_delete" AFTER DELETE ON "skills"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "profile_languages_search_insert" AFTER INSERT ON "profile_languages"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "profile_languages_search_update" AFTER UPDATE ON "profile_languages"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "profile_languages_search_delete" AFTER DELETE ON "profile_languages"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "company_employments_search_people_insert" AFTER INSERT ON "company_employments"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "company_employments_search_people_delete" AFTER DELETE ON "company_employments"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
-- An account closed, reopened or suspended: its person's row goes or comes back.
CREATE FUNCTION search_people_users_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM search_people_refresh(ARRAY(
		SELECT n.id FROM changed_new n JOIN changed_old o ON o.id = n.id WHERE n.status IS DISTINCT FROM o.status));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_search_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_users_changed();
--> statement-breakpoint
-- Everyone already here.
SELECT search_people_refresh(ARRAY(SELECT user_id FROM profiles));
--> statement-breakpoint
-- Plans for the new table from the start, not after the first autovacuum.
ANALYZE "search_people";
