// Achievements through the API: unlocks derived from real data and recorded once with their issued
// date, an activity entry and a notification; progress of those to be earned; the percentile among
// active people, computed in the database (property: it never falls when the person earns more);
// another person's earned ones; anonymous 401, unknown or closed people 404.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  achievementApiPaths,
  achievementCodes,
  AchievementsOverview,
  EarnedAchievements,
  type AchievementCode,
} from '../../contract/achievements.ts';
import { NotificationList, notificationApiPaths } from '../../contract/notifications.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { achievementUnlocks, activities } from '../db/activity-schema.ts';
import { users } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { checkAchievements, measureAchievements, recountAchievements } from '../shared/achievements/check.ts';
import { percentileOf } from './service.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function overviewOf(user: TestUser): Promise<AchievementsOverview> {
  const answer = await ctx.app.inject({ method: 'GET', url: achievementApiPaths.own, headers: bearer(user.token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return AchievementsOverview.parse(answer.json().data);
}

const itemOf = (overview: AchievementsOverview, code: AchievementCode) => overview.items.find((i) => i.code === code)!;

async function addSkill(owner: TestUser, name: string): Promise<number> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('skills'),
    headers: bearer(owner.token),
    payload: { name },
  });
  expect(answer.statusCode).toBe(201);
  return ProfilePage.parse(answer.json().data).skills.find((s) => s.name === name)!.id;
}

async function endorse(endorser: TestUser, skillId: number): Promise<void> {
  const answer = await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(endorser.token) });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('the catalogue', () => {
  it('has at least 15 achievements, each listed with its target, unit and icon', async () => {
    const person = await createUser(ctx);
    const overview = await overviewOf(person);
    expect(achievementCodes.length).toBeGreaterThanOrEqual(15);
    expect(overview.total).toBe(achievementCodes.length);
    expect(overview.items.map((i) => i.code)).toEqual(achievementCodes);
    expect(overview.unlocked).toBe(0);
    expect(overview.items.filter((i) => i.unlocked_at !== null || i.progress !== 0)).toEqual([]);
  });
});

describe('an endorsement', () => {
  it('unlocks the first endorsement once, with its date, an activity entry and a notification; ten shows progress', async () => {
    const owner = await createUser(ctx);
    const skillId = await addSkill(owner, 'Rust');
    const endorsers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(ctx)));
    await endorse(endorsers[0]!, skillId);

    const first = await overviewOf(owner);
    expect(itemOf(first, 'first_endorsement').unlocked_at).not.toBeNull();
    for (const endorser of endorsers.slice(1)) await endorse(endorser, skillId);
    const later = await overviewOf(owner);
    expect(itemOf(later, 'first_endorsement').unlocked_at).toBe(itemOf(first, 'first_endorsement').unlocked_at);
    expect(itemOf(later, 'ten_endorsements')).toMatchObject({ progress: 6, target: 10, unit: 'endorsements', unlocked_at: null });

    // Recorded once however often it is checked.
    await ctx.database.db.transaction((tx) => checkAchievements(tx, owner.id, ctx.clock.now()));
    const rows = await ctx.database.db.select().from(achievementUnlocks).where(eq(achievementUnlocks.userId, owner.id));
    expect(rows.filter((r) => r.code === 'first_endorsement')).toHaveLength(1);
    const entries = await ctx.database.db.select().from(activities).where(eq(activities.userId, owner.id));
    expect(entries.filter((e) => e.kind === 'achievement' && e.achievementCode === 'first_endorsement')).toHaveLength(1);

    const notifications = NotificationList.parse(
      (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(owner.token) })).json().data,
    );
    const unlocked = notifications.items.filter((n) => n.kind === 'achievement_unlocked');
    expect(unlocked.map((n) => n.subject?.name)).toContain('‘First endorsement’');
  });

  it('names the achievement in a Ukrainian reader’s language', async () => {
    const owner = await createUser(ctx, { locale: 'uk_UA' });
    const skillId = await addSkill(owner, 'Go');
    await endorse(await createUser(ctx), skillId);
    const notifications = NotificationList.parse(
      (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(owner.token) })).json().data,
    );
    expect(notifications.items.map((n) => n.subject?.name)).toContain('«Перше схвалення навички»');
  });
});

