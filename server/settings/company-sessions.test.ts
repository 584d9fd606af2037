// Company-host sessions survived a password change, a password reset and 'sign
// out all other sessions'. Whatever ends the person's other sessions for security now ends their
// company sessions and unused hand-over codes too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { apiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { createCompany, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** A person who owns a company, with a company-host session and an unused hand-over code. */
async function companyOwner(): Promise<{ user: TestUser; companyId: number; companySession: string; code: string }> {
  const user = await createUser(ctx);
  const person = { id: user.id, email: user.email, token: user.token };
  const companyId = await createCompany(ctx, person);
  const companySession = await enterCompany(ctx, person, companyId);
  const issued = await ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.handoff,
    headers: bearer(user.token),
    payload: { company_id: companyId },
  });
  expect(issued.statusCode, issued.body).toBe(201);
  expect(await workspaceStatus(companySession, companyId)).toBe(200);
  return { user, companyId, companySession, code: issued.json().data.code as string };
}
const workspaceStatus = async (session: string, companyId: number) =>
  (await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(session) })).statusCode;
const exchangeStatus = async (code: string) =>
  (await ctx.app.inject({ method: 'POST', url: workspacePaths.exchange, payload: { code }, remoteAddress: nextAddress() })).statusCode;

describe('company-host sessions end with the personal ones', () => {
  it('on a password change', async () => {
    const { user, companyId, companySession, code } = await companyOwner();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.password,
      headers: bearer(user.token),
      payload: { current_password: user.password, password: 'Brand-New-Passw0rd', password_confirmation: 'Brand-New-Passw0rd' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await workspaceStatus(companySession, companyId)).toBe(401);
    expect(await exchangeStatus(code)).toBe(403);
  });

  it('and the hub is told to drop the sockets on the person’s channel, on both apps, and on the company’s (decision 243)', async () => {
    const { user, companyId } = await companyOwner();
    const before = ctx.realtime.sent.length;
    await ctx.app.inject({
      method: 'PUT',
      url: settingsApiPaths.password,
      headers: bearer(user.token),
      payload: { current_password: user.password, password: 'Other-New-Passw0rd', password_confirmation: 'Other-New-Passw0rd' },
    });
    const revoked = ctx.realtime.sent.slice(before).filter((m) => m.event === 'subscriptions.revoked');
    expect(revoked.map((m) => [m.app, m.channel]).sort()).toEqual([
      ['achievements', `private-user.${user.id}`],
      ['jobs', `private-company.${companyId}`],
      ['jobs', `private-user.${user.id}`],
    ]);
  });

  it("on 'sign out all other sessions'", async () => {
    const { user, companyId, companySession, code } = await companyOwner();
    const res = await ctx.app.inject({ method: 'DELETE', url: settingsApiPaths.sessions, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ended_sessions).toBe(1);
    expect(await workspaceStatus(companySession, companyId)).toBe(401);
    expect(await exchangeStatus(code)).toBe(403);
  });

  it('on a password reset', async () => {
    const { user, companyId, companySession, code } = await companyOwner();
    await ctx.app.inject({ method: 'POST', url: apiPaths.passwordForgot, payload: { login: user.email }, remoteAddress: nextAddress() });
    await ctx.app.afterAnswer.settled();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.passwordReset,
      payload: {
        login: user.email,
        code: lastCodeSentTo(ctx, user.email),
        password: 'Reset-Passw0rd-9',
        password_confirmation: 'Reset-Passw0rd-9',
      },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await workspaceStatus(companySession, companyId)).toBe(401);
    expect(await exchangeStatus(code)).toBe(403);
  });
});

describe('the hub is told to drop the person’s sockets', () => {
  const revokedSince = (before: number) =>
    ctx.realtime.sent
      .slice(before)
      .filter((m) => m.event === 'subscriptions.revoked')
      .map((m) => [m.app, m.channel])
      .sort();

  it('on a password reset', async () => {
    const { user } = await companyOwner();
    await ctx.app.inject({ method: 'POST', url: apiPaths.passwordForgot, payload: { login: user.email }, remoteAddress: nextAddress() });
    await ctx.app.afterAnswer.settled();
    const before = ctx.realtime.sent.length;
    const reset = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.passwordReset,
      payload: {
        login: user.email,
        code: lastCodeSentTo(ctx, user.email),
        password: 'Reset-Passw0rd-7',
        password_confirmation: 'Reset-Passw0rd-7',
      },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(revokedSince(before)).toContainEqual(['achievements', `private-user.${user.id}`]);
  });

  it('when the account is closed', async () => {
    const user = await createUser(ctx);
    const before = ctx.realtime.sent.length;
    const closed = await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.closeAccount,
      headers: bearer(user.token),
      payload: { current_password: user.password },
    });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    expect(revokedSince(before)).toContainEqual(['achievements', `private-user.${user.id}`]);
  });
});
