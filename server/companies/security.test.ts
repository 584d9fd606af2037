// A company's sign-in rule (decision 203): only the owner sets it, and only with two-step
// sign-in on; once on, owners and admins without two-step cannot enter (hand-over code, exchange) and
// their open workspace sessions stop answering; members are never asked; turning two-step off, or a
// promotion, counts at the next request.
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { CompanySecurity, Workspace } from '../../contract/companies.ts';
import { TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { notifications } from '../db/notification-schema.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
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

async function turnOnTwoStep(person: Person): Promise<void> {
  // Turning it on carries the password (decision 235): the helper's people have none until now.
  const password = 'Sturdy-Passw0rd';
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, person.id));
  const setup = await ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.setup, headers: bearer(person.token) });
  const { secret } = TwoFactorSetup.parse(setup.json().data);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: twoFactorApiPaths.confirm,
    headers: bearer(person.token),
    payload: { code: codeOf(secret), current_password: password },
  });
  expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
  // Its security mail is sent after the answer: sent now, before a test marks where its own mails start.
  await ctx.app.afterAnswer.settled();
  await ctx.relay.drain();
}

const setRule = (token: string | undefined, companyId: number, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: workspacePaths.security(companyId),
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });
const askCode = (person: Person, companyId: number) =>
  ctx.app.inject({ method: 'POST', url: companyPublicPaths.handoff, headers: bearer(person.token), payload: { company_id: companyId } });
const workspace = (token: string, companyId: number) =>
  ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(token) });

async function staffed() {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner);
  const admin = await createPerson(ctx);
  await addMember(ctx, companyId, admin, 'admin');
  const member = await createPerson(ctx);
  await addMember(ctx, companyId, member, 'member');
  return { owner, admin, member, companyId };
}

describe('setting the rule', () => {
  it('is the owner’s alone: anonymous 401, an admin or member 403, another company’s owner 404', async () => {
    const { owner, admin, member, companyId } = await staffed();
    await turnOnTwoStep(owner);
    const other = await createPerson(ctx);
    const otherCompany = await createCompany(ctx, other);
    expect((await setRule(undefined, companyId, { require_two_factor: true })).statusCode).toBe(401);
    const adminSession = await enterCompany(ctx, admin, companyId);
    expect(expectErrorAnswer(await setRule(adminSession, companyId, { require_two_factor: true })).code).toBe('role_forbidden');
    const memberSession = await enterCompany(ctx, member, companyId);
    expect((await setRule(memberSession, companyId, { require_two_factor: true })).statusCode).toBe(403);
    const otherSession = await enterCompany(ctx, other, otherCompany);
    expect((await setRule(otherSession, companyId, { require_two_factor: true })).statusCode).toBe(404);
    // A personal session is not a company session.
    expect((await setRule(owner.token, companyId, { require_two_factor: true })).statusCode).toBe(401);

    const ownerSession = await enterCompany(ctx, owner, companyId);
    const saved = await setRule(ownerSession, companyId, { require_two_factor: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(CompanySecurity.parse(saved.json().data)).toEqual({ require_two_factor: true });
    expect(Workspace.parse((await workspace(ownerSession, companyId)).json().data).security).toEqual({ require_two_factor: true });
  });

  it('takes a yes or no only: anything else is a 422 that changes nothing', async () => {
    const { owner, companyId } = await staffed();
    await turnOnTwoStep(owner);
    const session = await enterCompany(ctx, owner, companyId);
    for (const payload of [{}, { require_two_factor: 'yes' }, { require_two_factor: 1 }, { require_two_factor: null }]) {
      const res = await setRule(session, companyId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(Workspace.parse((await workspace(session, companyId)).json().data).security.require_two_factor).toBe(false);
  });

  it('cannot be turned on by an owner who has two-step sign-in off, so nobody locks themselves out', async () => {
    const { owner, companyId } = await staffed();
    const session = await enterCompany(ctx, owner, companyId);
    const res = await setRule(session, companyId, { require_two_factor: true });
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([403, 'two_factor_required']);
    expect(Workspace.parse((await workspace(session, companyId)).json().data).security.require_two_factor).toBe(false);
    // Turning it off needs nothing.
    expect((await setRule(session, companyId, { require_two_factor: false })).statusCode).toBe(200);
  });
});

describe('telling the owners and admins', () => {
  it('switching the rule on tells the admins (a company has one owner: who switched it), in the app and by mail in their language; members and the owner who did it are not told; once', async () => {
    const owner = await createPerson(ctx, { firstName: 'Olha' });
    const companyId = await createCompany(ctx, owner);
    const admin = await createPerson(ctx, { locale: 'uk_UA' });
    await addMember(ctx, companyId, admin, 'admin');
    const secondAdmin = await createPerson(ctx);
    await addMember(ctx, companyId, secondAdmin, 'admin');
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member, 'member');
    await turnOnTwoStep(owner);
    const session = await enterCompany(ctx, owner, companyId);
    const before = ctx.mail.length;
    expect((await setRule(session, companyId, { require_two_factor: true })).statusCode).toBe(200);

    const told = async () =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.kind, 'two_step_rule_on')))
        .filter((row) => row.companyId === companyId)
        .map((row) => row.userId)
        .sort();
    expect(await told()).toEqual([admin.id, secondAdmin.id].sort());
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(admin.token) });
    expect(list.json().data.items[0]).toMatchObject({
      kind: 'two_step_rule_on',
      scope: 'personal',
      actor: { first_name: 'Olha' },
      company: { id: companyId },
    });

    await ctx.relay.drain();
    const mails = ctx.mail.slice(before);
    const to = (person: Person) => mails.filter((m) => m.to === person.email).map((m) => m.text);
    expect(to(admin).join('\n')).toContain('вимагає двоетапного входу від власників і адміністраторів компанії');
    expect(to(secondAdmin).join('\n')).toContain('now requires two-step sign-in for the owners and admins of');
    expect(to(member)).toEqual([]);
    expect(to(owner)).toEqual([]);

    // Saving the rule again while it is on, or turning it off, tells nobody again.
    expect((await setRule(session, companyId, { require_two_factor: true })).statusCode).toBe(200);
    expect((await setRule(session, companyId, { require_two_factor: false })).statusCode).toBe(200);
    expect(await told()).toEqual([admin.id, secondAdmin.id].sort());
  });
});

