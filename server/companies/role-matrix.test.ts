// The full role × endpoint matrix of the company workspace: anonymous, a signed-in person
// who is not a member, a member, an admin, the owner, and another company's owner; every cell is a
// request with a valid body, so the answer shows the guard and nothing else. Cells that may act get a
// target of their own, so one cell's success never changes another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleMay, type CompanyAction } from '../../contract/company-roles.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { companyInvitations, companyJoinRequests, teamMembers, teams } from '../db/company-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, givePassword, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let people: Record<'owner' | 'admin' | 'member' | 'outsider' | 'otherOwner', Person>;
let otherCompanyId: number;
let ownerPassword: string;

beforeAll(async () => {
  ctx = await createTestContext();
  people = {
    owner: await createPerson(ctx),
    admin: await createPerson(ctx),
    member: await createPerson(ctx),
    outsider: await createPerson(ctx),
    otherOwner: await createPerson(ctx),
  };
  otherCompanyId = await createCompany(ctx, people.otherOwner);
  ownerPassword = await givePassword(ctx, people.owner);
});
afterAll(async () => ctx.close());

interface Fixture {
  companyId: number;
  memberId: number;
}

type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> };

interface Endpoint {
  name: string;
  action: CompanyAction;
  success: 200 | 201 | 204;
  /** Builds the request, with whatever target it needs made fresh for this cell. */
  request(f: Fixture): Promise<Request>;
}

let seq = 0;
const freshMember = async (f: Fixture) => addMember(ctx, f.companyId, await createPerson(ctx));
const freshInvitation = async (f: Fixture) => {
  const sentAt = new Date(ctx.clock.now().getTime() - 120_000);
  const [row] = await ctx.database.db
    .insert(companyInvitations)
    .values({
      companyId: f.companyId,
      email: `invitee${++seq}@example.test`,
      invitedBy: people.owner.id,
      tokenHash: `hash-${seq}-${Math.random()}`,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 7 * 86_400_000),
    })
    .returning({ id: companyInvitations.id });
  return row!.id;
};
const freshTeam = async (f: Fixture, withMember = false) => {
  const [row] = await ctx.database.db
    .insert(teams)
    .values({ companyId: f.companyId, name: `Team ${++seq}` })
    .returning({ id: teams.id });
  if (withMember) await ctx.database.db.insert(teamMembers).values({ teamId: row!.id, memberId: f.memberId });
  return row!.id;
};