describe('completing the profile', () => {
  it('counts the guide’s steps and unlocks profile complete at seven', async () => {
    const person = await createUser(ctx);
    const headers = bearer(person.token);
    await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.update,
      headers,
      payload: { first_name: 'Iryna', last_name: 'Shevchenko', headline: 'Engineer', about: 'I build things.', open_to_work: false },
    });
    expect(itemOf(await overviewOf(person), 'profile_complete').unlocked_at).toBeNull();
    expect(itemOf(await overviewOf(person), 'profile_complete').progress).toBe(2);
    for (const name of ['A', 'B', 'C']) await addSkill(person, name);
    await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('employments'),
      headers,
      payload: { position: 'Engineer', company_name: 'Acme', start_date: '2020-01-01', is_current: true },
    });
    await ctx.app.inject({ method: 'POST', url: profileApiPaths.section('educations'), headers, payload: { school: 'KPI' } });
    await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('languages'),
      headers,
      payload: { code: 'uk', proficiency: 'native' },
    });
    const before = await overviewOf(person);
    expect(itemOf(before, 'profile_complete')).toMatchObject({ progress: 6, target: 7 });
    expect(itemOf(before, 'first_job').unlocked_at).not.toBeNull();
    // The photo: written as the upload route would, then the page's check records it.
    await ctx.database.db.execute(`update profiles set photo_path = 'x.png' where user_id = ${person.id}`);
    const after = await overviewOf(person);
    expect(itemOf(after, 'profile_complete').unlocked_at).toBe(ctx.clock.now().toISOString());
    expect(after.unlocked).toBe(before.unlocked + 2);
  });
});

/**
 * A database of its own for each test of the block, for tests that count everyone. It is made in a
 * hook, which has the hooks' time: a whole database is slow to make on a busy machine, and making it
 * inside the test spent the test's own time on it.
 */
function ownDatabaseEach(): () => TestContext {
  let fresh: TestContext | undefined;
  beforeEach(async () => {
    fresh = await createTestContext();
  });
  afterEach(async () => {
    await fresh?.close();
    fresh = undefined;
  });
  return () => fresh!;
}

describe('the percentile', () => {
  const freshContext = ownDatabaseEach();
  it('is the share of active people with fewer achievements, the person among them', async () => {
    const fresh = freshContext();
    const people = await Promise.all([0, 1, 2, 3].map(() => createUser(fresh)));
    // An unverified and a closed account do not count as active.
    const unverified = await createUser(fresh);
    await fresh.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.id));
    const closed = await createUser(fresh);
    await fresh.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, closed.id));
    const give = async (userId: number, codes: AchievementCode[]) => {
      await fresh.database.db.insert(achievementUnlocks).values(codes.map((code) => ({ userId, code, unlockedAt: new Date() })));
      await recountAchievements(fresh.database.db, userId, new Date());
    };
    await give(people[0]!.id, ['first_post', 'first_job', 'portfolio']);
    await give(people[1]!.id, ['first_post']);
    await give(people[2]!.id, ['first_post']);
    expect(await percentileOf(fresh.database.db, people[0]!.id)).toEqual({ percentile: 75, activePeople: 4 });
    expect(await percentileOf(fresh.database.db, people[1]!.id)).toEqual({ percentile: 25, activePeople: 4 });
    expect(await percentileOf(fresh.database.db, people[3]!.id)).toEqual({ percentile: 0, activePeople: 4 });
    const overview = AchievementsOverview.parse(
      (await fresh.app.inject({ method: 'GET', url: achievementApiPaths.own, headers: bearer(people[0]!.token) })).json().data,
    );
    expect(overview).toMatchObject({ unlocked: 3, percentile: 75, active_people: 4 });
  });

  it('never falls when the person earns another achievement (property, seeded populations)', async () => {
    const fresh = freshContext();
    const people = await Promise.all(Array.from({ length: 8 }, () => createUser(fresh)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.subarray([...achievementCodes], { maxLength: 6 }), { minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 7 }),
        async (holdings, who) => {
          await fresh.database.db.delete(achievementUnlocks);
          const rows = holdings.flatMap((codes, i) => codes.map((code) => ({ userId: people[i]!.id, code, unlockedAt: new Date() })));
          if (rows.length) await fresh.database.db.insert(achievementUnlocks).values(rows);
          for (const p of people) await recountAchievements(fresh.database.db, p.id, new Date());
          const person = people[who]!;
          const before = await percentileOf(fresh.database.db, person.id);
          const missing = achievementCodes.find((code) => !holdings[who]!.includes(code))!;
          await fresh.database.db.insert(achievementUnlocks).values({ userId: person.id, code: missing, unlockedAt: new Date() });
          await recountAchievements(fresh.database.db, person.id, new Date());
          const after = await percentileOf(fresh.database.db, person.id);
          expect(after.percentile).toBeGreaterThanOrEqual(before.percentile);
          // And it matches a count done by hand.
          const counts = holdings.map((codes, i) => codes.length + (i === who ? 1 : 0));
          const fewer = counts.filter((c, i) => i !== who && c < counts[who]!).length;
          expect(after.percentile).toBe(Math.floor((100 * fewer) / people.length));
        },
      ),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 40) },
    );
  }, 120_000);
});

