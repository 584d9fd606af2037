// Live workspace lists (decision 091): every change a workspace shows is announced on the company's
// channel after it commits, naming the lists to read again; a refused change announces nothing, and
// another company's channel hears nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { channelNames, parseRealtimeEvent } from '../../contract/realtime.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let otherCompanyId: number;
let session: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createPerson(ctx);
  companyId = await createCompany(ctx, owner, 'Live Ltd');
  otherCompanyId = await createCompany(ctx, await createPerson(ctx));
  session = await enterCompany(ctx, owner, companyId);
});
afterAll(async () => ctx.close());
beforeEach(() => {
  ctx.realtime.sent.length = 0;
});

/** The lists announced on a company's channel since the test began, one array per event. */
function announced(id = companyId): string[][] {
  return ctx.realtime.sent
    .filter((m) => m.event === 'company.changed' && m.channel === channelNames.company(id))
    .map((m) => {
      expect(m.app).toBe('jobs');
      const payload = parseRealtimeEvent('company.changed', m.data);
      expect(payload?.company_id).toBe(id);
      return [...payload!.lists].sort();
    });
}

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = session) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as never }) });

describe('a workspace change', () => {
  it('to the brand page announces the workspace', async () => {
    expect((await call('PUT', workspacePaths.brand(companyId), { name: 'Live Ltd', industry_id: null })).statusCode).toBe(200);
    expect(announced()).toEqual([['workspace']]);
  });

  it('to invitations announces them: sent and revoked', async () => {
    const sent = await call('POST', workspacePaths.invitations(companyId), { email: 'someone-live@example.test' });
    expect(sent.statusCode).toBe(201);
    expect((await call('DELETE', workspacePaths.invitation(companyId, sent.json().data.id))).statusCode).toBe(204);
    expect(announced()).toEqual([['invitations'], ['invitations']]);
  });

  it('to teams announces teams and members', async () => {
    const team = await call('POST', workspacePaths.teams(companyId), { name: 'Live team' });
    expect(team.statusCode).toBe(201);
    expect((await call('DELETE', workspacePaths.team(companyId, team.json().data.id))).statusCode).toBe(204);
    expect(announced()).toEqual([
      ['members', 'teams'],
      ['members', 'teams'],
    ]);
  });

  it('to members announces members (and the workspace, whose role may have changed)', async () => {
    const memberId = await addMember(ctx, companyId, await createPerson(ctx));
    expect((await call('PUT', workspacePaths.member(companyId, memberId), { role: 'admin' })).statusCode).toBe(204);
    expect((await call('DELETE', workspacePaths.member(companyId, memberId))).statusCode).toBe(204);
    expect(announced()).toEqual([
      ['members', 'workspace'],
      ['employments', 'members', 'notifications', 'teams'],
    ]);
  });

  // The removed person's sockets must not keep hearing company.changed.
  it('on removing a member, and on a member leaving, tells the hub to drop the company channel’s sockets', async () => {
    const revokes = () => ctx.realtime.sent.filter((m) => m.event === 'subscriptions.revoked').map((m) => [m.app, m.channel]);
    const removed = await addMember(ctx, companyId, await createPerson(ctx));
    expect((await call('DELETE', workspacePaths.member(companyId, removed))).statusCode).toBe(204);
    expect(revokes()).toEqual([['jobs', channelNames.company(companyId)]]);
    const leaver = await createPerson(ctx);
    await addMember(ctx, companyId, leaver);
    const left = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.membership(companyId), headers: bearer(leaver.token) });
    expect(left.statusCode, left.body).toBe(204);
    expect(revokes()).toEqual([
      ['jobs', channelNames.company(companyId)],
      ['jobs', channelNames.company(companyId)],
    ]);
  });

  it('from outside: a join request asked and approved, an invitation accepted', async () => {
    const joiner = await createPerson(ctx);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.joinRequests(companyId),
      headers: bearer(joiner.token),
      payload: { message: 'Hello' },
    });
    expect(asked.statusCode).toBe(201);
    expect(
      (await call('POST', workspacePaths.joinRequestDecision(companyId, asked.json().data.id), { decision: 'approve' })).statusCode,
    ).toBe(200);
    expect(announced()).toEqual([
      ['join_requests', 'notifications'],
      ['employments', 'join_requests', 'members', 'notifications'],
    ]);

    ctx.realtime.sent.length = 0;
    const invitee = await createPerson(ctx);
    await call('POST', workspacePaths.invitations(companyId), { email: invitee.email });
    const mail = await vi.waitFor(() => {
      const sent = ctx.mail.filter((m) => m.to === invitee.email).at(-1);
      expect(sent).toBeDefined();
      return sent!;
    });
    const token = decodeURIComponent(/\/invitation\?token=([\w%-]+)/.exec(mail.text)![1]!);
    expect(
      (await ctx.app.inject({ method: 'POST', url: companyPublicPaths.invitationAccept(token), headers: bearer(invitee.token) }))
        .statusCode,
    ).toBe(200);
    expect(announced()).toEqual([['invitations'], ['employments', 'invitations', 'members', 'notifications', 'teams']]);
  });

  it('that is refused announces nothing, and no other company hears anything', async () => {
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    const memberSession = await enterCompany(ctx, member, companyId);
    expect((await call('POST', workspacePaths.teams(companyId), { name: 'Not mine' }, memberSession)).statusCode).toBe(403);
    expect((await call('POST', workspacePaths.teams(companyId), { name: '' })).statusCode).toBe(422);
    expect(announced()).toEqual([]);
    expect(announced(otherCompanyId)).toEqual([]);
  });
});
