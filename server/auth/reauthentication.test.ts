// Decision 235: a stolen session must not become the account. Every change that could hand
// the account over carries the current password in its own request, whatever the session's age: for
// each, an anonymous caller gets 401, another person's session changes nothing of the owner, the owner
// without the proof or with a wrong one gets 403 with the code that says which and nothing changes, and
// with the right one it is done and mailed to every verified email. Then recovery: a reset by email
// removes the second factors of the last 24 hours (and lists the older ones), and an account someone
// registered with another person's unproved email gathers nothing that survives the owner's reset.
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { PasskeyOptions, passkeyApiPaths } from '../../contract/passkeys.ts';
import { companyPublicPaths } from '../../contract/company-routes.ts';
import { apiPaths } from '../../contract/routes.ts';
import { SecurityEventList, securityEventsPath } from '../../contract/security-events.ts';
import { signInRemovalApiPath } from '../../contract/sign-in-removal.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { TwoFactorSetup, TwoFactorStatus, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { accountAddresses, authTokens, users } from '../db/schema.ts';
import { passkeyChallenges, passkeys, twoFactorRecoveryCodes, twoFactorSecrets } from '../db/security-schema.ts';
import {
  bearer,
  createUser,
  lastCodeSentTo,
  nextAddress,
  registerAccount,
  resetByEmail,
  resetPassword,
  type TestUser,
} from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const wrongPassword = 'Wrong-Passw0rd-1';
type Method = 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, token: string | undefined, payload: object) =>
  ctx.app.inject({ method, url, headers: token === undefined ? {} : bearer(token), payload, remoteAddress: nextAddress() });
const post = (url: string, token: string | undefined, payload: object = {}) => send('POST', url, token, payload);
const db = () => ctx.database.db;
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
const authenticator = () => new SoftwareAuthenticator(ctx.config.publicSiteUrl);

