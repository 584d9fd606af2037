// Members and roles (exactly one owner, who changes whom) and teams (lead, several teams per member).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Team } from '../../contract/companies.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { notificationApiPaths, type Notification } from '../../contract/notifications.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createStaffedCompany, enterCompany, givePassword, type Staff } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function company() {
  const { companyId, owner, admin, member } = await createStaffedCompany(ctx);
  const withSession = async ({ person, memberId }: Staff) => ({
    person,
    id: memberId,
    session: await enterCompany(ctx, person, companyId),
  });
  return { companyId, owner: await withSession(owner), admin: await withSession(admin), member: await withSession(member) };
}

const call = (session: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(session), payload: payload as never });

async function roles(companyId: number, session: string) {
  const res = await call(session, 'GET', workspacePaths.members(companyId));
  return Object.fromEntries((res.json().data as Member[]).map((m) => [m.id, m.role]));
}

describe('members and roles', () => {
  it('lists members owner first with their roles', async () => {
    const c = await company();
    const res = await call(c.member.session, 'GET', workspacePaths.members(c.companyId));
    const members = res.json().data.map((m: unknown) => Member.parse(m));
    expect(members.map((m: Member) => m.role)).toEqual(['owner', 'admin', 'member']);
  });

  it('ownership moves by transfer only, leaving exactly one owner', async () => {
    const c = await company();
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.owner.id), { role: 'member' })).statusCode).toBe(403);
    expect((await call(c.admin.session, 'PUT', workspacePaths.member(c.companyId, c.owner.id), { role: 'member' })).statusCode).toBe(403);
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.owner.id), { role: 'owner' })).statusCode).toBe(422);
    const current_password = await givePassword(ctx, c.owner.person);
    const toSelf = await call(c.owner.session, 'POST', workspacePaths.transferOwnership(c.companyId), {
      member_id: c.owner.id,
      current_password,
    });
    expect([toSelf.statusCode, toSelf.json().code]).toEqual([409, 'already_owner']);

    const moved = await call(c.owner.session, 'POST', workspacePaths.transferOwnership(c.companyId), {
      member_id: c.member.id,
      current_password,
    });
    expect(moved.statusCode).toBe(204);
    expect(await roles(c.companyId, c.admin.session)).toEqual({ [c.owner.id]: 'admin', [c.admin.id]: 'admin', [c.member.id]: 'owner' });
    // The old owner's session now carries the admin role: no more transfers.
    expect(
      (await call(c.owner.session, 'POST', workspacePaths.transferOwnership(c.companyId), { member_id: c.admin.id, current_password }))
        .statusCode,
    ).toBe(403);
  });

  // A stolen company session must not give the company away: the owner's password travels with it
  // (decision 235), and nothing moves without it or with a wrong one.
  it('transfers ownership only with the owner’s current password', async () => {
    const c = await company();
    const password = await givePassword(ctx, c.owner.person);
    const transfer = (payload: object) => call(c.owner.session, 'POST', workspacePaths.transferOwnership(c.companyId), payload);
    const without = await transfer({ member_id: c.member.id });
    expect([without.statusCode, without.json().code]).toEqual([403, 'reauthentication_required']);
    const wrong = await transfer({ member_id: c.member.id, current_password: 'Not-the-Passw0rd' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'reauthentication_failed']);
    expect(await roles(c.companyId, c.admin.session)).toEqual({ [c.owner.id]: 'owner', [c.admin.id]: 'admin', [c.member.id]: 'member' });
    expect((await transfer({ member_id: c.member.id, current_password: password })).statusCode).toBe(204);
    expect(await roles(c.companyId, c.admin.session)).toEqual({ [c.owner.id]: 'admin', [c.admin.id]: 'admin', [c.member.id]: 'owner' });
  });

  it('admins manage members but not other admins or the owner', async () => {
    const c = await company();
    expect((await call(c.admin.session, 'PUT', workspacePaths.member(c.companyId, c.member.id), { role: 'admin' })).statusCode).toBe(204);
    expect((await call(c.admin.session, 'DELETE', workspacePaths.member(c.companyId, c.member.id))).statusCode).toBe(403);
    expect((await call(c.admin.session, 'DELETE', workspacePaths.member(c.companyId, c.owner.id))).statusCode).toBe(403);
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.member.id), { role: 'member' })).statusCode).toBe(204);
    expect((await call(c.admin.session, 'DELETE', workspacePaths.member(c.companyId, c.member.id))).statusCode).toBe(204);
    const notes = (await call(c.owner.session, 'GET', workspacePaths.notifications(c.companyId))).json().data;
    expect(notes[0]).toMatchObject({ kind: 'member_left', actor: { user_id: c.member.person.id } });
    expect((await call(c.member.session, 'GET', workspacePaths.notifications(c.companyId))).statusCode).toBe(401);
    expect((await call(c.owner.session, 'DELETE', workspacePaths.member(c.companyId, c.owner.id))).statusCode).toBe(403);
    expect((await call(c.owner.session, 'DELETE', workspacePaths.member(c.companyId, 999999))).statusCode).toBe(404);
  });

  it('tells the member their new role in a personal notification, unless they turned the kind off', async () => {
    const c = await company();
    const personal = async (token: string) =>
      (
        (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(token) })).json().data
          .items as Notification[]
      ).filter((n) => n.kind === 'role_changed');
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.member.id), { role: 'admin' })).statusCode).toBe(204);
    const [promoted] = await personal(c.member.person.token);
    expect(promoted).toMatchObject({
      kind: 'role_changed',
      scope: 'personal',
      company: { id: c.companyId },
      actor: { user_id: c.owner.person.id },
      subject: { type: 'company', id: c.companyId, name: 'admin' },
    });
    // Nobody else hears of it, and choosing the role the member already has says nothing.
    expect(await personal(c.admin.person.token)).toEqual([]);
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.member.id), { role: 'admin' })).statusCode).toBe(204);
    expect(await personal(c.member.person.token)).toHaveLength(1);
    // The notification-type setting applies to it like to every other kind.
    const off = await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.notificationTypes,
      headers: bearer(c.member.person.token),
      payload: { role_changed: 'none' },
    });
    expect(off.statusCode).toBe(200);
    expect((await call(c.owner.session, 'PUT', workspacePaths.member(c.companyId, c.member.id), { role: 'member' })).statusCode).toBe(204);
    expect(await personal(c.member.person.token)).toHaveLength(1);
    expect(await roles(c.companyId, c.owner.session)).toHaveProperty(String(c.member.id), 'member');
  });

  it("another company's member ids answer 404", async () => {
    const a = await company();
    const b = await company();
    expect((await call(a.owner.session, 'DELETE', workspacePaths.member(a.companyId, b.member.id))).statusCode).toBe(404);
    expect(await roles(b.companyId, b.owner.session)).toHaveProperty(String(b.member.id), 'member');
  });
});

