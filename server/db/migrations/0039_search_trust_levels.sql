-- Search counts the top of the ladder of trust by default (issue 37, decision 265): a person is
-- "verified" for the filter when a company that proved its domain confirmed a job ('verified_domain'
-- tag beside 'verified'), and a verified competency counts by default only when such a company gave
-- it (domain_score beside score). A domain proved, lapsed, taken over or removed rebuilds both for the
-- people of that company, in the change's own transaction.
ALTER TABLE "search_competency_scores" ADD COLUMN "domain_score" smallint;--> statement-breakpoint
CREATE INDEX "search_competency_scores_competency_domain_score_idx" ON "search_competency_scores" USING btree ("competency","domain_score","user_id") WHERE "domain_score" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_competency_refresh(uids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF uids IS NULL OR cardinality(uids) = 0 THEN
		RETURN;
	END IF;
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
		|| CASE WHEN p.profile_status IS NOT NULL THEN ARRAY['status:' || p.profile_status] ELSE '{}'::text[] END,
		search_fold(p.location),
		CASE WHEN coalesce(p.contact_visibility ->> 'city', 'signed_in') <> 'owner' THEN search_fold(p.city) END
	FROM profiles p JOIN users u ON u.id = p.user_id
	WHERE p.user_id = ANY(uids) AND u.status = 'active';
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
-- A company's domain proved, lapsed, taken over or removed: the people it confirmed jobs for.
CREATE FUNCTION search_company_domains_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	people bigint[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		people := ARRAY(SELECT DISTINCT ce.user_id FROM changed_new t JOIN company_employments ce ON ce.company_id = t.company_id
			WHERE t.status = 'verified');
	ELSIF TG_OP = 'DELETE' THEN
		people := ARRAY(SELECT DISTINCT ce.user_id FROM changed_old t JOIN company_employments ce ON ce.company_id = t.company_id
			WHERE t.status = 'verified');
	ELSE
		people := ARRAY(SELECT DISTINCT ce.user_id FROM changed_new n JOIN changed_old o ON o.id = n.id
			JOIN company_employments ce ON ce.company_id IN (n.company_id, o.company_id)
			WHERE (n.status = 'verified') IS DISTINCT FROM (o.status = 'verified') OR n.company_id <> o.company_id);
	END IF;
	PERFORM search_people_refresh(people);
	PERFORM search_competency_refresh(people);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_domains_search_insert" AFTER INSERT ON "company_domains"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_company_domains_changed();--> statement-breakpoint
CREATE TRIGGER "company_domains_search_update" AFTER UPDATE ON "company_domains"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_company_domains_changed();--> statement-breakpoint
CREATE TRIGGER "company_domains_search_delete" AFTER DELETE ON "company_domains"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_company_domains_changed();--> statement-breakpoint
-- The people a verified domain already vouches for (the demo company's among them).
SELECT search_people_refresh(ARRAY(SELECT DISTINCT ce.user_id FROM company_employments ce
	JOIN company_domains cd ON cd.company_id = ce.company_id AND cd.status = 'verified'));--> statement-breakpoint
SELECT search_competency_refresh(ARRAY(SELECT DISTINCT ce.user_id FROM company_employments ce
	JOIN company_domains cd ON cd.company_id = ce.company_id AND cd.status = 'verified'));