async function passkeyOptions(user: TestUser): Promise<PasskeyOptions> {
  const res = await post(passkeyApiPaths.registrationOptions, user.token, { current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyOptions.parse(res.json().data);
}
async function addPasskey(user: TestUser, name = 'Laptop'): Promise<number> {
  const credential = authenticator().create(await passkeyOptions(user));
  const res = await post(passkeyApiPaths.list, user.token, { name, credential, current_password: user.password });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
async function setUpTwoStep(user: TestUser): Promise<string> {
  const res = await post(twoFactorApiPaths.setup, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return TwoFactorSetup.parse(res.json().data).secret;
}
async function turnOnTwoStep(user: TestUser): Promise<string> {
  const secret = await setUpTwoStep(user);
  const res = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  ctx.clock.advance(30_000);
  return secret;
}
const passkeyCount = async (userId: number) => (await db().select().from(passkeys).where(eq(passkeys.userId, userId))).length;
const twoStepOn = async (user: TestUser) =>
  TwoFactorStatus.parse((await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status, headers: bearer(user.token) })).json().data)
    .enabled;

/**
 * One sensitive change: what it needs first, the request with or without the proof, and a snapshot of
 * what it changes (equal before and after a refusal, different after the right proof).
 */
interface Operation {
  name: string;
  method: Method;
  prepare: (owner: TestUser) => Promise<{ url: string; body: () => object | Promise<object> }>;
  state: (owner: TestUser) => Promise<unknown>;
  done: number;
  /** The security mail the owner's verified emails get. */
  subject: string;
}

let phoneCounter = 0;
const operations: Operation[] = [
  {
    name: 'adding a passkey',
    method: 'POST',
    prepare: async (owner) => {
      const credential = authenticator().create(await passkeyOptions(owner));
      return { url: passkeyApiPaths.list, body: () => ({ name: 'Attacker key', credential }) };
    },
    state: (owner) => passkeyCount(owner.id),
    done: 201,
    subject: 'A passkey was added to your Profiles account',
  },
  {
    name: 'asking to create a passkey',
    method: 'POST',
    prepare: async () => ({ url: passkeyApiPaths.registrationOptions, body: () => ({}) }),
    // A challenge to create one is issued only with the proof.
    state: async (owner) =>
      (
        await db()
          .select()
          .from(passkeyChallenges)
          .where(and(eq(passkeyChallenges.userId, owner.id), eq(passkeyChallenges.purpose, 'registration')))
      ).length,
    done: 200,
    subject: '',
  },
  {
    name: 'removing a passkey',
    method: 'POST',
    prepare: async (owner) => ({ url: passkeyApiPaths.remove(await addPasskey(owner)), body: () => ({}) }),
    state: (owner) => passkeyCount(owner.id),
    done: 204,
    subject: 'A passkey was removed from your Profiles account',
  },
  {
    name: 'turning two-step sign-in on',
    method: 'POST',
    prepare: async (owner) => {
      const secret = await setUpTwoStep(owner);
      return { url: twoFactorApiPaths.confirm, body: () => ({ code: codeOf(secret) }) };
    },
    state: async (owner) => (await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, owner.id)))[0]?.enabledAt ?? null,
    done: 200,
    subject: 'Two-step sign-in was turned on',
  },
  {
    name: 'turning two-step sign-in off',
    method: 'POST',
    prepare: async (owner) => {
      await turnOnTwoStep(owner);
      return { url: twoFactorApiPaths.disable, body: () => ({}) };
    },
    state: (owner) => twoStepOn(owner),
    done: 204,
    subject: 'Two-step sign-in was turned off',
  },
  {
    name: 'regenerating recovery codes',
    method: 'POST',
    prepare: async (owner) => {
      await turnOnTwoStep(owner);
      return { url: twoFactorApiPaths.recoveryCodes, body: () => ({}) };
    },
    state: async (owner) =>
      (await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id)))
        .map((row) => row.codeHash)
        .sort()
        .join(),
    done: 200,
    subject: 'New recovery codes were created',
  },
  {
    name: 'changing the password',
    method: 'PUT',
    prepare: async () => ({
      url: settingsApiPaths.password,
      body: () => ({ password: 'Attackers-Passw0rd-9', password_confirmation: 'Attackers-Passw0rd-9' }),
    }),
    state: async (owner) => (await db().select().from(users).where(eq(users.id, owner.id)))[0]!.passwordHash,
    done: 200,
    subject: 'Your Profiles password was changed',
  },
  {
    name: 'adding an email',
    method: 'POST',
    prepare: async (owner) => ({ url: settingsApiPaths.emails, body: () => ({ email: `attacker-${owner.id}@example.test` }) }),
    state: async (owner) => (await db().select().from(accountAddresses).where(eq(accountAddresses.userId, owner.id))).length,
    done: 201,
    subject: 'An email address was added to your Profiles account',
  },
  {
    name: 'adding a phone',
    method: 'POST',
    prepare: async () => ({ url: settingsApiPaths.phones, body: () => ({ phone: `+44791${String(++phoneCounter).padStart(6, '0')}` }) }),
    state: async (owner) => (await db().select().from(accountAddresses).where(eq(accountAddresses.userId, owner.id))).length,
    done: 201,
    subject: 'A phone number was added to your Profiles account',
  },
  {
    name: 'changing the sign-in email',
    method: 'POST',
    prepare: async (owner) => {
      const email = `new-primary-${owner.id}@example.test`;
      const added = await post(settingsApiPaths.emails, owner.token, { email, current_password: owner.password });
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json().data.address.id as number;
      const verified = await post(settingsApiPaths.addressVerify(id), owner.token, { code: lastCodeSentTo(ctx, email) });
      expect(verified.statusCode, verified.body).toBe(200);
      return { url: settingsApiPaths.addressPrimary(id), body: () => ({}) };
    },
    state: async (owner) => (await db().select().from(users).where(eq(users.id, owner.id)))[0]!.email,
    done: 200,
    subject: 'The email or phone you sign in to Profiles with was changed',
  },
  {
    name: 'removing an added email',
    method: 'DELETE',
    prepare: async (owner) => {
      const [row] = await db()
        .insert(accountAddresses)
        .values({ userId: owner.id, channel: 'email', value: `kept-${owner.id}@example.test`, verifiedAt: ctx.clock.now() })
        .returning({ id: accountAddresses.id });
      return { url: settingsApiPaths.address(row!.id), body: () => ({}) };
    },
    state: async (owner) => (await db().select().from(accountAddresses).where(eq(accountAddresses.userId, owner.id))).length,
    done: 200,
    subject: 'An email address or phone number was removed from your Profiles account',
  },
  {
    name: 'closing the account',
    method: 'POST',
    prepare: async () => ({ url: settingsApiPaths.closeAccount, body: () => ({}) }),
    state: async (owner) => (await db().select().from(users).where(eq(users.id, owner.id)))[0]!.status,
    done: 204,
    subject: 'Your Profiles account was closed',
  },
];

