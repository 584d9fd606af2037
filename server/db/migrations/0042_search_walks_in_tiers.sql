-- Search's cost does not grow with its matches (issue 39, decision 273). Each person's document carries
-- their verified competency scores as tags beside the languages, status and "verified" (`comp:<name>:<n>`
-- for every n up to their best public score, `dcomp:…` for the scores of companies that proved their
-- domain), so the competency filter is a look at the row in hand, not a set of every holder built per
-- search; each skill is a tag too (`skill:<name>`), so a skill typed is a look at the tags, not a trigram
-- comparison with every skill the person lists. The names of skills and competencies typed text is
-- matched against are small tables of their own (the skill's typo forgiven within its own name). The
-- name words are written only when the name changes (decision 274): every other refresh leaves them.
CREATE TABLE "search_competency_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_skill_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_competency_names_trgm_idx" ON "search_competency_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_skill_names_trgm_idx" ON "search_skill_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- The lock a refresh of these people takes before it reads (migration 0025), on its own, so the
-- competency refresh can take it first too: people, then the scores' lock, in every writer.
CREATE FUNCTION search_people_lock(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF cardinality(uids) <= 100 THEN
		PERFORM pg_advisory_xact_lock_shared(hashtext('search_people_gate'));
		PERFORM pg_advisory_xact_lock(hashtext('search_people'), (t.u % 2147483647)::int)
			FROM (SELECT DISTINCT u FROM unnest(uids) u ORDER BY u) t;
	ELSE
		PERFORM pg_advisory_xact_lock(hashtext('search_people_gate'));
	END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_people_refresh(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	levels text[] := ARRAY['A1','A2','B1','B2','C1','C2','native'];
BEGIN
	IF uids IS NULL OR cardinality(uids) = 0 THEN
		RETURN;
	END IF;
	PERFORM search_people_lock(uids);
	DELETE FROM search_people WHERE user_id = ANY(uids);
	INSERT INTO search_people (user_id, name, text, skills, tags, location, city)
	SELECT p.user_id,
		search_fold(p.first_name || ' ' || p.last_name),
		to_tsvector('simple'::regconfig, coalesce(p.headline, '') || ' ' || coalesce(p.current_position, '')
			|| ' ' || coalesce((SELECT string_agg(e.position, ' ' ORDER BY e.id) FROM employments e WHERE e.user_id = p.user_id), '')
			|| ' ' || coalesce((SELECT string_agg(ce.position, ' ' ORDER BY ce.id) FROM company_employments ce WHERE ce.user_id = p.user_id), '')),
		coalesce((SELECT string_agg(lower(s.name), ' | ' ORDER BY s.id) FROM skills s WHERE s.user_id = p.user_id), ''),
		coalesce((SELECT array_agg(DISTINCT 'lang:' || l.code || ':' || lv) FROM profile_languages l
			CROSS JOIN LATERAL unnest(levels[1:coalesce(array_position(levels, l.proficiency), 0)]) lv
			WHERE l.user_id = p.user_id), '{}'::text[])
		|| CASE WHEN EXISTS (SELECT 1 FROM company_employments ce WHERE ce.user_id = p.user_id) THEN ARRAY['verified'] ELSE '{}'::text[] END
		|| CASE WHEN EXISTS (SELECT 1 FROM company_employments ce
			JOIN company_domains cd ON cd.company_id = ce.company_id AND cd.status = 'verified'
			WHERE ce.user_id = p.user_id) THEN ARRAY['verified_domain'] ELSE '{}'::text[] END
		|| CASE WHEN p.profile_status IS NOT NULL THEN ARRAY['status:' || p.profile_status] ELSE '{}'::text[] END
		|| coalesce((SELECT array_agg(DISTINCT 'skill:' || lower(s.name)) FROM skills s WHERE s.user_id = p.user_id), '{}'::text[])
		|| coalesce((SELECT array_agg(k ORDER BY k) FROM (
			SELECT 'comp:' || sc.competency || ':' || n AS k FROM search_competency_scores sc
				CROSS JOIN LATERAL generate_series(1, sc.score) n WHERE sc.user_id = p.user_id
			UNION ALL
			SELECT 'dcomp:' || sc.competency || ':' || n FROM search_competency_scores sc
				CROSS JOIN LATERAL generate_series(1, sc.domain_score) n WHERE sc.user_id = p.user_id AND sc.domain_score IS NOT NULL
		) scores), '{}'::text[]),
		search_fold(p.location),
		CASE WHEN coalesce(p.contact_visibility ->> 'city', 'signed_in') <> 'owner' THEN search_fold(p.city) END
	FROM profiles p JOIN users u ON u.id = p.user_id
	WHERE p.user_id = ANY(uids) AND u.status = 'active';
	INSERT INTO search_skill_names (name)
		SELECT DISTINCT lower(s.name) FROM skills s WHERE s.user_id = ANY(uids) ORDER BY 1
		ON CONFLICT DO NOTHING;
	-- The name's words (decision 220) change only with the name (decision 274): the words a person no
	-- longer has go, new ones come, and a refresh that kept the name writes nothing here.
	DELETE FROM search_name_people np WHERE np.user_id = ANY(uids)
		AND NOT EXISTS (SELECT 1 FROM search_people sp WHERE sp.user_id = np.user_id AND np.word = ANY(sp.name_words));
	INSERT INTO search_name_words (word)
		SELECT DISTINCT w FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w
		WHERE sp.user_id = ANY(uids) ORDER BY w
		ON CONFLICT DO NOTHING;
	INSERT INTO search_name_people (word, user_id)
		SELECT DISTINCT w, sp.user_id FROM search_people sp CROSS JOIN LATERAL unnest(sp.name_words) w
		WHERE sp.user_id = ANY(uids)
		ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- The scores as before (migration 0039); then the names they are under, and the people's documents,
-- whose tags carry the scores. The people's locks come first, as every refresh of them takes them.
CREATE OR REPLACE FUNCTION search_competency_refresh(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF uids IS NULL OR cardinality(uids) = 0 THEN
		RETURN;
	END IF;
	PERFORM search_people_lock(uids);
	PERFORM pg_advisory_xact_lock(hashtext('search_competency_scores'));
	DELETE FROM search_competency_scores WHERE user_id = ANY(uids);
	INSERT INTO search_competency_scores (user_id, competency, score, domain_score)
		SELECT ce.user_id, lower(c.name),
			max(array_position(ARRAY['na','poor','needs_improvement','satisfactory','good','excellent','exceptional']::text[], rr.rating) - 1),
			max(array_position(ARRAY['na','poor','needs_improvement','satisfactory','good','excellent','exceptional']::text[], rr.rating) - 1)
				FILTER (WHERE EXISTS (SELECT 1 FROM company_domains cd WHERE cd.company_id = ce.company_id AND cd.status = 'verified'))
		FROM company_employments ce
		JOIN employment_reviews r ON r.employment_id = ce.id AND r.is_public
		JOIN employment_review_ratings rr ON rr.review_id = r.id AND rr.rating <> 'na'
		JOIN competencies c ON c.id = rr.competency_id
		WHERE ce.user_id = ANY(uids)
		GROUP BY 1, 2;
	INSERT INTO search_competency_names (name)
		SELECT DISTINCT competency FROM search_competency_scores WHERE user_id = ANY(uids) ORDER BY 1
		ON CONFLICT DO NOTHING;
	PERFORM search_people_refresh(uids);
END $$;
--> statement-breakpoint
INSERT INTO search_competency_names (name)
	SELECT DISTINCT competency FROM search_competency_scores ORDER BY 1;--> statement-breakpoint
-- Everyone's tags again (the lexicon of skills fills as they are written).
SELECT search_people_refresh(ARRAY(SELECT user_id FROM search_people));--> statement-breakpoint
ANALYZE "search_people";--> statement-breakpoint
ANALYZE "search_competency_names";--> statement-breakpoint
ANALYZE "search_skill_names";
