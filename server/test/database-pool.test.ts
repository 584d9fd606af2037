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

  it('empties every table by deleting the rows, not by rewriting each table as TRUNCATE does', async () => {
    const tableFiles = async (ctx: Awaited<ReturnType<typeof createTestContext>>) =>
      (
        (await ctx.database.db.execute(sql`
          select c.relname as name, pg_relation_filenode(c.oid)::text as file,
            (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', n.nspname, c.relname), false, true, '')))[1]::text::int as rows
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' order by 1`)) as unknown as {
          rows: { name: string; file: string; rows: number }[];
        }
      ).rows;
    const first = await createTestContext();
    const owner = await createPerson(first);
    await createCompany(first, owner);
    const before = await tableFiles(first);
    // The person's profile fills the search tables through triggers: those are emptied too.
    expect(before.filter((table) => table.rows > 0).map((table) => table.name)).toEqual(
      expect.arrayContaining(['users', 'companies', 'search_people']),
    );
    await first.close();

    const second = await createTestContext();
    try {
      const after = await tableFiles(second);
      expect(after.filter((table) => table.rows > 0)).toEqual([]);
      // Each table keeps its file: a TRUNCATE of every table cost 0.6–2.6 s a file (decision 299).
      expect(after.map(({ name, file }) => ({ name, file }))).toEqual(before.map(({ name, file }) => ({ name, file })));
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