describe.each(operations)('$name', (operation) => {
  it('answers 401 to an anonymous caller, whatever the body', async () => {
    const owner = await createUser(ctx);
    const { url, body } = await operation.prepare(owner);
    const before = await operation.state(owner);
    const res = await send(operation.method, url, undefined, { ...(await body()), current_password: owner.password });
    expect(res.statusCode, res.body).toBe(401);
    expect(expectErrorAnswer(res).code).toBe('unauthenticated');
    expect(await operation.state(owner)).toEqual(before);
  });

  it('lets another person’s session change nothing of the owner, even with the owner’s password', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx, { password: 'Others-Passw0rd-2' });
    const { url, body } = await operation.prepare(owner);
    const before = await operation.state(owner);
    const res = await send(operation.method, url, other.token, { ...(await body()), current_password: owner.password });
    // The proof is the caller's own password: the owner's is a wrong one for them.
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([403, 'reauthentication_failed']);
    expect(await operation.state(owner)).toEqual(before);
  });

  it('refuses the owner’s own session without the password, with a wrong one, and an empty one: 403 and nothing changes', async () => {
    const owner = await createUser(ctx);
    const { url, body } = await operation.prepare(owner);
    const before = await operation.state(owner);
    for (const [proof, code] of [
      [{}, 'reauthentication_required'],
      [{ current_password: '' }, 'reauthentication_required'],
      [{ current_password: wrongPassword }, 'reauthentication_failed'],
    ] as const) {
      const res = await send(operation.method, url, owner.token, { ...(await body()), ...proof });
      expect(res.statusCode, `${JSON.stringify(proof)} -> ${res.body}`).toBe(403);
      const answer = expectErrorAnswer(res);
      expect(answer.code).toBe(code);
      // The form shows it under the password field.
      expect(answer.violations?.[0]?.field).toBe('current_password');
      expect(await operation.state(owner)).toEqual(before);
    }
  });

  it('does it with the right password, whatever the session’s age, and mails every verified email', async () => {
    const owner = await createUser(ctx);
    // A second verified email on the account hears of the change too.
    const backup = `backup-${owner.id}@example.test`;
    await db().insert(accountAddresses).values({ userId: owner.id, channel: 'email', value: backup, verifiedAt: ctx.clock.now() });
    const { url, body } = await operation.prepare(owner);
    const before = await operation.state(owner);
    const res = await send(operation.method, url, owner.token, { ...(await body()), current_password: owner.password });
    expect(res.statusCode, res.body).toBe(operation.done);
    expect(await operation.state(owner)).not.toEqual(before);
    if (!operation.subject) return;
    await ctx.app.afterAnswer.settled();
    for (const to of [owner.email, backup]) {
      expect(
        ctx.mail.some((mail) => mail.to === to && mail.subject === operation.subject),
        `${operation.subject} to ${to}`,
      ).toBe(true);
    }
  });
});

