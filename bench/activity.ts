// The activity list and the achievements percentile at scale, on the embedded database (PGlite):
// the first page of /activities for a person with 10,000 entries, through the whole API (app.inject:
// routing, auth, validation, query, serialisation), in each sort and with a preset; and the
// percentile query among 100,000 people. Prints p50/p99 in milliseconds.
import { sql } from 'drizzle-orm';
import { activityApiPaths, activitySorts } from '../contract/activities.ts';
import { achievementCodes } from '../contract/achievements.ts';
import { percentileOf } from '../server/achievements/service.ts';
import { bearer, createUser } from '../server/test/auth-helpers.ts';
import { createTestContext } from '../server/test/harness.ts';

function quantiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function timed(runs: number, run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await run(); // warm up (JIT, plan cache)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return quantiles(samples);
}

export interface ActivityBench {
  listing: { label: string; p50: number; p99: number }[];
  percentile: { people: number; unlocks: number; p50: number; p99: number };
}

export async function measureActivity(runs = 200): Promise<ActivityBench> {
  const ctx = await createTestContext();
  try {
    const db = ctx.database.db;
    const person = await createUser(ctx);
    // 10,000 entries over three years, one statement.
    await db.execute(sql`insert into activities (user_id, kind, title, text, occurred_at)
      select ${person.id}, 'post', 'Post ' || md5(g::text), 'Text of post ' || g, now() - (g * interval '150 minutes')
      from generate_series(1, 10000) g`);
    await db.execute(sql`analyze activities`);
    const listing: ActivityBench['listing'] = [];
    for (const query of [...activitySorts.map((sort) => `sort=${sort}`), 'preset=past_year&sort=newest', 'preset=last_year&sort=az']) {
      const figures = await timed(runs, async () => {
        const answer = await ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?${query}`, headers: bearer(person.token) });
        if (answer.statusCode !== 200) throw new Error(`${query}: ${answer.statusCode} ${answer.body}`);
      });
      listing.push({ label: query, ...figures });
    }

    // 100,000 people, each holding 0-5 achievements (about 250,000 unlocks).
    const people = 100_000;
    await db.execute(sql`insert into users (email, password_hash, email_verified_at)
      select 'bench' || g || '@bench.test', 'x', now() from generate_series(1, ${people - 1}) g`);
    const codes = sql.raw(`array[${achievementCodes.map((c) => `'${c}'`).join(',')}]`);
    await db.execute(sql`insert into achievement_unlocks (user_id, code, unlocked_at)
      select u.id, (${codes})[k], now() from users u cross join generate_series(1, 5) k
      where u.email like 'bench%' and k <= (u.id % 6)`);
    await db.execute(
      sql`insert into achievement_unlocks (user_id, code, unlocked_at) values (${person.id}, 'first_post', now()), (${person.id}, 'five_posts', now())`,
    );
    await db.execute(
      sql`insert into achievement_totals (user_id, unlocked) select user_id, count(*) from achievement_unlocks group by user_id`,
    );
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze achievement_unlocks`);
    const counted = (await db.execute(sql`select count(*)::int as n from achievement_unlocks`)) as unknown as { rows: { n: number }[] };
    const unlocks = counted.rows[0]?.n ?? 0;
    const percentile = await timed(Math.min(runs, 50), async () => {
      await percentileOf(db, person.id);
    });
    return { listing, percentile: { people, unlocks, ...percentile } };
  } finally {
    await ctx.close();
  }
}

export function printActivity(bench: ActivityBench): void {
  for (const row of bench.listing) {
    const verdict = row.p99 <= 50 ? 'within' : 'OVER';
    console.log(
      `GET /api/activities?${row.label} (first page of 10,000): p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms (${verdict} the 50 ms target)`,
    );
  }
  const p = bench.percentile;
  console.log(
    `percentile among ${p.people.toLocaleString('en-GB')} people (${p.unlocks.toLocaleString('en-GB')} unlocks): p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
  );
}

if (import.meta.main) printActivity(await measureActivity());
