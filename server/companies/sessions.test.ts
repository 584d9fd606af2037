// The hand-over to the company host (decision 090): codes are single use, live 60 s, name one person
// and one company; the company session works only for that company and ends with the membership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { Workspace } from '../../contract/companies.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createPerson(ctx, { firstName: 'Olena' });
  companyId = await createCompany(ctx, owner, 'Acme Ltd');
});
afterAll(async () => ctx.close());

async function askCode(person: Person, company = companyId) {
  return ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.handoff,
    headers: bearer(person.token),
    payload: { company_id: company },
  });
}
async function exchange(code: string) {
  return ctx.app.inject({ method: 'POST', url: workspacePaths.exchange, payload: { code } });
}

describe('a hand-over code', () => {
  it('is issued to a member and exchanged once for a session of that company', async () => {
    const issued = await askCode(owner);
    expect(issued.statusCode).toBe(201);
    const { code, expires_at } = issued.json().data;
    expect(new Date(expires_at).getTime() - ctx.clock.now().getTime()).toBe(60_000);

    const first = await exchange(code);
    expect(first.statusCode).toBe(201);
    const workspace = Workspace.parse(first.json().data.workspace);
    expect(workspace).toMatchObject({ company: { id: companyId, name: 'Acme Ltd' }, me: { user_id: owner.id, role: 'owner' } });
    expect(workspace.permissions).toContain('ownership.transfer');

    const again = await exchange(code);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Access to the company profile is denied');
  });

  it('is dead after 60 seconds', async () => {
    const { code } = (await askCode(owner)).json().data;
    ctx.clock.advance(60_001);
    const res = await exchange(code);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access to the company profile is denied');
  });

  it('is refused to someone who is not a member, and to anonymous callers', async () => {
    const outsider = await createPerson(ctx);
    const res = await askCode(outsider);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Access to the company profile is denied');
    const anonymous = await ctx.app.inject({ method: 'POST', url: companyPublicPaths.handoff, payload: { company_id: companyId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('that was never issued is refused', async () => {
    expect((await exchange('made-up-code')).statusCode).toBe(403);
  });
});

describe('a company session', () => {
  it('opens only its own company; a personal session opens none', async () => {
    const otherOwner = await createPerson(ctx);
    const otherCompany = await createCompany(ctx, otherOwner);
    const token = await enterCompany(ctx, owner, companyId);
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(otherCompany), headers: bearer(token) })).statusCode).toBe(
      404,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(owner.token) })).statusCode,
    ).toBe(401);
  });

  it('of a removed member is refused on the very next request, and their codes stop working', async () => {
    const member = await createPerson(ctx);
    const memberId = await addMember(ctx, companyId, member);
    const memberToken = await enterCompany(ctx, member, companyId);
    const { code } = (await askCode(member)).json().data;
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.members(companyId), headers: bearer(memberToken) })).statusCode).toBe(
      200,
    );

    const ownerToken = await enterCompany(ctx, owner, companyId);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.member(companyId, memberId),
      headers: bearer(ownerToken),
    });
    expect(removed.statusCode).toBe(204);

    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.members(companyId), headers: bearer(memberToken) })).statusCode).toBe(
      401,
    );
    expect((await exchange(code)).statusCode).toBe(403);
    expect((await askCode(member)).statusCode).toBe(403);
  });

  it('names its company and member at GET /api/company-session; no session there is 401', async () => {
    const token = await enterCompany(ctx, owner, companyId);
    const res = await ctx.app.inject({ method: 'GET', url: workspacePaths.session, headers: bearer(token) });
    expect(Workspace.parse(res.json().data)).toMatchObject({ company: { id: companyId }, me: { user_id: owner.id, role: 'owner' } });
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.session, headers: bearer(owner.token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.session })).statusCode).toBe(401);
  });

  it('ends on sign-out from the company host', async () => {
    const token = await enterCompany(ctx, owner, companyId);
    const out = await ctx.app.inject({ method: 'DELETE', url: workspacePaths.session, headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });
});

describe('the OpenAPI document', () => {
  it('lists every company endpoint', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    const expected = [
      companyPublicPaths.handoff,
      workspacePaths.exchange,
      workspacePaths.session,
      companyPublicPaths.publicPage('{companyId}'),
      companyPublicPaths.joinRequests('{companyId}'),
      companyPublicPaths.invitation('{token}'),
      companyPublicPaths.invitationAccept('{token}'),
      companyPublicPaths.invitationDecline('{token}'),
      workspacePaths.workspace('{companyId}'),
      workspacePaths.brand('{companyId}'),
      workspacePaths.members('{companyId}'),
      workspacePaths.member('{companyId}', '{memberId}'),
      workspacePaths.transferOwnership('{companyId}'),
      workspacePaths.invitations('{companyId}'),
      workspacePaths.invitation('{companyId}', '{invitationId}'),
      workspacePaths.invitationResend('{companyId}', '{invitationId}'),
      workspacePaths.joinRequests('{companyId}'),
      workspacePaths.joinRequestDecision('{companyId}', '{requestId}'),
      workspacePaths.teams('{companyId}'),
      workspacePaths.team('{companyId}', '{teamId}'),
      workspacePaths.teamMembers('{companyId}', '{teamId}'),
      workspacePaths.teamMember('{companyId}', '{teamId}', '{memberId}'),
      workspacePaths.notifications('{companyId}'),
      workspacePaths.logo('{companyId}'),
      workspacePaths.cover('{companyId}'),
    ];
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(doc.paths[workspacePaths.invitations('{companyId}')].post.requestBody.content['application/json'].schema.required).toEqual([
      'email',
    ]);
  });
});
