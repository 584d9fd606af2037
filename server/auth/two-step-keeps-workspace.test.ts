// Decision 241: turning two-step on ended every company session of the person, the
// one they were working in included, so the workspace tab said 'Access denied'. The session that just
// proved both factors keeps the workspaces it opened; every other one (personal or company) ends.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { bearer, createUser, nextAddress } from '../test/auth-helpers.ts';
import { createCompany, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
const workspaceStatus = async (session: string, companyId: number) =>
  (await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(session) })).statusCode;
const exchangeStatus = async (code: string) =>
  (await ctx.app.inject({ method: 'POST', url: workspacePaths.exchange, payload: { code }, remoteAddress: nextAddress() })).statusCode;
const handoff = async (token: string, companyId: number) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.handoff,
    headers: bearer(token),
    payload: { company_id: companyId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.code as string;
};

describe('turning two-step on', () => {
  it('keeps the workspace this session opened and ends the ones other sessions opened', async () => {
    const user = await createUser(ctx);
    const person = { id: user.id, email: user.email, token: user.token };
    const companyId = await createCompany(ctx, person);
    const own = await enterCompany(ctx, person, companyId);
    const ownCode = await handoff(user.token, companyId);
    // Another browser, perhaps one opened with a stolen password, with its own workspace.
    const elsewhere = await ctx.tokens.issue(user.id);
    const theirs = await enterCompany(ctx, { ...person, token: elsewhere }, companyId);
    const theirCode = await handoff(elsewhere, companyId);

    const setup = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.setup,
      headers: bearer(user.token),
      remoteAddress: nextAddress(),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = TwoFactorSetup.parse(setup.json().data);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: twoFactorApiPaths.confirm,
      headers: bearer(user.token),
      payload: { code: codeOf(secret), current_password: user.password },
      remoteAddress: nextAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect(await workspaceStatus(own, companyId)).toBe(200);
    expect(await exchangeStatus(ownCode)).toBe(201);
    expect(await workspaceStatus(theirs, companyId)).toBe(401);
    expect(await exchangeStatus(theirCode)).toBe(403);
    expect(await ctx.tokens.resolve(elsewhere)).toBeUndefined();
    expect(await ctx.tokens.resolve(user.token)).toBe(user.id);
  });
});
