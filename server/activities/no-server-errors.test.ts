// Property: whatever a signed-in person sends to the activity, comment and achievement endpoints
// (bodies, query strings, ids), the answer is never a 5xx, and every error answer has its shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementApiPaths } from '../../contract/achievements.ts';
import { activityApiPaths } from '../../contract/activities.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let user: TestUser;
let entryId: number;
let commentId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
  const made = await ctx.app.inject({
    method: 'POST',
    url: activityApiPaths.list,
    headers: bearer(user.token),
    payload: { title: 'Seed', text: 'Seed' },
  });
  entryId = made.json().data.id;
  const commented = await ctx.app.inject({
    method: 'POST',
    url: activityApiPaths.comments(entryId),
    headers: bearer(user.token),
    payload: { text: 'Seed' },
  });
  commentId = commented.json().data.items[0].id;
});
afterAll(async () => ctx.close());

const idText = fc.oneof(
  fc.constantFrom('1', '0', '-1', 'abc', '9007199254740993', '99999999999999999999', '1.5', '%00', 'null'),
  fc.nat().map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
const value = fc.oneof(
  fc.string(),
  fc.tuple(fc.string(), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string()).map((parts) => parts.join('')),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
);
const body = fc.oneof(fc.dictionary(fc.constantFrom('title', 'text', 'parent_id'), value), fc.anything());
const queryValue = fc.oneof(
  fc.constantFrom(
    'today',
    'past_month',
    'this_year',
    'newest',
    'az',
    '2026-01-01',
    '2026-02-30',
    '0000-01-01',
    '9999-12-31',
    'WzEsMV0',
    'x',
  ),
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
);
const query = fc
  .dictionary(fc.constantFrom('user', 'preset', 'from', 'to', 'sort', 'cursor', 'limit', 'locale'), queryValue, { maxKeys: 4 })
  .map((q) => new URLSearchParams(q).toString());

const request = fc.oneof(
  query.map((q) => ({ method: 'GET' as const, url: `${activityApiPaths.list}?${q}` })),
  body.map((payload) => ({ method: 'POST' as const, url: activityApiPaths.list, payload })),
  fc.tuple(idText, body).map(([id, payload]) => ({ method: 'POST' as const, url: activityApiPaths.comments(id), payload })),
  fc
    .tuple(
      fc.constantFrom('entry', 'comments', 'comment', 'like'),
      fc.constantFrom('GET', 'PUT', 'DELETE') as fc.Arbitrary<'GET' | 'PUT' | 'DELETE'>,
      idText,
    )
    .map(([kind, method, id]) => ({ method, url: activityApiPaths[kind as 'entry'](id) })),
  idText.map((id) => ({ method: 'GET' as const, url: achievementApiPaths.of(id) })),
  body.map((payload) => ({
    method: 'POST' as const,
    url: activityApiPaths.comments(entryId),
    payload: { ...(payload as object), parent_id: commentId },
  })),
);

describe('activity, comment and achievement endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const payload = 'payload' in r ? r.payload : undefined;
        const res = await ctx.app.inject({
          method: r.method,
          url: r.url,
          headers: { ...bearer(user.token), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(payload !== undefined ? { payload: JSON.stringify(payload) ?? 'null' } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(payload)} -> ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expectErrorAnswer(res, `${r.method} ${r.url}`);
      }),
      { numRuns: Number(process.env['PROPERTY_RUNS'] ?? 300) },
    );
  }, 180_000);
});
