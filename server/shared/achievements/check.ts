// Deriving and recording achievements (decision 140). `checkAchievements(tx, userId, now)` is the
// one call a feature makes, inside the transaction of a change that may earn one (an endorsement, an
// accepted recommendation, a hire, a post, a comment): it measures every rule over stored data and
// records each newly earned achievement once, with its activity entry and notification in the same
// transaction, so an unlock can neither be lost nor written twice. A day's unlocks share one
// notification (decision 239).
import { and, asc, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { achievementCatalogue, achievementCodes, type AchievementCode } from '../../../contract/achievements.ts';
import { recordActivity } from '../activities/writer.ts';
import { achievementTotals, achievementUnlocks } from '../../db/activity-schema.ts';
import type { Queryable } from '../../db/client.ts';
import { notifications } from '../../db/notification-schema.ts';
import { executePrepared } from '../../db/prepared.ts';
import { profiles, users } from '../../db/schema.ts';
import { notify, renotify } from '../notifications/writer.ts';
import { achievementRules } from './rules.ts';

export interface Measure {
  progress: number;
  /** When the rule's target was reached, per the stored data; null while it is not. */
  earnedAt: Date | null;
}

/**
 * Every rule's measure for one person, in one statement, kept prepared: planning its twenty parts
 * cost seven times its run (decision 224).
 */
export async function measureAchievements(db: Queryable, userId: number, now: Date): Promise<Map<AchievementCode, Measure>> {
  const parts = achievementCodes.map(
    (code) => sql`select ${code}::text as code, r.progress, r.earned_at from (${achievementRules[code](userId, now)}) r`,
  );
  const result = await executePrepared<{ code: AchievementCode; progress: number | string | null; earned_at: Date | string | null }>(
    db,
    sql.join(parts, sql` union all `),
  );
  const measures = new Map<AchievementCode, Measure>();
  for (const row of result.rows) {
    const target = achievementCatalogue[row.code].target;
    measures.set(row.code, {
      progress: Math.min(target, Number(row.progress ?? 0)),
      earnedAt: row.earned_at === null ? null : new Date(row.earned_at),
    });
  }
  return measures;
}

/**
 * Records every achievement the person has earned and not yet been issued; the codes newly issued.
 * Idempotent: running it again, or concurrently, issues nothing twice (the unique key decides).
 */
export async function checkAchievements(tx: Queryable, userId: number, now: Date): Promise<AchievementCode[]> {
  return (await checkAndMeasureAchievements(tx, userId, now)).issued;
}

/**
 * `checkAchievements`, answering the measures it read too (null for a closed or unknown account): the
 * achievements page shows them without measuring every rule a second time (the rules are
 * the page's costliest statement).
 */
export async function checkAndMeasureAchievements(
  tx: Queryable,
  userId: number,
  now: Date,
): Promise<{ issued: AchievementCode[]; measures: Map<AchievementCode, Measure> | null }> {
  const [person] = await tx
    .select({ locale: users.locale, timeZone: profiles.timeZone })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  if (!person) return { issued: [], measures: null };
  const measures = await measureAchievements(tx, userId, now);
  const held = new Set(
    (await tx.select({ code: achievementUnlocks.code }).from(achievementUnlocks).where(eq(achievementUnlocks.userId, userId))).map(
      (r) => r.code,
    ),
  );
  const issued: AchievementCode[] = [];
  const unlockIds: number[] = [];
  for (const code of achievementCodes) {
    const earnedAt = measures.get(code)?.earnedAt;
    if (!earnedAt || held.has(code)) continue;
    // Never later than now: an issued date in the future would read as a mistake.
    const unlockedAt = earnedAt.getTime() > now.getTime() ? now : earnedAt;
    const [unlock] = await tx
      .insert(achievementUnlocks)
      .values({ userId, code, unlockedAt, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: achievementUnlocks.id });
    if (!unlock) continue;
    const names = achievementCatalogue[code];
    await recordActivity(tx, {
      userId,
      kind: 'achievement',
      title: names.en_GB.name,
      titleUk: names.uk_UA.name,
      achievementCode: code,
      sourceKey: `achievement:${code}`,
      occurredAt: unlockedAt,
    });
    issued.push(code);
    unlockIds.push(unlock.id);
  }
  if (issued.length) {
    await recountAchievements(tx, userId, now);
    await noticeUnlocks(tx, { userId, locale: person.locale, timeZone: person.timeZone }, issued, unlockIds[0]!, now);
  }
  return { issued, measures };
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`, or in UTC when the zone is unset or unknown. */
export function dayIn(at: Date, timeZone: string | null): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/**
 * A day's unlocks are one quiet notification (decision 239): the first unlocks of
 * the person's day (in their time zone) create it, its subject being the first unlock; later ones
 * that day rewrite it in place, naming every unlock since that first one with their count. Each
 * unlock keeps its own activity entry and date on the achievements page.
 */
async function noticeUnlocks(
  tx: Queryable,
  person: { userId: number; locale: string; timeZone: string | null },
  issued: readonly AchievementCode[],
  firstUnlockId: number,
  now: Date,
): Promise<void> {
  const { userId } = person;
  const locale = person.locale === 'uk_UA' ? 'uk_UA' : 'en_GB';
  // Two changes of one person committing at once must not both start the day's notification.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('achievement_notice'), ${userId}::int)`);
  const [latest] = await tx
    .select({ id: notifications.id, firstUnlockId: achievementUnlocks.id, firstAt: achievementUnlocks.createdAt })
    .from(notifications)
    .innerJoin(achievementUnlocks, eq(achievementUnlocks.id, notifications.subjectId))
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'achievement_unlocked'),
        eq(notifications.subjectType, 'achievement'),
        isNotNull(notifications.subjectCount),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  if (latest && dayIn(latest.firstAt, person.timeZone) === dayIn(now, person.timeZone)) {
    const codes = (
      await tx
        .select({ code: achievementUnlocks.code })
        .from(achievementUnlocks)
        .where(and(eq(achievementUnlocks.userId, userId), gte(achievementUnlocks.id, latest.firstUnlockId)))
        .orderBy(asc(achievementUnlocks.id))
    ).map((row) => row.code);
    await renotify(
      tx,
      { id: latest.id, userId, kind: 'achievement_unlocked' },
      { name: achievementList(codes, locale), count: codes.length },
    );
    return;
  }
  await notify(tx, {
    kind: 'achievement_unlocked',
    to: { userId },
    subject: { type: 'achievement', id: firstUnlockId, name: achievementList(issued, locale), count: issued.length },
  });
}

/** The names of `codes` as one list in `locale` (‘A’, ‘B’ and ‘C’; «A», «B» і «C»), within a subject name's 200 characters. */
export function achievementList(codes: readonly AchievementCode[], locale: 'en_GB' | 'uk_UA'): string {
  const [open, close] = locale === 'uk_UA' ? ['«', '»'] : ['‘', '’'];
  const names = codes.map((code) => `${open}${achievementCatalogue[code][locale].name}${close}`);
  const list = new Intl.ListFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', { type: 'conjunction' }).format(names);
  return list.length <= 200 ? list : `${list.slice(0, 199)}…`;
}

/** Writes the person's total of unlocked achievements (what the percentile counts by). */
export async function recountAchievements(tx: Queryable, userId: number, now: Date): Promise<void> {
  const unlocked = sql`(select count(*)::int from achievement_unlocks where user_id = ${userId})`;
  await tx
    .insert(achievementTotals)
    .values({ userId, unlocked, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: achievementTotals.userId, set: { unlocked, updatedAt: now } });
}