describe('removing an added address', () => {
  it('is told to the email removed when it was proved, which cannot reset the password, and listed in the security activity', async () => {
    const owner = await createUser(ctx, { locale: 'uk_UA' });
    const proved = `proved-${owner.id}@example.test`;
    const unproved = `unproved-${owner.id}@example.test`;
    const rows = await db()
      .insert(accountAddresses)
      .values([
        { userId: owner.id, channel: 'email', value: proved, verifiedAt: ctx.clock.now() },
        { userId: owner.id, channel: 'email', value: unproved },
      ])
      .returning({ id: accountAddresses.id, value: accountAddresses.value });
    for (const row of rows) {
      const res = await send('DELETE', settingsApiPaths.address(row.id), owner.token, { current_password: owner.password });
      expect(res.statusCode, res.body).toBe(200);
    }
    await ctx.app.afterAnswer.settled();
    const subject = 'З вашого облікового запису Profiles вилучено електронну адресу чи номер телефону';
    const told = ctx.mail.filter((mail) => mail.subject === subject);
    expect(told.filter((mail) => mail.to === owner.email)).toHaveLength(2);
    // The proved one hears once, with the line that sends it to the sign-in address for a reset;
    // an address never proved could be anyone's and hears nothing.
    const toRemoved = told.filter((mail) => mail.to === proved);
    expect(toRemoved).toHaveLength(1);
    expect(toRemoved[0]!.text).toContain('ця адреса відновити його не може');
    expect(told.some((mail) => mail.to === unproved)).toBe(false);
    const events = await ctx.app.inject({ method: 'GET', url: securityEventsPath, headers: bearer(owner.token) });
    expect(SecurityEventList.parse(events.json().data).items.filter((event) => event.kind === 'address_removed')).toHaveLength(2);
  });
});

describe('wrong proofs are counted over every sensitive change together', () => {
  // A stolen session sending its guesses all at once must not have each of them checked against a
  // count that none of the others has added to yet.
  it('counts guesses sent together before checking them: ten at most are tried in an hour', async () => {
    const owner = await createUser(ctx);
    const guess = (i: number) =>
      send('POST', passkeyApiPaths.registrationOptions, owner.token, { current_password: `${wrongPassword}${i}` });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(i)));
    const answers = burst.map((res) => `${res.statusCode} ${expectErrorAnswer(res).code}`);
    // Then one at a time until the budget answers: what the burst was refused is still there to try.
    for (let i = 20; i < 40; i += 1) {
      const res = await guess(i);
      answers.push(`${res.statusCode} ${expectErrorAnswer(res).code}`);
      if (answers.at(-1) === '429 too_many_requests') break;
    }
    expect(answers.filter((answer) => answer === '403 reauthentication_failed')).toHaveLength(10);
    expect(answers.every((answer) => answer === '403 reauthentication_failed' || answer === '429 too_many_requests')).toBe(true);
    const activity = await ctx.app.inject({ method: 'GET', url: securityEventsPath, headers: bearer(owner.token) });
    expect(SecurityEventList.parse(activity.json().data).items.filter((event) => event.kind === 'reauthentication_failed')).toHaveLength(
      10,
    );
  });

  it('refuses every proof after ten wrong ones in an hour, on any route, and shows them in the security activity', async () => {
    const owner = await createUser(ctx);
    const statuses: number[] = [];
    // Spread over routes that each have a budget of their own: together they still stop at ten.
    const tries: [Method, string, object][] = [
      ['POST', twoFactorApiPaths.disable, {}],
      ['POST', settingsApiPaths.emails, { email: `guess-${owner.id}@example.test` }],
      ['POST', passkeyApiPaths.registrationOptions, {}],
      ['PUT', settingsApiPaths.password, { password: 'Guessed-Passw0rd-1', password_confirmation: 'Guessed-Passw0rd-1' }],
      ['POST', settingsApiPaths.closeAccount, {}],
    ];
    for (let i = 0; i < 10; i += 1) {
      const [method, url, body] = tries[i % tries.length]!;
      statuses.push((await send(method, url, owner.token, { ...body, current_password: `${wrongPassword}${i}` })).statusCode);
    }
    expect(statuses).toEqual(Array<number>(10).fill(403));
    // The right password too, now: no eleventh guess can tell.
    const limited = await send('POST', settingsApiPaths.emails, owner.token, {
      email: `late-${owner.id}@example.test`,
      current_password: owner.password,
    });
    expect([limited.statusCode, expectErrorAnswer(limited).code]).toEqual([429, 'too_many_requests']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const activity = await ctx.app.inject({ method: 'GET', url: securityEventsPath, headers: bearer(owner.token) });
    expect(SecurityEventList.parse(activity.json().data).items.filter((event) => event.kind === 'reauthentication_failed')).toHaveLength(
      10,
    );
    // An hour on, the owner's proof counts again.
    ctx.clock.advance(60 * 60 * 1000 + 1000);
    const later = await send('POST', settingsApiPaths.emails, owner.token, {
      email: `later-${owner.id}@example.test`,
      current_password: owner.password,
    });
    expect(later.statusCode, later.body).toBe(201);
  });
});

