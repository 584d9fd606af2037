// Company suggestions for the job form: 'North' finds Northwind Studio among the
// registered companies, those starting with the words first; signed-in people only, what was typed
// is checked, LIKE's own characters match themselves, and a person's budget is limited like a read.
// An account that proved neither its email nor its phone gets none (403 verify_to_search, as search).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, CompanySuggestions } from '../../contract/careers.ts';
import { users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let person: Person;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createPerson(ctx, { firstName: 'Andrii' });
  for (const name of ['Northwind Studio', 'Acme North', 'Southwind', '100% Pure']) await createCompany(ctx, owner, name);
  person = await createPerson(ctx, { firstName: 'Olena' });
});
afterAll(async () => ctx.close());

/** The answer is `status` with `code`, in the contract's error shape. */
function expectError(answer: Awaited<ReturnType<typeof suggest>>, status: number, code: string) {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(expectErrorAnswer(answer).code).toBe(code);
}

const suggest = (q: string | undefined, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: careersPaths.companySuggestions,
    query: q === undefined ? {} : { q },
    headers: token ? bearer(token) : {},
  });

describe('company suggestions', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    expectError(await suggest('North'), 401, 'unauthenticated');
  });

  it('answers 403 verify_to_search to an account that proved neither its email nor its phone, and suggests once it did', async () => {
    const unproven = await createPerson(ctx, { firstName: 'Una' });
    const { db } = ctx.database;
    await db.update(users).set({ emailVerifiedAt: null, phoneVerifiedAt: null }).where(eq(users.id, unproven.id));
    expectError(await suggest('north', unproven.token), 403, 'verify_to_search');
    await db.update(users).set({ phoneVerifiedAt: ctx.clock.now() }).where(eq(users.id, unproven.id));
    const answer = await suggest('north', unproven.token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(CompanySuggestions.parse(answer.json().data).map((c) => c.name)).toContain('Northwind Studio');
  });

  it('suggest registered companies containing the words, those starting with them first, with their logo', async () => {
    const answer = await suggest('north', person.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const found = CompanySuggestions.parse(answer.json().data);
    expect(found.map((c) => [c.name, c.registered])).toEqual([
      ['Northwind Studio', true],
      ['Acme North', true],
    ]);
    expect(found[0]).toHaveProperty('logo_url', null);
    expect(CompanySuggestions.parse((await suggest('Nowhere Ltd', person.token)).json().data)).toEqual([]);
    expect(CompanySuggestions.parse((await suggest('%', person.token)).json().data).map((c) => c.name)).toEqual(['100% Pure']);
  });

  it('refuse an empty or overlong query with 422', async () => {
    for (const q of [undefined, '', '   ', 'x'.repeat(161)]) {
      const answer = await suggest(q, person.token);
      expectError(answer, 422, 'validation_failed');
      expect(answer.json().violations[0].field).toBe('q');
    }
  });

  it('limits how often one person asks (429), like other reads', async () => {
    const someone = await createPerson(ctx, { firstName: 'Maksym' });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) statuses.push((await suggest('No', someone.token)).statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expectError(await suggest('No', someone.token), 429, 'too_many_requests');
    // Another person's budget is their own.
    expect((await suggest('No', person.token)).statusCode).toBe(200);
  });
});
