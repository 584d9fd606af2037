// A company session hangs off the profile session
// that opened it. It is listed with it, ends with it (sign out this session, sign out everywhere else,
// signing out, a password change), lives 12 hours at most and never past it, ends when the company's
// two-step rule refuses it, and every ending closes its sockets on the company's channel and says why.
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { companySessionEndReasons } from '../../contract/company-sessions.ts';
import { broadcastingAuthPath } from '../../contract/realtime.ts';
import { apiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { authTokens, companies, users } from '../db/schema.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { hashToken } from '../shared/auth/tokens.ts';
import { CompanySessionEndedError } from '../shared/companies/session.ts';
import { bearer, nextAddress } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const password = 'Sturdy-Passw0rd';

const workspace = (session: string, companyId: number) =>
  ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(session) });

/** The workspace's answer as [status, code, reason, company name]. */
async function answerOf(session: string, companyId: number): Promise<[number, string | undefined, string | undefined, string | undefined]> {
  const res = await workspace(session, companyId);
  if (res.statusCode === 200) return [200, undefined, undefined, undefined];
  const body = res.json() as { code?: string; reason?: string; company_name?: string };
  return [res.statusCode, body.code, body.reason, body.company_name];
}

/** The company channels the hub was told to close since `before`. */
const companyChannelsRevoked = (before: number) =>
  ctx.realtime.sent
    .slice(before)
    .filter((m) => m.event === 'subscriptions.revoked' && m.channel.startsWith('private-company.'))
    .map((m) => m.channel);

async function owner(name: string): Promise<{ person: Person; companyId: number }> {
  const person = await createPerson(ctx);
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, person.id));
  return { person, companyId: await createCompany(ctx, person, name) };
}

async function turnOnTwoStep(person: Person): Promise<void> {
  const setup = await ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.setup, headers: bearer(person.token) });
  const { secret } = TwoFactorSetup.parse(setup.json().data);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: twoFactorApiPaths.confirm,
    headers: bearer(person.token),
    payload: { code, current_password: password },
  });
  expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
}

const sessionsOf = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { id: number; current: boolean; workspaces: { company_id: number; company_name: string }[] }[];
};

describe('the sessions list', () => {
  it('lists each workspace under the profile session that opened it, to its owner only', async () => {
    const { person, companyId } = await owner('Northwind Studio');
    await enterCompany(ctx, person, companyId);
    const elsewhere = await ctx.tokens.issue(person.id);
    const items = await sessionsOf(person.token);
    expect(items.find((s) => s.current)!.workspaces).toEqual([
      expect.objectContaining({ company_id: companyId, company_name: 'Northwind Studio' }),
    ]);
    expect(items.find((s) => !s.current)!.workspaces).toEqual([]);
    // Another person's list is their own; anonymous is 401.
    const stranger = await createPerson(ctx);
    expect((await sessionsOf(stranger.token)).flatMap((s) => s.workspaces)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions })).statusCode).toBe(401);
    await ctx.tokens.revoke(elsewhere);
  });
});

