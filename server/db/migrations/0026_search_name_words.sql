CREATE TABLE "search_name_people" (
	"word" text NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "search_name_people_word_user_id_pk" PRIMARY KEY("word","user_id")
);
--> statement-breakpoint
CREATE TABLE "search_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "search_people_name_knn_idx";--> statement-breakpoint
ALTER TABLE "search_people" ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(name, '[[:space:].,()/''’ʼ‐–—-]+'), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "search_name_people" ADD CONSTRAINT "search_name_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_name_people_user_idx" ON "search_name_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_name_words_trgm_idx" ON "search_name_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_people_name_words_idx" ON "search_people" USING gin ("name_words");--> statement-breakpoint
-- The suggestions read names by their words (decision 220): search_people_refresh keeps the words of
-- the people it rebuilds; what is written already is filled here.
CREATE OR REPLACE FUNCTION search_people_refresh(uids bigint[]) RETURNS void
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
	-- The name's words (decision 220): the lexicon in word order (two writers adding the same new words
	-- wait for each other instead of deadlocking), then who has each.
	DELETE FROM search_name_people WHERE user_id = ANY(uids);
	INSERT INTO search_name_words (word)
		SELECT DISTINCT w FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w
		WHERE sp.user_id = ANY(uids) ORDER BY w
		ON CONFLICT DO NOTHING;
	INSERT INTO search_name_people (word, user_id)
		SELECT DISTINCT w, sp.user_id FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w
		WHERE sp.user_id = ANY(uids);
END $$;
--> statement-breakpoint
INSERT INTO search_name_words (word)
	SELECT DISTINCT w FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w ORDER BY w
	ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO search_name_people (word, user_id)
	SELECT DISTINCT w, sp.user_id FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w;