const recoveryMailTo = (email: string) =>
  ctx.mail.filter((mail) => mail.to === email && mail.subject === 'Your password reset secured your Profiles account').at(-1);

describe('a password reset by email', () => {
  it('removes the passkeys and two-step sign-in of the last 24 hours, so the owner is back in without a second step', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Attacker laptop');
    await turnOnTwoStep(owner);
    const res = await resetByEmail(ctx, owner.email);
    // No second step: the two-step sign-in the thief turned on is gone.
    expect(typeof res.json().data.token).toBe('string');
    expect(await passkeyCount(owner.id)).toBe(0);
    expect(await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, owner.id))).toEqual([]);
    expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toEqual([]);
    const mail = recoveryMailTo(owner.email);
    expect(mail?.text).toContain('Removed:');
    expect(mail?.text).toContain('Passkey “Attacker laptop”');
    expect(mail?.text).toContain('Two-step sign-in');
  });

  it('keeps older factors and lists them with the way to remove them; two-step sign-in still asks its second step', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Own phone');
    await turnOnTwoStep(owner);
    ctx.clock.advance(25 * 60 * 60 * 1000);
    await addPasskey(owner, 'New tablet');
    const res = await resetByEmail(ctx, owner.email);
    expect(LoginChallenge.safeParse(res.json().data).success).toBe(true);
    expect((await db().select().from(passkeys).where(eq(passkeys.userId, owner.id))).map((row) => row.name)).toEqual(['Own phone']);
    const mail = recoveryMailTo(owner.email)!.text;
    expect(mail).toMatch(/Removed:\n- Passkey “New tablet”/);
    expect(mail).toMatch(
      /Still on your account\. .*\n- Two-step sign-in\n {2}\S+\/remove-sign-in\?token=\S+\n- Passkey “Own phone”\n {2}\S+/,
    );
    expect(mail).toContain(`${ctx.config.publicSiteUrl}/settings`);
  });

  it('gives each factor that stayed a one-click removal link: it removes that one, ends every session, and works once', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Thief key');
    await turnOnTwoStep(owner);
    ctx.clock.advance(25 * 60 * 60 * 1000);
    const reset = await resetByEmail(ctx, owner.email);
    const challenge = LoginChallenge.parse(reset.json().data).challenge;
    expect(challenge).toBeTruthy();
    const links = [...recoveryMailTo(owner.email)!.text.matchAll(/\/remove-sign-in\?token=(\S+)/g)].map((match) => match[1]!);
    expect(links).toHaveLength(2);
    const [twoStepLink, passkeyLink] = links as [string, string];
    const signedIn = await ctx.tokens.issue(owner.id);
    const remove = (token: string) =>
      ctx.app.inject({ method: 'POST', url: signInRemovalApiPath, payload: { token }, remoteAddress: nextAddress() });

    // A forged or altered token removes nothing.
    for (const forged of [`${passkeyLink.slice(0, -2)}xx`, 'not-a-token', `${passkeyLink}.extra`]) {
      const res = await remove(forged);
      expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([404, 'removal_link_invalid']);
    }
    expect(await passkeyCount(owner.id)).toBe(1);

    const removed = await remove(passkeyLink);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ kind: 'passkey', name: 'Thief key' });
    expect(await passkeyCount(owner.id)).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(signedIn) })).statusCode).toBe(401);
    // Once only.
    expect(expectErrorAnswer(await remove(passkeyLink)).code).toBe('removal_link_invalid');

    expect((await remove(twoStepLink)).json().data).toEqual({ kind: 'two_factor', name: null });
    expect(await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, owner.id))).toEqual([]);
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.some((mail) => mail.to === owner.email && mail.subject === 'Two-step sign-in was turned off')).toBe(true);
  });

  it('lets a removal link expire after seven days', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Old key');
    ctx.clock.advance(25 * 60 * 60 * 1000);
    await resetByEmail(ctx, owner.email);
    const token = /\/remove-sign-in\?token=(\S+)/.exec(recoveryMailTo(owner.email)!.text)![1]!;
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const res = await ctx.app.inject({ method: 'POST', url: signInRemovalApiPath, payload: { token }, remoteAddress: nextAddress() });
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([404, 'removal_link_invalid']);
    expect(await passkeyCount(owner.id)).toBe(1);
  });

  it('removes an email proved in the 24 hours before it, whose undo links would otherwise undo the owner’s securing', async () => {
    const owner = await createUser(ctx);
    const addEmail = async (email: string) => {
      const added = await post(settingsApiPaths.emails, owner.token, { email, current_password: owner.password });
      expect(added.statusCode, added.body).toBe(201);
      const id = added.json().data.address.id as number;
      const verified = await post(settingsApiPaths.addressVerify(id), owner.token, { code: lastCodeSentTo(ctx, email) });
      expect(verified.statusCode, verified.body).toBe(200);
    };
    const ownOld = `own-old-${owner.id}@example.test`;
    await addEmail(ownOld);
    ctx.clock.advance(25 * 60 * 60 * 1000);
    // A thief with the password adds and proves their own address.
    const thief = `thief-${owner.id}@example.test`;
    await addEmail(thief);
    const reset = await resetByEmail(ctx, owner.email);
    const kept = await db().select().from(accountAddresses).where(eq(accountAddresses.userId, owner.id));
    expect(kept.map((row) => row.value)).toEqual([ownOld]);
    expect(recoveryMailTo(owner.email)?.text).toMatch(new RegExp(`Removed:\\n- ${thief}`));

    // The owner secures the account: the thief's address hears nothing and holds no undo link.
    const token = reset.json().data.token as string;
    const secured = await setUpTwoStep({ ...owner, token });
    const mailsBefore = ctx.mail.length;
    const on = await post(twoFactorApiPaths.confirm, token, { code: codeOf(secured), current_password: resetPassword });
    expect(on.statusCode, on.body).toBe(200);
    await ctx.app.afterAnswer.settled();
    const told = ctx.mail.slice(mailsBefore).filter((mail) => mail.subject === 'Two-step sign-in was turned on');
    expect(told.map((mail) => mail.to).sort()).toEqual([owner.email, ownOld].sort());
  });

  it('tells in Ukrainian to a Ukrainian-speaking person', async () => {
    const owner = await createUser(ctx, { locale: 'uk_UA' });
    await addPasskey(owner, 'Ноутбук');
    await resetByEmail(ctx, owner.email);
    const mail = ctx.mail.find((m) => m.to === owner.email && m.subject === 'Відновлення пароля захистило ваш обліковий запис Profiles');
    expect(mail).toBeDefined();
    if (!mail) return;
    expect(mail.text).toContain('Ключ доступу «Ноутбук»');
    expect(mail.text).toContain(`${ctx.config.publicSiteUrl}/uk/settings`);
    expect(mail.text).not.toContain('/remove-sign-in');
  });
});

