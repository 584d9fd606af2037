-- The achievements distribution (decision 209) kept once per statement, not once per row (decision
-- 221): a row trigger moved one person at a time, and a statement touching many people (a bulk
-- sign-up, a data migration, the million-person bench) updated the same few rows once per person in
-- one transaction, each update walking the versions the earlier ones left: 1,000,000 new people took
-- longer than 12 minutes and rising. Now each statement sums its moves per number first and writes each
-- number once, lowest first (two writers never lock two numbers in opposite orders).
CREATE FUNCTION achievement_distribution_counted(status text, verified timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status = 'active' AND verified IS NOT NULL $$;
--> statement-breakpoint
-- One function for every statement that moves people between numbers. Each event has only its own
-- transition tables, so each names its moves as a query of its own, (n, d): d people to number n. Only
-- counted people move: a sign-up that counts, an account that starts or stops counting (email
-- verified, closed, reopened), a counted person's total written, changed or removed (0 without a
-- total). A total deleted with its person finds no person (taken out before the deletion, below).
CREATE FUNCTION achievement_distribution_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	moves text := CASE TG_TABLE_NAME || ' ' || TG_OP
		WHEN 'users INSERT' THEN $m$
			SELECT coalesce(t.unlocked, 0) AS n, 1 AS d
			FROM changed_new u LEFT JOIN achievement_totals t ON t.user_id = u.id
			WHERE achievement_distribution_counted(u.status, u.email_verified_at) $m$
		WHEN 'users UPDATE' THEN $m$
			SELECT coalesce(t.unlocked, 0) AS n,
				CASE WHEN achievement_distribution_counted(u.status, u.email_verified_at) THEN 1 ELSE -1 END AS d
			FROM changed_new u JOIN changed_old o ON o.id = u.id LEFT JOIN achievement_totals t ON t.user_id = u.id
			WHERE achievement_distribution_counted(u.status, u.email_verified_at)
				<> achievement_distribution_counted(o.status, o.email_verified_at) $m$
		ELSE format($m$
			SELECT m.n, m.d FROM (%s) m JOIN users u ON u.id = m.user_id
			WHERE achievement_distribution_counted(u.status, u.email_verified_at) $m$, CASE TG_OP
				WHEN 'INSERT' THEN 'SELECT user_id, unlocked AS n, 1 AS d FROM changed_new UNION ALL SELECT user_id, 0, -1 FROM changed_new'
				WHEN 'UPDATE' THEN 'SELECT user_id, unlocked AS n, 1 AS d FROM changed_new UNION ALL SELECT user_id, unlocked, -1 FROM changed_old'
				ELSE 'SELECT user_id, 0 AS n, 1 AS d FROM changed_old UNION ALL SELECT user_id, unlocked, -1 FROM changed_old'
			END)
	END;
BEGIN
	EXECUTE format($q$
		INSERT INTO achievement_distribution (unlocked, people)
		SELECT n, sum(d) FROM (%s) moves GROUP BY n HAVING sum(d) <> 0 ORDER BY n
		ON CONFLICT (unlocked) DO UPDATE SET people = achievement_distribution.people + excluded.people
	$q$, moves);
	RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "users_achievement_distribution" ON "users";
--> statement-breakpoint
DROP TRIGGER "achievement_totals_distribution" ON "achievement_totals";
--> statement-breakpoint
DROP FUNCTION achievement_distribution_totals();
--> statement-breakpoint
-- A deletion stays per row and before the change: the person's total goes with them in the cascade,
-- so only before it is there a number to take them out of. People are deleted one at a time.
CREATE TRIGGER "users_achievement_distribution_delete" BEFORE DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION achievement_distribution_people();
--> statement-breakpoint
CREATE TRIGGER "users_achievement_distribution_insert" AFTER INSERT ON "users"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION achievement_distribution_changed();
--> statement-breakpoint
CREATE TRIGGER "users_achievement_distribution_update" AFTER UPDATE ON "users"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION achievement_distribution_changed();
--> statement-breakpoint
CREATE TRIGGER "achievement_totals_distribution_insert" AFTER INSERT ON "achievement_totals"
	REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION achievement_distribution_changed();
--> statement-breakpoint
CREATE TRIGGER "achievement_totals_distribution_update" AFTER UPDATE ON "achievement_totals"
	REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION achievement_distribution_changed();
--> statement-breakpoint
CREATE TRIGGER "achievement_totals_distribution_delete" AFTER DELETE ON "achievement_totals"
	REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION achievement_distribution_changed();
