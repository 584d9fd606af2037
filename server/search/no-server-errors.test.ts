// Property: whatever a signed-in person puts in a search's or a suggestion's query string (hostile
// text, LIKE and tsquery characters, impossible numbers, broken cursors), the answer is never a 5xx,
// and every error answer has its shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchApiPaths } from '../../contract/search.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { propertyRuns } from '../test/arbitrary-input.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
// Several people, so the per-person limit leaves most runs reaching the database.
let people: TestUser[];

beforeAll(async () => {
  ctx = await createTestContext();
  people = [];
  for (let i = 0; i < 8; i += 1) people.push(await createUser(ctx, { firstName: i % 2 ? 'Olena' : 'Петро' }));
});
afterAll(async () => ctx.close());

const queryValue = fc.oneof(
  fc.constantFrom(
    'olen kov',
    "o'brien",
    '%',
    '_',
    '\\',
    '!',
    '&',
    '|',
    ':*',
    '(',
    "'':*",
    'true',
    '0',
    '1',
    '6',
    '7',
    'B2',
    'native',
    'en',
    'companies',
    'people',
    'open_to_work',
    'WzEsMV0',
    'WyIxLjAwMDAiLDFd',
    'a'.repeat(101),
  ),
  fc.tuple(fc.string(), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string()).map((parts) => parts.join('')),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);
const query = fc
  .dictionary(
    fc.constantFrom(
      'q',
      'type',
      'skill',
      'language',
      'level',
      'location',
      'company',
      'status',
      'verified',
      'competency',
      'min_score',
      'cursor',
      'limit',
      'locale',
    ),
    queryValue,
    { maxKeys: 5 },
  )
  .map((q) => new URLSearchParams(q).toString());
const request = fc.tuple(fc.constantFrom(searchApiPaths.search, searchApiPaths.suggestions), query, fc.nat());

describe('search endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ([path, q, who]) => {
        const url = `${path}?${q}`;
        const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(people[who % people.length]!.token) });
        expect(res.statusCode, `GET ${url} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectErrorAnswer(res, `GET ${url}`);
      }),
      { numRuns: propertyRuns(300) },
    );
  }, 180_000);
});