const endpoints: Endpoint[] = [
  {
    name: 'read the workspace',
    action: 'workspace.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.workspace(f.companyId) }),
  },
  {
    name: 'read the brand page',
    action: 'workspace.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.brand(f.companyId) }),
  },
  {
    name: 'edit the brand page',
    action: 'brand.edit',
    success: 200,
    request: async (f) => ({
      method: 'PUT',
      url: workspacePaths.brand(f.companyId),
      payload: { name: 'Renamed', industry_id: 1, about: 'About', website: 'https://acme.example', location: 'Kyiv', size: '11-50' },
    }),
  },
  {
    name: 'upload a logo',
    action: 'brand.edit',
    success: 200,
    request: async (f) => {
      const body = multipartFile(sampleFiles.png(), 'logo.png', { contentType: 'image/png' });
      return { method: 'POST', url: workspacePaths.logo(f.companyId), payload: body.payload, headers: body.headers };
    },
  },
  // The public brand page (decision 211): every member reads where it stands; brand editors change it.
  {
    name: 'read the public page settings',
    action: 'workspace.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.publicPageSettings(f.companyId) }),
  },
  {
    name: 'save the public page settings',
    action: 'brand.edit',
    success: 200,
    request: async (f) => ({
      method: 'PUT',
      url: workspacePaths.publicPageSettings(f.companyId),
      payload: { address: `matrix-company-${++seq}`, is_public: true, noindex: false },
    }),
  },
  {
    name: 'check a public page address',
    action: 'brand.edit',
    success: 200,
    request: async (f) => ({ method: 'GET', url: `${workspacePaths.publicPageAvailability(f.companyId)}?address=matrix-free-${++seq}` }),
  },
  {
    name: 'list members',
    action: 'members.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.members(f.companyId) }),
  },
  {
    name: 'change a role',
    action: 'members.changeRole',
    success: 204,
    request: async (f) => ({ method: 'PUT', url: workspacePaths.member(f.companyId, await freshMember(f)), payload: { role: 'admin' } }),
  },
  {
    name: 'remove a member',
    action: 'members.remove',
    success: 204,
    request: async (f) => ({ method: 'DELETE', url: workspacePaths.member(f.companyId, await freshMember(f)) }),
  },
  {
    name: 'transfer ownership',
    action: 'ownership.transfer',
    success: 204,
    request: async (f) => ({
      method: 'POST',
      url: workspacePaths.transferOwnership(f.companyId),
      payload: { member_id: await freshMember(f), current_password: ownerPassword },
    }),
  },
  {
    name: 'list invitations',
    action: 'invitations.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.invitations(f.companyId) }),
  },
  {
    name: 'invite',
    action: 'invitations.manage',
    success: 201,
    request: async (f) => ({
      method: 'POST',
      url: workspacePaths.invitations(f.companyId),
      payload: { email: `new${++seq}@example.test`, position: 'Engineer' },
    }),
  },
  {
    name: 're-send an invitation',
    action: 'invitations.manage',
    success: 200,
    request: async (f) => ({ method: 'POST', url: workspacePaths.invitationResend(f.companyId, await freshInvitation(f)) }),
  },
  {
    name: 'revoke an invitation',
    action: 'invitations.manage',
    success: 204,
    request: async (f) => ({ method: 'DELETE', url: workspacePaths.invitation(f.companyId, await freshInvitation(f)) }),
  },
  {
    name: 'list join requests',
    action: 'joinRequests.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.joinRequests(f.companyId) }),
  },
  {
    name: 'decide a join request',
    action: 'joinRequests.decide',
    success: 200,
    request: async (f) => {
      const person = await createPerson(ctx);
      const [row] = await ctx.database.db
        .insert(companyJoinRequests)
        .values({ companyId: f.companyId, userId: person.id, requestedAt: ctx.clock.now() })
        .returning({ id: companyJoinRequests.id });
      return { method: 'POST', url: workspacePaths.joinRequestDecision(f.companyId, row!.id), payload: { decision: 'approve' } };
    },
  },
  {
    name: 'list company notifications',
    action: 'notifications.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.notifications(f.companyId) }),
  },
  {
    name: 'list teams',
    action: 'teams.view',
    success: 200,
    request: async (f) => ({ method: 'GET', url: workspacePaths.teams(f.companyId) }),
  },
  {
    name: 'create a team',
    action: 'teams.manage',
    success: 201,
    request: async (f) => ({
      method: 'POST',
      url: workspacePaths.teams(f.companyId),
      payload: { name: 'Platform', lead_member_id: f.memberId },
    }),
  },
  {
    name: 'rename a team',
    action: 'teams.manage',
    success: 200,
    request: async (f) => ({ method: 'PUT', url: workspacePaths.team(f.companyId, await freshTeam(f)), payload: { name: 'Renamed team' } }),
  },
  {
    name: 'delete a team',
    action: 'teams.manage',
    success: 204,
    request: async (f) => ({ method: 'DELETE', url: workspacePaths.team(f.companyId, await freshTeam(f)) }),
  },
  {
    name: 'add a team member',
    action: 'teams.manage',
    success: 200,
    request: async (f) => ({
      method: 'POST',
      url: workspacePaths.teamMembers(f.companyId, await freshTeam(f)),
      payload: { member_id: f.memberId },
    }),
  },
  {
    name: 'remove a team member',
    action: 'teams.manage',
    success: 200,
    request: async (f) => ({ method: 'DELETE', url: workspacePaths.teamMember(f.companyId, await freshTeam(f, true), f.memberId) }),
  },
];

type Caller = 'anonymous' | 'non-member' | 'member' | 'admin' | 'owner' | "another company's owner";
const callers: Caller[] = ['anonymous', 'non-member', "another company's owner", 'member', 'admin', 'owner'];

function expectedStatus(caller: Caller, endpoint: Endpoint): number {
  switch (caller) {
    case 'anonymous':
    case 'non-member':
      return 401;
    case "another company's owner":
      return 404;
    default:
      return roleMay(caller, endpoint.action) ? endpoint.success : 403;
  }
}

describe.each(endpoints)('$name', (endpoint) => {
  let fixture: Fixture;
  let tokens: Record<Caller, string | undefined>;

  beforeAll(async () => {
    const companyId = await createCompany(ctx, people.owner);
    await addMember(ctx, companyId, people.admin, 'admin');
    const memberId = await addMember(ctx, companyId, people.member);
    fixture = { companyId, memberId };
    tokens = {
      anonymous: undefined,
      // A personal session, even one of a member, is not a company session.
      'non-member': people.outsider.token,
      member: await enterCompany(ctx, people.member, companyId),
      admin: await enterCompany(ctx, people.admin, companyId),
      owner: await enterCompany(ctx, people.owner, companyId),
      "another company's owner": await enterCompany(ctx, people.otherOwner, otherCompanyId),
    };
  });

  it.each(callers)('%s', async (caller) => {
    const request = await endpoint.request(fixture);
    const token = tokens[caller];
    const res = await ctx.app.inject({
      ...request,
      headers: { ...request.headers, ...(token ? bearer(token) : {}) },
      payload: request.payload as never,
    });
    expect({ caller, status: res.statusCode }).toEqual({ caller, status: expectedStatus(caller, endpoint) });
    if (res.statusCode >= 400) expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('a personal session of the owner', () => {
  it('opens no company endpoint', async () => {
    const companyId = await createCompany(ctx, people.owner);
    const res = await ctx.app.inject({ method: 'GET', url: workspacePaths.members(companyId), headers: bearer(people.owner.token) });
    expect(res.statusCode).toBe(401);
  });
});
