// A person's name words (decision 220) are written only when the name changes (decision 274):
// a headline, a skill or a language refreshes the search document but leaves the rows of
// search_name_people as they are (the same row versions), so their pages keep their all-visible flag.
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { profileLanguages, skills } from '../db/profile-schema.ts';
import { profiles } from '../db/schema.ts';
import { createNamedPerson } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** Each of the person's name words with the row version that holds it. */
async function wordRows(userId: number): Promise<{ word: string; version: string }[]> {
  const result = (await ctx.database.db.execute(
    sql`select word, ctid::text || ':' || xmin::text as version from search_name_people where user_id = ${userId} order by word`,
  )) as unknown as { rows: { word: string; version: string }[] };
  return result.rows;
}

describe('the name words follow the name only', () => {
  it('a refresh that keeps the name writes no name word; a new name replaces only the words that changed', async () => {
    const db = ctx.database.db;
    const p = await createNamedPerson(ctx, 'Orysia', 'Kept-Wordson');
    const before = await wordRows(p.id);
    expect(before.map((r) => r.word)).toEqual(['kipt', 'orisia', 'vordson']);

    await db.update(profiles).set({ headline: 'Typesetter', location: 'Poltava' }).where(eq(profiles.userId, p.id));
    await db.insert(skills).values({ userId: p.id, name: 'Letterpress' });
    await db.insert(profileLanguages).values({ userId: p.id, code: 'uk', proficiency: 'native' });
    // The document was refreshed (the skill is there) and the words were not written again.
    const document = (await db.execute(sql`select skills from search_people where user_id = ${p.id}`)) as unknown as {
      rows: { skills: string }[];
    };
    expect(document.rows[0]!.skills).toBe('letterpress');
    expect(await wordRows(p.id)).toEqual(before);

    await db.update(profiles).set({ lastName: 'Kept-Newname' }).where(eq(profiles.userId, p.id));
    const after = await wordRows(p.id);
    expect(after.map((r) => r.word)).toEqual(['kipt', 'nivnami', 'orisia']);
    // The words the names share stay as they were.
    expect(after.find((r) => r.word === 'kipt')).toEqual(before.find((r) => r.word === 'kipt'));
    expect(after.find((r) => r.word === 'orisia')).toEqual(before.find((r) => r.word === 'orisia'));
  });
});