describe('the wrong proofs a thief spent', () => {
  it('do not outlive a password reset: the owner secures the account at once with the new password', async () => {
    const owner = await createUser(ctx);
    for (let i = 0; i < 10; i += 1) {
      const res = await send('POST', twoFactorApiPaths.disable, owner.token, { current_password: `${wrongPassword}${i}` });
      expect(res.statusCode).toBe(403);
    }
    const blocked = await send('POST', settingsApiPaths.emails, owner.token, {
      email: `blocked-${owner.id}@example.test`,
      current_password: owner.password,
    });
    expect(blocked.statusCode).toBe(429);
    const token = (await resetByEmail(ctx, owner.email)).json().data.token as string;
    const secured = await send('POST', settingsApiPaths.emails, token, {
      email: `secured-${owner.id}@example.test`,
      current_password: resetPassword,
    });
    expect(secured.statusCode, secured.body).toBe(201);
  });
});

describe('an account whose email is not yet proved (pre-hijacking)', () => {
  it('adds no passkey, no two-step sign-in and no phone, even with the password', async () => {
    const squatter = await registerAccount(ctx);
    const user = { id: squatter.id, email: squatter.email, password: squatter.password, token: squatter.token };
    for (const [url, body] of [
      [passkeyApiPaths.registrationOptions, {}],
      [twoFactorApiPaths.setup, {}],
      [settingsApiPaths.phones, { phone: '+447912000001' }],
    ] as const) {
      const res = await post(url, user.token, { ...body, current_password: user.password });
      expect([res.statusCode, expectErrorAnswer(res).code], url).toEqual([403, 'verify_email_first']);
    }
    expect(await passkeyCount(user.id)).toBe(0);
    expect(await db().select().from(accountAddresses).where(eq(accountAddresses.userId, user.id))).toEqual([]);
  });

  it('opens no company workspace, so its company lets nobody in who would stay after the email’s owner takes it back', async () => {
    const squatter = await registerAccount(ctx, 'company');
    const status = await ctx.app.inject({ method: 'GET', url: apiPaths.accountStatus, headers: bearer(squatter.token) });
    const companyId = status.json().data.companies[0].id as number;
    const enter = () => post(companyPublicPaths.handoff, squatter.token, { company_id: companyId });
    const refused = await enter();
    expect([refused.statusCode, expectErrorAnswer(refused).code]).toEqual([403, 'verify_email_for_workspace']);
    // Once the email is proved, the workspace opens.
    const proved = await post(apiPaths.verifyEmail, squatter.token, { code: lastCodeSentTo(ctx, squatter.email) });
    expect(proved.statusCode, proved.body).toBe(200);
    expect((await enter()).statusCode).toBe(201);
  });

  it('lets no phone reset the password until the email is proved', async () => {
    const squatter = await registerAccount(ctx);
    const textsBefore = ctx.sms.filter((sms) => sms.to === squatter.phone).length;
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.passwordForgot,
      payload: { login: squatter.phone },
      remoteAddress: nextAddress(),
    });
    expect(forgot.statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    expect(ctx.sms.filter((sms) => sms.to === squatter.phone)).toHaveLength(textsBefore);
  });

  it('loses every factor, phone, address and session it gathered when the email’s owner resets the password', async () => {
    const squatter = await registerAccount(ctx);
    // What such an account could have gathered before this rule (or by any other way in): a passkey,
    // two-step sign-in, a verified phone, an added email, and sessions on other devices.
    await db().update(users).set({ phoneVerifiedAt: ctx.clock.now() }).where(eq(users.id, squatter.id));
    await db()
      .insert(passkeys)
      .values({
        userId: squatter.id,
        credentialId: `squatter-${squatter.id}`,
        publicKey: 'AAAA',
        counter: 0,
        transports: [],
        name: 'Squatter key',
      });
    await db()
      .insert(twoFactorSecrets)
      .values({ userId: squatter.id, secret: 'v1.sealed', enabledAt: new Date(ctx.clock.now().getTime() - 30 * 24 * 3600_000) });
    await db()
      .insert(accountAddresses)
      .values({ userId: squatter.id, channel: 'email', value: `squatter-${squatter.id}@example.test`, verifiedAt: ctx.clock.now() });
    const otherDevice = await ctx.tokens.issue(squatter.id);
    ctx.clock.advance(3 * 24 * 60 * 60 * 1000);

    const res = await resetByEmail(ctx, squatter.email);
    // The owner is in at once: the squatter's two-step sign-in does not stand in the way.
    const token = res.json().data.token as string;
    expect(typeof token).toBe('string');
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ phone: null, phoneVerifiedAt: null });
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(await passkeyCount(squatter.id)).toBe(0);
    expect(await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, squatter.id))).toEqual([]);
    expect(await db().select().from(accountAddresses).where(eq(accountAddresses.userId, squatter.id))).toEqual([]);
    for (const old of [squatter.token, otherDevice]) {
      expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(old) })).statusCode).toBe(401);
    }
    // Only the session the reset opened is left.
    expect(await db().select().from(authTokens).where(eq(authTokens.userId, squatter.id))).toHaveLength(1);
    const mail = recoveryMailTo(squatter.email)!.text;
    expect(mail).toContain('Passkey “Squatter key”');
    expect(mail).toContain(squatter.phone);
    expect(mail).toContain(`squatter-${squatter.id}@example.test`);
  });
});