describe('the distribution the percentile reads (decision 209)', () => {
  const freshContext = ownDatabaseEach();
  /** The distribution as the database keeps it, and as a full count over every active person says it should be. */
  async function keptAndCounted(db: TestContext['database']['db']): Promise<[Record<number, number>, Record<number, number>]> {
    const kept = (await db.execute(
      sql`select unlocked, people from achievement_distribution where people <> 0 order by unlocked`,
    )) as unknown as { rows: { unlocked: number; people: number | string }[] };
    const counted =
      (await db.execute(sql`select coalesce(t.unlocked, 0) as unlocked, count(*) as people from users u left join achievement_totals t on t.user_id = u.id
      where u.status = 'active' and u.email_verified_at is not null group by 1 order by 1`)) as unknown as {
        rows: { unlocked: number; people: number | string }[];
      };
    const asMap = (rows: { unlocked: number; people: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [Number(r.unlocked), Number(r.people)]));
    return [asMap(kept.rows), asMap(counted.rows)];
  }

  it('follows sign-ups, verification, earning, recounts, closure and deletion, always equal to a full count (property)', async () => {
    const fresh = freshContext();
    const db = fresh.database.db;
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(fresh)));
    const [kept0, counted0] = await keptAndCounted(db);
    expect(kept0).toEqual(counted0);
    type Step = { who: number; what: 'earn' | 'unverify' | 'verify' | 'close' | 'reopen' | 'reset' };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 5 }),
            what: fc.constantFrom<Step['what']>('earn', 'unverify', 'verify', 'close', 'reopen', 'reset'),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (steps) => {
          for (const { who, what } of steps) {
            const id = people[who]!.id;
            if (what === 'earn') {
              const held = new Set(
                (await db.select({ code: achievementUnlocks.code }).from(achievementUnlocks).where(eq(achievementUnlocks.userId, id))).map(
                  (r) => r.code,
                ),
              );
              const next = achievementCodes.find((code) => !held.has(code));
              if (next) await db.insert(achievementUnlocks).values({ userId: id, code: next, unlockedAt: new Date() });
              await recountAchievements(db, id, new Date());
            } else if (what === 'reset') {
              await db.delete(achievementUnlocks).where(eq(achievementUnlocks.userId, id));
              await recountAchievements(db, id, new Date());
            } else if (what === 'unverify' || what === 'verify') {
              await db
                .update(users)
                .set({ emailVerifiedAt: what === 'verify' ? new Date() : null })
                .where(eq(users.id, id));
            } else {
              await db
                .update(users)
                .set({ status: what === 'close' ? 'closed' : 'active' })
                .where(eq(users.id, id));
            }
          }
          const [kept, counted] = await keptAndCounted(db);
          expect(kept).toEqual(counted);
        },
      ),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 25) },
    );
    // A person deleted with their total leaves it too; a new verified person counts at 0.
    await db.update(users).set({ status: 'active', emailVerifiedAt: new Date() }).where(eq(users.id, people[0]!.id));
    await db.delete(users).where(eq(users.id, people[0]!.id));
    await createUser(fresh);
    const [kept, counted] = await keptAndCounted(db);
    expect(kept).toEqual(counted);
  }, 120_000);

  it('follows statements that move many people at once (decision 221)', async () => {
    const fresh = freshContext();
    const db = fresh.database.db;
    const same = async (step: string) => {
      const [kept, counted] = await keptAndCounted(db);
      expect(kept, step).toEqual(counted);
    };
    await createUser(fresh);
    const inserted = (await db.execute(sql`insert into users (email, password_hash, status, email_verified_at)
      select 'bulk' || i || '@example.test', 'x', case when i % 5 = 0 then 'closed' else 'active' end,
        case when i % 3 = 0 then null else now() end
      from generate_series(1, 40) i returning id`)) as unknown as { rows: { id: number | string }[] };
    const ids = inserted.rows.map((r) => Number(r.id));
    await same('a bulk sign-up');
    const list = sql.raw(ids.join(','));
    await db.execute(sql`insert into achievement_totals (user_id, unlocked) select id, 1 + id % 4 from users where id in (${list})
      on conflict (user_id) do update set unlocked = excluded.unlocked`);
    await same('totals written for many');
    await db.execute(sql`insert into achievement_totals (user_id, unlocked) select id, 2 + id % 3 from users where id in (${list})
      on conflict (user_id) do update set unlocked = excluded.unlocked`);
    await same('totals rewritten for many (an upsert that updates)');
    await db.execute(sql`update users set email_verified_at = now() where id in (${list})`);
    await same('many verified at once');
    await db.execute(sql`update users set status = 'closed' where id in (${list}) and id % 2 = 0`);
    await same('many closed at once');
    await db.execute(sql`delete from achievement_totals where user_id in (${list}) and user_id % 3 = 1`);
    await same('many totals removed');
    await db.execute(sql`delete from users where id in (${list}) and id % 4 = 1`);
    await same('many people deleted');
  }, 120_000);
});