describe('a company session ends with the profile session that opened it', () => {
  it("on 'sign out this session' from another device, and its sockets on the company's channel close", async () => {
    const { person, companyId } = await owner('Northwind Studio');
    const laptop = await ctx.tokens.issue(person.id);
    const laptopWorkspace = await enterCompany(ctx, { ...person, token: laptop }, companyId);
    const ownWorkspace = await enterCompany(ctx, person, companyId);
    const laptopId = (await sessionsOf(person.token)).find((s) => !s.current)!.id;
    // Another person cannot end it: 404, and it stays.
    const stranger = await createPerson(ctx);
    const refused = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.session(laptopId), headers: bearer(stranger.token) });
    expect(refused.statusCode).toBe(404);
    expect((await workspace(laptopWorkspace, companyId)).statusCode).toBe(200);

    const before = ctx.realtime.sent.length;
    const ended = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.session(laptopId), headers: bearer(person.token) });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await answerOf(laptopWorkspace, companyId)).toEqual([401, 'company_session_ended', 'signed_out', 'Northwind Studio']);
    expect(companyChannelsRevoked(before)).toEqual([`private-company.${companyId}`]);
    // The workspace this device opened stays.
    expect((await workspace(ownWorkspace, companyId)).statusCode).toBe(200);
  });

  it('on signing out of the profile', async () => {
    const { person, companyId } = await owner('Contoso');
    const session = await enterCompany(ctx, person, companyId);
    const before = ctx.realtime.sent.length;
    const out = await ctx.app.inject({ method: 'POST', url: apiPaths.logout, headers: bearer(person.token) });
    expect(out.statusCode, out.body).toBe(204);
    expect(await answerOf(session, companyId)).toEqual([401, 'company_session_ended', 'signed_out', 'Contoso']);
    expect(companyChannelsRevoked(before)).toEqual([`private-company.${companyId}`]);
    // The message says why in words, in the request's language; `reason` keeps the code for clients.
    const say = async (locale: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `${workspacePaths.workspace(companyId)}?locale=${locale}`, headers: bearer(session) })
      ).json().message as string;
    expect(await say('en_GB')).toBe("Your session in Contoso's workspace has ended: the profile session that opened it was signed out.");
    expect(await say('uk_UA')).toBe('Ваш сеанс у робочому просторі «Contoso» завершено: сеанс профілю, з якого його відкрито, завершено.');
  });

  it('words every reason in both languages, never as its code', () => {
    for (const reason of companySessionEndReasons) {
      const ended = new CompanySessionEndedError(reason, 'Acme');
      const [en, uk] = [ended.messageIn('en_GB'), ended.messageIn('uk_UA')];
      for (const message of [en, uk]) expect(message).not.toMatch(/[(_]/);
      expect(uk).not.toBe(en);
    }
  });

  it("on 'sign out everywhere else', and on a password change (saying so)", async () => {
    const { person, companyId } = await owner('Fabrikam');
    const other = await ctx.tokens.issue(person.id);
    const otherWorkspace = await enterCompany(ctx, { ...person, token: other }, companyId);
    const res = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.sessions, headers: bearer(person.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answerOf(otherWorkspace, companyId)).toEqual([401, 'company_session_ended', 'signed_out', 'Fabrikam']);

    const own = await enterCompany(ctx, person, companyId);
    const before = ctx.realtime.sent.length;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.password,
      headers: bearer(person.token),
      payload: { current_password: password, password: 'Brand-New-Passw0rd', password_confirmation: 'Brand-New-Passw0rd' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await answerOf(own, companyId)).toEqual([401, 'company_session_ended', 'password_changed', 'Fabrikam']);
    expect(companyChannelsRevoked(before)).toEqual([`private-company.${companyId}`]);
  });

  it('on removal from the company (saying so)', async () => {
    const { person, companyId } = await owner('Tailspin');
    const ownerSession = await enterCompany(ctx, person, companyId);
    const member = await createPerson(ctx);
    const memberId = await addMember(ctx, companyId, member);
    const memberSession = await enterCompany(ctx, member, companyId);
    const before = ctx.realtime.sent.length;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.member(companyId, memberId),
      headers: bearer(ownerSession),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await answerOf(memberSession, companyId)).toEqual([401, 'company_session_ended', 'removed', 'Tailspin']);
    expect(companyChannelsRevoked(before)).toContain(`private-company.${companyId}`);
  });

  it("on closing the account, and its sockets on the company's channel close", async () => {
    const { person: companyOwner, companyId } = await owner('Woodgrove');
    const { person: member } = await owner('Own Company');
    await addMember(ctx, companyId, member, 'admin');
    const memberSession = await enterCompany(ctx, member, companyId);
    const before = ctx.realtime.sent.length;
    const closed = await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.closeAccount,
      headers: bearer(member.token),
      payload: { current_password: password },
    });
    // Owning a company alone does not keep the account open; only owning one with others does.
    expect(closed.statusCode, closed.body).toBe(204);
    expect((await workspace(memberSession, companyId)).statusCode).toBe(401);
    // Its sockets on the company's channel authorise again, and the closed account's are refused.
    expect(companyChannelsRevoked(before)).toContain(`private-company.${companyId}`);
    expect((await workspace(await enterCompany(ctx, companyOwner, companyId), companyId)).statusCode).toBe(200);
  });
});

