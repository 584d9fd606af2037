// The achievements page and a person's earned achievements on their profile (SPEC §2 'Achievements').
// Framework-free: routes call these with a database handle.
import { and, eq, sql } from 'drizzle-orm';
import {
  achievementCatalogue,
  achievementCodes,
  type Achievement,
  type AchievementCode,
  type AchievementsOverview,
} from '../../contract/achievements.ts';
import { achievementUnlocks } from '../db/activity-schema.ts';
import type { Db, Queryable } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { checkAndMeasureAchievements, measureAchievements } from '../shared/achievements/check.ts';

// Who counts as active for the percentile (decision 140; the page says it): an open account with a
// verified email address.
const activePerson = sql`u.status = 'active' and u.email_verified_at is not null`;

/**
 * The share (0-100, rounded down) of active people with fewer unlocked achievements than `userId`,
 * the person counted among them. Read from the distribution the database keeps (decision 209: a few
 * rows, whatever the number of people), not by counting every active person.
 */
export async function percentileOf(db: Queryable, userId: number): Promise<{ percentile: number; activePeople: number }> {
  const result = (await db.execute(sql`
    with mine as (
      select coalesce((select unlocked from achievement_totals where user_id = ${userId}), 0) as n,
        exists (select 1 from users u where u.id = ${userId} and ${activePerson}) as counted
    )
    select
      (select n from mine) as mine,
      (select coalesce(sum(people), 0) from achievement_distribution) - (select counted::int from mine) as others,
      (select coalesce(sum(people), 0) from achievement_distribution where unlocked < (select n from mine)) as fewer
  `)) as unknown as { rows: { mine: number | string; others: number | string; fewer: number | string }[] };
  const row = result.rows[0];
  const others = Number(row?.others ?? 0);
  // The person is never among those with fewer: they stand at their own number.
  const fewer = Number(row?.fewer ?? 0);
  const activePeople = others + 1;
  return { percentile: Math.floor((100 * fewer) / activePeople), activePeople };
}

async function unlocksOf(db: Queryable, userId: number): Promise<Map<AchievementCode, Date>> {
  const rows = await db
    .select({ code: achievementUnlocks.code, unlockedAt: achievementUnlocks.unlockedAt })
    .from(achievementUnlocks)
    .where(eq(achievementUnlocks.userId, userId));
  return new Map(rows.map((r) => [r.code, r.unlockedAt]));
}

function itemOf(code: AchievementCode, progress: number, unlockedAt: Date | undefined): Achievement {
  const entry = achievementCatalogue[code];
  return {
    code,
    icon: entry.icon,
    unit: entry.unit,
    target: entry.target,
    progress: unlockedAt ? entry.target : Math.min(progress, entry.target),
    unlocked_at: unlockedAt?.toISOString() ?? null,
  };
}

/**
 * The signed-in person's page: every achievement, earned ones with their issued date, the others
 * with progress. It records anything earned that no change has recorded yet (data written before
 * a rule existed, or by a feature that does not call the check), so the page never shows less than
 * the data earns.
 */
export async function achievementsOverview(db: Db, userId: number, now: Date): Promise<AchievementsOverview> {
  const checked = await db.transaction((tx) => checkAndMeasureAchievements(tx, userId, now));
  const [measures, unlocks, rank] = [
    checked.measures ?? (await measureAchievements(db, userId, now)),
    await unlocksOf(db, userId),
    await percentileOf(db, userId),
  ];
  const items = achievementCodes.map((code) => itemOf(code, measures.get(code)?.progress ?? 0, unlocks.get(code)));
  return {
    user_id: userId,
    unlocked: unlocks.size,
    total: achievementCodes.length,
    percentile: rank.percentile,
    active_people: rank.activePeople,
    items,
  };
}

/** Someone's earned achievements, newest first, for their profile; 404 for a closed or unknown account. */
export async function earnedAchievements(db: Db, userId: number): Promise<Achievement[]> {
  const [person] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  if (!person) throw new NotFoundError();
  const unlocks = [...(await unlocksOf(db, userId)).entries()].sort((a, b) => b[1].getTime() - a[1].getTime());
  return unlocks.map(([code, at]) => itemOf(code, 0, at));
}