describe('the rules’ statement (decision 224)', () => {
  it('is prepared once on a connection and run again for the next person, measuring each their own', async () => {
    const [first, second] = [await createUser(ctx), await createUser(ctx)];
    await addSkill(first, 'Go');
    const now = ctx.clock.now();
    const { mine, theirs, kept } = await ctx.database.db.transaction(async (tx) => {
      const measured = await measureAchievements(tx, first.id, now);
      const other = await measureAchievements(tx, second.id, now);
      // Unnamed statements never appear here: only a kept one does, with how often it ran.
      const statements = (await tx.execute(sql`
        select (generic_plans + custom_plans)::int as runs from pg_prepared_statements
        where statement like ${'%as code, r.progress, r.earned_at from (%'}`)) as unknown as { rows: { runs: number }[] };
      return { mine: measured, theirs: other, kept: statements.rows };
    });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.runs).toBeGreaterThanOrEqual(2);
    expect(mine.get('five_skills')?.progress).toBe(1);
    expect(theirs.get('five_skills')?.progress).toBe(0);
  });
});

describe('permissions', () => {
  it('answers anonymous requests with 401', async () => {
    for (const url of [achievementApiPaths.own, achievementApiPaths.of(1)]) {
      const answer = await ctx.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(401);
      expectErrorAnswer(answer, url);
    }
  });

  it('shows another person their earned achievements only, and 404 for unknown or closed people', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const skillId = await addSkill(owner, 'Kotlin');
    await endorse(other, skillId);
    const answer = await ctx.app.inject({ method: 'GET', url: achievementApiPaths.of(owner.id), headers: bearer(other.token) });
    expect(answer.statusCode).toBe(200);
    const earned = EarnedAchievements.parse(answer.json().data);
    expect(earned.items.map((i) => i.code)).toContain('first_endorsement');
    expect(earned.items.every((i) => i.unlocked_at !== null)).toBe(true);

    for (const url of [achievementApiPaths.of(999_999_999), achievementApiPaths.of('abc'), achievementApiPaths.of('0')]) {
      const missing = await ctx.app.inject({ method: 'GET', url, headers: bearer(other.token) });
      expect(missing.statusCode).toBe(404);
    }
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, owner.id));
    expect((await ctx.app.inject({ method: 'GET', url: achievementApiPaths.of(owner.id), headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
  });
});