describe('with the rule on', () => {
  it('keeps owners and admins without two-step out, lets members in, and ends the open sessions it now refuses', async () => {
    const { owner, admin, member, companyId } = await staffed();
    await turnOnTwoStep(owner);
    const adminSession = await enterCompany(ctx, admin, companyId);
    const memberSession = await enterCompany(ctx, member, companyId);
    const ownerSession = await enterCompany(ctx, owner, companyId);
    expect((await setRule(ownerSession, companyId, { require_two_factor: true })).statusCode).toBe(200);

    // The admin's open session ended; a new code is refused with the code that says what to do.
    expect((await workspace(adminSession, companyId)).statusCode).toBe(401);
    const refused = await askCode(admin, companyId);
    expect([refused.statusCode, expectErrorAnswer(refused).code]).toEqual([403, 'two_factor_required']);
    // Members are not asked; the owner, who has it on, stays.
    expect((await workspace(memberSession, companyId)).statusCode).toBe(200);
    expect((await askCode(member, companyId)).statusCode).toBe(201);
    expect((await workspace(ownerSession, companyId)).statusCode).toBe(200);

    // With two-step on, the admin enters again.
    await turnOnTwoStep(admin);
    const again = await enterCompany(ctx, admin, companyId);
    expect((await workspace(again, companyId)).statusCode).toBe(200);
  });

  it('refuses a code issued before the rule, at its exchange', async () => {
    const { owner, admin, companyId } = await staffed();
    await turnOnTwoStep(owner);
    const issued = await askCode(admin, companyId);
    const ownerSession = await enterCompany(ctx, owner, companyId);
    expect((await setRule(ownerSession, companyId, { require_two_factor: true })).statusCode).toBe(200);
    const exchanged = await ctx.app.inject({ method: 'POST', url: workspacePaths.exchange, payload: { code: issued.json().data.code } });
    expect(exchanged.statusCode).toBe(403);
  });

  it('counts at the next request for a member promoted to admin', async () => {
    const { owner, member, companyId } = await staffed();
    await turnOnTwoStep(owner);
    const ownerSession = await enterCompany(ctx, owner, companyId);
    expect((await setRule(ownerSession, companyId, { require_two_factor: true })).statusCode).toBe(200);
    const memberSession = await enterCompany(ctx, member, companyId);
    const members = (await ctx.app.inject({ method: 'GET', url: workspacePaths.members(companyId), headers: bearer(ownerSession) })).json()
      .data as { id: number; user_id: number }[];
    const memberId = members.find((m) => m.user_id === member.id)!.id;
    const promoted = await ctx.app.inject({
      method: 'PUT',
      url: workspacePaths.member(companyId, memberId),
      headers: bearer(ownerSession),
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(204);
    // The promotion ended the session the rule now refuses, and the answer says why (decision 243).
    const res = await workspace(memberSession, companyId);
    expect([res.statusCode, expectErrorAnswer(res).code, res.json().reason]).toEqual([401, 'company_session_ended', 'two_step_required']);
  });
});