describe('a company session’s life', () => {
  it('is 12 hours at most, then it says it expired', async () => {
    const { person, companyId } = await owner('Litware');
    const session = await enterCompany(ctx, person, companyId);
    ctx.clock.advance(12 * 60 * 60_000 - 60_000);
    expect((await workspace(session, companyId)).statusCode).toBe(200);
    ctx.clock.advance(2 * 60_000);
    expect(await answerOf(session, companyId)).toEqual([401, 'company_session_ended', 'expired', 'Litware']);
  });

  it('never outlives the profile session that opened it, and a code of an ended profile session opens nothing', async () => {
    const { person, companyId } = await owner('Proseware');
    await ctx.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(ctx.clock.now().getTime() + 60 * 60_000) })
      .where(eq(authTokens.tokenHash, hashToken(person.token)));
    const session = await enterCompany(ctx, person, companyId);
    ctx.clock.advance(61 * 60_000);
    expect(await answerOf(session, companyId)).toEqual([401, 'company_session_ended', 'expired', 'Proseware']);

    const fresh = await ctx.tokens.issue(person.id);
    const issued = await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.handoff,
      headers: bearer(fresh),
      payload: { company_id: companyId },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    await ctx.tokens.revoke(fresh);
    const exchanged = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.exchange,
      payload: { code: issued.json().data.code },
      remoteAddress: nextAddress(),
    });
    expect(exchanged.statusCode).toBe(403);
  });

  it('a token that never was a session answers a plain 401, naming no company', async () => {
    expect(await answerOf('not-a-session-token', 1)).toEqual([401, 'unauthenticated', undefined, undefined]);
  });
});

