// Property: whatever JSON a signed-in person sends to a profile endpoint, the answer is never a 5xx
// (bad input gets a clear 4xx and changes nothing it should not).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { sectionNames } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { arbitraryBody, expectNoServerError, propertyRuns } from '../test/arbitrary-input.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await createUser(ctx);
});
afterAll(async () => ctx.close());

const targets: { method: 'POST' | 'PUT' | 'DELETE'; url: string }[] = [
  { method: 'PUT', url: profileApiPaths.update },
  { method: 'POST', url: profileApiPaths.importResume },
  { method: 'POST', url: profileApiPaths.recommendationsOf(1) },
  { method: 'PUT', url: profileApiPaths.recommendation(1) },
  ...sectionNames.flatMap((s) => [
    { method: 'POST' as const, url: profileApiPaths.section(s) },
    { method: 'PUT' as const, url: profileApiPaths.sectionItem(s, 1) },
  ]),
];

const fieldNames = [
  'first_name',
  'last_name',
  'name',
  'code',
  'proficiency',
  'position',
  'company_name',
  'start_date',
  'end_date',
  'is_current',
  'open_to_work',
  'url',
  'website',
  'media_file_id',
  'school',
  'title',
  'provider',
  'status',
  'text',
  'header',
  'skills',
  'employments',
];
const likely = ['2020-01-01', '2020-13-45', '9999-99-99', 'javascript:alert(1)', 'https://x.example', 'uk', 'C1', 'native', 'accepted'];
// A body every target accepts (each takes the fields it knows), with a few replaced: reaches the
// services and the database, not just the schema.
const complete = {
  first_name: 'Olena',
  last_name: 'Kovalenko',
  open_to_work: true,
  position: 'Engineer',
  company_name: 'Acme',
  start_date: '2020-01-01',
  end_date: '2021-01-01',
  is_current: false,
  name: 'TypeScript',
  code: 'uk',
  proficiency: 'C1',
  school: 'KPI',
  title: 'Site',
  provider: 'Cisco',
  text: 'Great colleague',
  status: 'accepted',
};
const body = arbitraryBody(fieldNames, likely, fc.constant(complete));

describe('profile endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), body, async (target, payload) => {
        const res = await ctx.app.inject({
          method: target.method,
          url: target.url,
          headers: { ...bearer(user.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expectNoServerError(res, `${target.method} ${target.url}`, payload);
      }),
      { numRuns: propertyRuns(300) },
    );
  }, 120_000);
});
