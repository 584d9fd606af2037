-- Search across Latin and Cyrillic (decision 237): names and places are matched by a folded key, the
-- same for "Олена Коваленко" and "Olena Kovalenko", "Київ", "Kyiv" and "Kiev", "Андрій", "Andrii" and
-- "Andrey". Cyrillic is romanised by Ukraine's official table (KMU 2010; Russian letters too), then
-- the spellings people type for the same sounds are folded together: y, e and j as i, g as h, w as v,
-- x as ks, ph as f, and a letter written twice as once. The server folds the typed words with this same
-- function, so the two sides can never disagree.
CREATE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT regexp_replace(
		translate(
			replace(replace(
				translate(
					replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
						translate(lower(input), '''’ʼ`ʹъь', ''),
						'зг', 'zgh'), 'щ', 'shch'), 'ж', 'zh'), 'х', 'kh'), 'ц', 'ts'), 'ч', 'ch'), 'ш', 'sh'),
						'ю', 'iu'), 'я', 'ia'), 'є', 'ie'), 'ё', 'io'), 'ї', 'i'), 'й', 'i'),
					'абвгґдезиіклмнопрстуфыэ', 'abvhgdezyiklmnoprstufye'),
				'x', 'ks'), 'ph', 'f'),
			'yejgw', 'iiihv'),
		'([a-z])\1+', '\1', 'g')
$$;
--> statement-breakpoint
-- The document as before (migrations 0025, 0026), with the name, the place and the city folded, and the
-- titles of every job the person lists or a company verified in the full text, beside the headline.
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
-- A job's title is in the document now: a job listed, renamed or removed rebuilds it, as does a
-- verified job's position changed by its company.
CREATE TRIGGER "employments_search_insert" AFTER INSERT ON "employments"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "employments_search_update" AFTER UPDATE ON "employments"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "employments_search_delete" AFTER DELETE ON "employments"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
CREATE TRIGGER "company_employments_search_people_update" AFTER UPDATE ON "company_employments"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION search_people_rows_changed();
--> statement-breakpoint
-- Every document again, folded; the name words are the folded ones, so the lexicon starts anew.
DELETE FROM search_name_people;--> statement-breakpoint
DELETE FROM search_name_words;--> statement-breakpoint
SELECT search_people_refresh(ARRAY(SELECT user_id FROM profiles));--> statement-breakpoint
ANALYZE "search_people";