describe('the company’s two-step rule', () => {
  it('lists, for the owner alone, the owners and admins it would sign out', async () => {
    const { person, companyId } = await owner('Blue Yonder');
    const ownerSession = await enterCompany(ctx, person, companyId);
    const admin = await createPerson(ctx);
    const adminId = await addMember(ctx, companyId, admin, 'admin');
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    const adminSession = await enterCompany(ctx, admin, companyId);
    const affected = (token?: string) =>
      ctx.app.inject({ method: 'GET', url: workspacePaths.securityAffected(companyId), headers: token ? bearer(token) : {} });
    const listed = await affected(ownerSession);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data.items as { member_id: number; role: string }[]).map((m) => [m.role, m.member_id === adminId])).toEqual([
      ['owner', false],
      ['admin', true],
    ]);
    expect((await affected(adminSession)).json().code).toBe('role_forbidden');
    expect((await affected()).statusCode).toBe(401);
    const stranger = await owner('Elsewhere');
    expect((await affected(await enterCompany(ctx, stranger.person, stranger.companyId))).statusCode).toBe(404);
    // With two-step on, the owner is no longer listed.
    await turnOnTwoStep(person);
    const after = await affected(await enterCompany(ctx, person, companyId));
    expect((after.json().data.items as { role: string }[]).map((m) => m.role)).toEqual(['admin']);
  });

  it('switched on ends the sessions of owners and admins without it, saying why, with their sockets', async () => {
    const { person, companyId } = await owner('Northwind Studio');
    await turnOnTwoStep(person);
    const ownerSession = await enterCompany(ctx, person, companyId);
    const admin = await createPerson(ctx);
    await addMember(ctx, companyId, admin, 'admin');
    const adminSession = await enterCompany(ctx, admin, companyId);
    const before = ctx.realtime.sent.length;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: workspacePaths.security(companyId),
      headers: bearer(ownerSession),
      payload: { require_two_factor: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await answerOf(adminSession, companyId)).toEqual([401, 'company_session_ended', 'two_step_required', 'Northwind Studio']);
    expect(companyChannelsRevoked(before)).toEqual([`private-company.${companyId}`]);
    expect((await workspace(ownerSession, companyId)).statusCode).toBe(200);
  });

  it('ends the owner’s own sessions when they turn two-step off, with their sockets; the status named the workspace first', async () => {
    const { person, companyId } = await owner('Woodgrove');
    await turnOnTwoStep(person);
    const ownerSession = await enterCompany(ctx, person, companyId);
    const status = async (token: string) =>
      (await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status, headers: bearer(token) })).json().data.required_by;
    expect(await status(person.token)).toEqual([]);
    await ctx.app.inject({
      method: 'PUT',
      url: workspacePaths.security(companyId),
      headers: bearer(ownerSession),
      payload: { require_two_factor: true },
    });
    // What the settings warn of before turning it off; a member of the company is not asked.
    expect(await status(person.token)).toEqual([{ company_id: companyId, company_name: 'Woodgrove' }]);
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    expect(await status(member.token)).toEqual([]);
    const before = ctx.realtime.sent.length;
    const off = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.disable,
      headers: bearer(person.token),
      payload: { current_password: password },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await answerOf(ownerSession, companyId)).toEqual([401, 'company_session_ended', 'two_step_required', 'Woodgrove']);
    expect(companyChannelsRevoked(before)).toEqual([`private-company.${companyId}`]);
  });

  it('refused at a workspace request, the session ends and says why (a 401 the workspace shows), never a bare 403', async () => {
    const { person, companyId } = await owner('Margie’s Travel');
    const admin = await createPerson(ctx);
    await addMember(ctx, companyId, admin, 'admin');
    const adminWorkspace = await enterCompany(ctx, admin, companyId);
    await ctx.database.db.update(companies).set({ requireTwoFactor: true }).where(eq(companies.id, companyId));
    expect(await answerOf(adminWorkspace, companyId)).toEqual([401, 'company_session_ended', 'two_step_required', 'Margie’s Travel']);
    // The owner's own workspace is refused the same way (no two-step either), and stays ended.
    const ownerWorkspace = await enterCompany(ctx, person, companyId).catch(() => undefined);
    expect(ownerWorkspace).toBeUndefined();
    expect(await answerOf(adminWorkspace, companyId)).toEqual([401, 'company_session_ended', 'two_step_required', 'Margie’s Travel']);
  });

  it('holds at channel sign-up: an admin without two-step may not listen on the company’s channel, with either session', async () => {
    const { person, companyId } = await owner('Adventure Works');
    const admin = await createPerson(ctx);
    await addMember(ctx, companyId, admin, 'admin');
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member, 'member');
    const adminWorkspace = await enterCompany(ctx, admin, companyId);
    const memberWorkspace = await enterCompany(ctx, member, companyId);
    // The rule as it stands in the database (switched on by any way, the session not yet ended).
    await ctx.database.db.update(companies).set({ requireTwoFactor: true }).where(eq(companies.id, companyId));
    const app = ctx.config.realtime.apps.jobs;
    const authorise = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: broadcastingAuthPath,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ socket_id: '1234.5678', channel_name: `private-company.${companyId}`, app_key: app.key }),
      });
    for (const token of [adminWorkspace, admin.token]) {
      const res = await authorise(token);
      expect([res.statusCode, res.json().code]).toEqual([403, 'two_factor_required']);
    }
    // Members are never asked; the owner's own profile session is refused as well, having no two-step.
    expect((await authorise(memberWorkspace)).statusCode).toBe(200);
    expect((await authorise(member.token)).statusCode).toBe(200);
    expect((await authorise(person.token)).statusCode).toBe(403);
  });
});
