// Property: whatever JSON or path anyone sends to a company endpoint, as any caller, the answer is
// never a 5xx (bad input gets a clear 4xx).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { arbitraryBody, expectNoServerError, propertyRuns } from '../test/arbitrary-input.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let sessions: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createPerson(ctx);
  companyId = await createCompany(ctx, owner);
  const member = await createPerson(ctx);
  await addMember(ctx, companyId, member);
  sessions = [await enterCompany(ctx, owner, companyId), await enterCompany(ctx, member, companyId), owner.token];
});
afterAll(async () => ctx.close());

const idLike = fc.oneof(
  fc.integer({ min: -2, max: 5 }).map(String),
  fc.constantFrom('0', '1e3', 'abc', '99999999999999999999', '%00', '-1'),
);
const target = fc.oneof(
  fc.constant<[string, string]>(['PUT', workspacePaths.brand(1)]),
  idLike.map((id): [string, string] => ['PUT', workspacePaths.brand(id)]),
  idLike.map((id): [string, string] => ['PUT', workspacePaths.member(1, id)]),
  idLike.map((id): [string, string] => ['DELETE', workspacePaths.member(1, id)]),
  fc.constant<[string, string]>(['POST', workspacePaths.transferOwnership(1)]),
  fc.constant<[string, string]>(['POST', workspacePaths.invitations(1)]),
  idLike.map((id): [string, string] => ['POST', workspacePaths.invitationResend(1, id)]),
  idLike.map((id): [string, string] => ['DELETE', workspacePaths.invitation(1, id)]),
  idLike.map((id): [string, string] => ['POST', workspacePaths.joinRequestDecision(1, id)]),
  fc.constant<[string, string]>(['POST', workspacePaths.teams(1)]),
  idLike.map((id): [string, string] => ['PUT', workspacePaths.team(1, id)]),
  idLike.map((id): [string, string] => ['POST', workspacePaths.teamMembers(1, id)]),
  fc.tuple(idLike, idLike).map(([t, m]): [string, string] => ['DELETE', workspacePaths.teamMember(1, t, m)]),
  fc.constant<[string, string]>(['POST', companyPublicPaths.handoff]),
  fc.constant<[string, string]>(['POST', workspacePaths.exchange]),
  idLike.map((id): [string, string] => ['POST', companyPublicPaths.joinRequests(id)]),
  fc.string({ maxLength: 40 }).map((t): [string, string] => ['POST', companyPublicPaths.invitationAccept(encodeURIComponent(t) || 'x')]),
  fc.string({ maxLength: 40 }).map((t): [string, string] => ['POST', companyPublicPaths.invitationDecline(encodeURIComponent(t) || 'x')]),
);

const fieldNames = [
  'name',
  'industry_id',
  'about',
  'website',
  'location',
  'size',
  'role',
  'member_id',
  'email',
  'position',
  'team_id',
  'decision',
  'lead_member_id',
  'message',
  'company_id',
  'code',
];
const body = arbitraryBody(fieldNames, [
  'admin',
  'member',
  'owner',
  'approve',
  'decline',
  '11-50',
  'https://a.example',
  'javascript:alert(1)',
  'a@b.co',
]);

describe('company endpoints under arbitrary input', () => {
  it('never answer with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(target, body, fc.integer({ min: -1, max: 2 }), async ([method, url], payload, who) => {
        const token = who >= 0 ? sessions[who] : undefined;
        const res = await ctx.app.inject({
          method: method as 'POST',
          url: url.replace('/api/companies/1/', `/api/companies/${companyId}/`),
          headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
          payload: method === 'DELETE' ? undefined : (JSON.stringify(payload) ?? 'null'),
          remoteAddress: `10.7.${who + 1}.1`,
        });
        expectNoServerError(res, `${method} ${url}`, payload);
      }),
      { numRuns: propertyRuns(400) },
    );
  }, 180_000);
});