describe('the mail about a new passkey or two-step sign-in', () => {
  it('says how to undo it: a reset by email removes what was added in the 24 hours before it', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Unknown key');
    const uk = await createUser(ctx, { locale: 'uk_UA' });
    await turnOnTwoStep(uk);
    await ctx.app.afterAnswer.settled();
    const en = ctx.mail.find((mail) => mail.to === owner.email && mail.subject === 'A passkey was added to your Profiles account');
    expect(en?.text).toContain(
      'This wasn’t me: reset your password now. A reset by email signs you out on every device and removes every passkey and two-step sign-in added in the 24 hours before it:',
    );
    expect(en?.text).toContain(`${ctx.config.publicSiteUrl}/login/forgot-password`);
    const ua = ctx.mail.find((mail) => mail.to === uk.email && mail.subject === 'Двоетапний вхід увімкнено');
    expect(ua?.text).toContain('вилучає всі ключі доступу та двоетапний вхід, додані за 24 години до нього');
    expect(ua?.text).toContain(`${ctx.config.publicSiteUrl}/uk/login/forgot-password`);
  });
});

describe('the one-click undo in the mail about a new passkey or two-step sign-in', () => {
  const undoLinkIn = (to: string, subject: string) => {
    const text = ctx.mail.find((mail) => mail.to === to && mail.subject === subject)?.text ?? '';
    return /\/remove-sign-in\?token=(\S+)/.exec(text)?.[1];
  };
  const undo = (token: string) =>
    ctx.app.inject({ method: 'POST', url: signInRemovalApiPath, payload: { token }, remoteAddress: nextAddress() });

  it('removes the passkey a stolen session added and signs every session out, the thief’s too', async () => {
    const owner = await createUser(ctx);
    await addPasskey(owner, 'Thief laptop');
    await ctx.app.afterAnswer.settled();
    const token = undoLinkIn(owner.email, 'A passkey was added to your Profiles account');
    expect(token).toBeDefined();
    const res = await undo(token!);
    expect(res.json().data).toEqual({ kind: 'passkey', name: 'Thief laptop' });
    expect(await passkeyCount(owner.id)).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(owner.token) })).statusCode).toBe(401);
    expect(expectErrorAnswer(await undo(token!)).code).toBe('removal_link_invalid');
  });

  it('turns two-step sign-in off again, and only the one the mail was about', async () => {
    const owner = await createUser(ctx, { locale: 'uk_UA' });
    await turnOnTwoStep(owner);
    await ctx.app.afterAnswer.settled();
    const first = undoLinkIn(owner.email, 'Двоетапний вхід увімкнено');
    expect(ctx.mail.find((mail) => mail.to === owner.email && mail.subject === 'Двоетапний вхід увімкнено')?.text).toContain(
      'скасуйте зміну одним дотиком за цим посиланням',
    );
    // Turned off and on again: the first mail's link is about the earlier one and does nothing now.
    expect((await post(twoFactorApiPaths.disable, owner.token, { current_password: owner.password })).statusCode).toBe(204);
    await turnOnTwoStep(owner);
    expect(expectErrorAnswer(await undo(first!)).code).toBe('removal_link_invalid');
    expect(await twoStepOn(owner)).toBe(true);
    await ctx.app.afterAnswer.settled();
    const links = ctx.mail
      .filter((mail) => mail.to === owner.email && mail.subject === 'Двоетапний вхід увімкнено')
      .map((mail) => /\/remove-sign-in\?token=(\S+)/.exec(mail.text)?.[1]);
    const latest = links.at(-1)!;
    expect(latest).not.toBe(first);
    expect((await undo(latest)).json().data).toEqual({ kind: 'two_factor', name: null });
    expect(await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, owner.id))).toEqual([]);
  });
});