describe('teams', () => {
  it('are created with a lead who is in the team, renamed, joined by several, left, and deleted', async () => {
    const c = await company();
    const created = await call(c.admin.session, 'POST', workspacePaths.teams(c.companyId), {
      name: 'Platform',
      lead_member_id: c.member.id,
    });
    expect(created.statusCode).toBe(201);
    const team = Team.parse(created.json().data);
    expect(team).toMatchObject({ name: 'Platform', lead_member_id: c.member.id, member_ids: [c.member.id] });

    const second = Team.parse((await call(c.admin.session, 'POST', workspacePaths.teams(c.companyId), { name: 'Design' })).json().data);
    const joined = await call(c.admin.session, 'POST', workspacePaths.teamMembers(c.companyId, second.id), { member_id: c.member.id });
    expect(joined.json().data.member_ids).toEqual([c.member.id]);
    const members = (await call(c.member.session, 'GET', workspacePaths.members(c.companyId))).json().data as Member[];
    expect(members.find((m) => m.id === c.member.id)?.team_ids).toEqual([team.id, second.id]);

    const renamed = await call(c.owner.session, 'PUT', workspacePaths.team(c.companyId, team.id), {
      name: 'Core platform',
      lead_member_id: c.member.id,
    });
    expect(renamed.json().data.name).toBe('Core platform');

    const left = await call(c.owner.session, 'DELETE', workspacePaths.teamMember(c.companyId, team.id, c.member.id));
    expect(left.json().data).toMatchObject({ lead_member_id: null, member_ids: [] });
    expect((await call(c.owner.session, 'DELETE', workspacePaths.teamMember(c.companyId, team.id, c.member.id))).statusCode).toBe(404);

    expect((await call(c.owner.session, 'DELETE', workspacePaths.team(c.companyId, team.id))).statusCode).toBe(204);
    const remaining = (await call(c.member.session, 'GET', workspacePaths.teams(c.companyId))).json().data as Team[];
    expect(remaining.map((t) => t.name)).toEqual(['Design']);
  });

  it("refuse another company's member as lead or member, and answer 404 for another company's team", async () => {
    const a = await company();
    const b = await company();
    const lead = await call(a.owner.session, 'POST', workspacePaths.teams(a.companyId), { name: 'X', lead_member_id: b.member.id });
    expect(lead.statusCode).toBe(422);
    expect(lead.json().violations[0].field).toBe('lead_member_id');
    const team = (await call(a.owner.session, 'POST', workspacePaths.teams(a.companyId), { name: 'Y' })).json().data;
    const add = await call(a.owner.session, 'POST', workspacePaths.teamMembers(a.companyId, team.id), { member_id: b.member.id });
    expect(add.statusCode).toBe(422);
    expect((await call(b.owner.session, 'DELETE', workspacePaths.team(b.companyId, team.id))).statusCode).toBe(404);
  });

  it('lose a removed member', async () => {
    const c = await company();
    const team = (
      await call(c.owner.session, 'POST', workspacePaths.teams(c.companyId), { name: 'Ops', lead_member_id: c.member.id })
    ).json().data;
    await call(c.owner.session, 'DELETE', workspacePaths.member(c.companyId, c.member.id));
    const [after] = (await call(c.owner.session, 'GET', workspacePaths.teams(c.companyId))).json().data as Team[];
    expect(after).toMatchObject({ id: team.id, lead_member_id: null, member_ids: [] });
  });
});
