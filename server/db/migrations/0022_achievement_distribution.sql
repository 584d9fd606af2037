-- The achievements percentile at scale (issue 27; decision 209): how many active people (an open
-- account with a verified email) hold each number of unlocked achievements, people without a total
-- counted at 0. Kept by triggers in the transaction of every change that moves a person between
-- numbers, so the percentile reads a few rows instead of counting every active person.
CREATE TABLE "achievement_distribution" (
	"unlocked" integer PRIMARY KEY NOT NULL,
	"people" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- One person moves from `from_n` to `to_n` (null: not counted). The lower number is written first, so
-- two moves never lock the same two rows in opposite orders.
CREATE FUNCTION achievement_distribution_move(from_n integer, to_n integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF from_n IS NOT DISTINCT FROM to_n THEN
		RETURN;
	END IF;
	IF from_n IS NOT NULL AND (to_n IS NULL OR from_n < to_n) THEN
		UPDATE achievement_distribution SET people = people - 1 WHERE unlocked = from_n;
		from_n := NULL;
	END IF;
	IF to_n IS NOT NULL THEN
		INSERT INTO achievement_distribution (unlocked, people) VALUES (to_n, 1)
			ON CONFLICT (unlocked) DO UPDATE SET people = achievement_distribution.people + 1;
	END IF;
	IF from_n IS NOT NULL THEN
		UPDATE achievement_distribution SET people = people - 1 WHERE unlocked = from_n;
	END IF;
END $$;
--> statement-breakpoint
-- A person starts or stops counting (sign-up, email verified, account closed or deleted). Before the
-- change, so a deletion still finds the total its cascade is about to remove.
CREATE FUNCTION achievement_distribution_people() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	was boolean := false;
	is_now boolean := false;
	n integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		was := OLD.status = 'active' AND OLD.email_verified_at IS NOT NULL;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		is_now := NEW.status = 'active' AND NEW.email_verified_at IS NOT NULL;
	END IF;
	IF was <> is_now THEN
		IF TG_OP <> 'INSERT' THEN
			SELECT unlocked INTO n FROM achievement_totals WHERE user_id = OLD.id;
		END IF;
		n := coalesce(n, 0);
		PERFORM achievement_distribution_move(CASE WHEN was THEN n END, CASE WHEN is_now THEN n END);
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_achievement_distribution" BEFORE INSERT OR DELETE OR UPDATE OF "status", "email_verified_at" ON "users"
	FOR EACH ROW EXECUTE FUNCTION achievement_distribution_people();
--> statement-breakpoint
-- A counted person's total changes (a new total row moves them from 0). A total deleted with its
-- person was already taken out above; one deleted on its own moves its person back to 0.
CREATE FUNCTION achievement_distribution_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	uid bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
BEGIN
	IF EXISTS (SELECT 1 FROM users WHERE id = uid AND status = 'active' AND email_verified_at IS NOT NULL) THEN
		PERFORM achievement_distribution_move(
			CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD.unlocked END,
			CASE WHEN TG_OP = 'DELETE' THEN 0 ELSE NEW.unlocked END
		);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "achievement_totals_distribution" AFTER INSERT OR DELETE OR UPDATE OF "unlocked" ON "achievement_totals"
	FOR EACH ROW EXECUTE FUNCTION achievement_distribution_totals();
--> statement-breakpoint
INSERT INTO "achievement_distribution" ("unlocked", "people")
	SELECT coalesce(t.unlocked, 0), count(*) FROM "users" u LEFT JOIN "achievement_totals" t ON t.user_id = u.id
	WHERE u.status = 'active' AND u.email_verified_at IS NOT NULL
	GROUP BY 1;
