import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPerson, createCompany } from './company-helpers.ts';
import { databasesMade } from './database-pool.ts';
import { createTestContext } from './harness.ts';

// Decision 229: a test file's database is emptied and kept for the worker's next file instead of a new
// copy of the template each time. What a file sees must not tell the two apart.
type Counts = { users: number; companies: number; members: number; tokens: number };
const counts = async (ctx: Awaited<ReturnType<typeof createTestContext>>) =>
  (
    (await ctx.database.db.execute(sql`
      select (select count(*)::int from users) as users, (select count(*)::int from companies) as companies,
        (select count(*)::int from company_members) as members, (select count(*)::int from auth_tokens) as tokens`)) as unknown as {
      rows: Counts[];
    }
  ).rows[0];

describe('the test databases a worker keeps', () => {
  it('gives the next file a kept database with every table empty and every id starting again', async () => {
    const first = await createTestContext();
    const owner = await createPerson(first);
    const company = await createCompany(first, owner);
    expect(await counts(first)).toEqual({ users: 1, companies: 1, members: 1, tokens: 1 });
    await first.close();

    const made = databasesMade();
    const second = await createTestContext();
    try {
      expect(databasesMade()).toBe(made);
      expect(await counts(second)).toEqual({ users: 0, companies: 0, members: 0, tokens: 0 });
      const again = await createPerson(second);
      expect(again.id).toBe(owner.id);
      expect(await createCompany(second, again)).toBe(company);
      // The migration journal stays: the database is still migrated.
      const journal = (await second.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { n: number }[];
      };
      expect(journal.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });

  it('does not keep a database a test closed itself, and the next file gets a working one', async () => {
    const broken = await createTestContext();
    await broken.relay.stop();
    await broken.database.close();
    await broken.close();

    const next = await createTestContext();
    try {
      expect(await counts(next)).toEqual({ users: 0, companies: 0, members: 0, tokens: 0 });
      await createPerson(next);
      expect((await counts(next))?.users).toBe(1);
    } finally {
      await next.close();
    }
  });
});
