// Two-step sign-in (decision 180): setting it up, turning it on with a first code, the
// recovery codes, turning it off, and signing in with it: the token only after the second step,
// codes used once, attempts limited like passwords. Codes are computed here with otpauth.
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import {
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  loginChallengeMaxWrongTries,
  loginChallengeSeconds,
  recoveryCodeCount,
  twoFactorApiPaths,
} from '../../contract/two-factor.ts';
import { twoFactorSecrets, twoFactorRecoveryCodes } from '../db/security-schema.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { loginLimits } from './login-throttle.ts';
import { openSecret } from '../shared/auth/secret-box.ts';
import { completeLoginChallengeWith, liveChallenge, twoFactorDepsOf } from '../shared/auth/two-factor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const post = (url: string, token: string | undefined, payload?: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: token === undefined ? {} : bearer(token),
    ...(payload ? { payload } : {}),
    remoteAddress,
  });
const status = async (token: string) =>
  TwoFactorStatus.parse((await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status, headers: bearer(token) })).json().data);

/** The code the app shows now, or `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime() + steps * 30_000,
  });
/** Moves the clock to the next 30-second step, so the next code is one not used yet. */
const nextStep = () => ctx.clock.advance(30_000);

async function setUp(user: TestUser): Promise<string> {
  const res = await post(twoFactorApiPaths.setup, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return TwoFactorSetup.parse(res.json().data).secret;
}

/** A person with two-step sign-in on: its secret and recovery codes. */
async function withTwoStep(): Promise<{ user: TestUser; secret: string; codes: string[] }> {
  const user = await createUser(ctx);
  const secret = await setUp(user);
  const res = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  nextStep();
  return { user, secret, codes: RecoveryCodes.parse(res.json().data).recovery_codes };
}

const login = (user: TestUser, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { login: user.email, password: user.password },
    remoteAddress,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' },
  });
async function challengeOf(user: TestUser, remoteAddress = nextAddress()): Promise<string> {
  const res = await login(user, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return LoginChallenge.parse(res.json().data).challenge;
}
const secondStep = (challenge: string, code: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: twoFactorApiPaths.loginSecondStep, payload: { challenge, code }, remoteAddress });
const signedIn = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(token) })).statusCode === 200;

describe('turning two-step sign-in on', () => {
  it('shows a QR code and the secret as text, then takes the app’s first code and answers ten recovery codes once', async () => {
    const user = await createUser(ctx);
    expect(await status(user.token)).toEqual({ enabled: false, recovery_codes_left: 0, required_by: [] });
    const res = await post(twoFactorApiPaths.setup, user.token);
    const setup = TwoFactorSetup.parse(res.json().data);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_uri).toContain(`secret=${setup.secret}`);
    expect(setup.otpauth_uri).toContain('issuer=Profiles');
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    // Not on until the first code confirms it.
    expect(await status(user.token)).toEqual({ enabled: false, recovery_codes_left: 0, required_by: [] });
    expect(LoginChallenge.safeParse((await login(user)).json().data).success).toBe(false);

    const confirmed = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(setup.secret), current_password: user.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes } = RecoveryCodes.parse(confirmed.json().data);
    expect(recovery_codes).toHaveLength(recoveryCodeCount);
    expect(new Set(recovery_codes).size).toBe(recoveryCodeCount);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(user.token)).toEqual({ enabled: true, recovery_codes_left: 10, required_by: [] });
  });

  it('keeps the secret encrypted at rest and the recovery codes hashed', async () => {
    const { user, secret, codes } = await withTwoStep();
    const [row] = await ctx.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret).toMatch(/^v1\./);
    expect(openSecret(ctx.config.twoFactorKey, row!.secret, `two-factor:${user.id}`)).toBe(secret);
    // Bound to its person: the same ciphertext does not open as someone else's.
    expect(() => openSecret(ctx.config.twoFactorKey, row!.secret, `two-factor:${user.id + 1}`)).toThrow();
    const stored = await ctx.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.codeHash).join(' ');
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));
  });

  it('refuses a wrong first code with 422 on the code field, and stays off', async () => {
    const user = await createUser(ctx);
    const secret = await setUp(user);
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post(twoFactorApiPaths.confirm, user.token, { code: wrong, current_password: user.password });
    expect(res.statusCode).toBe(422);
    expect(expectErrorAnswer(res).violations).toEqual([{ field: 'code', title: 'The entered code is incorrect.' }]);
    expect((await status(user.token)).enabled).toBe(false);
  });

  it('signs every other session out and keeps this one', async () => {
    const user = await createUser(ctx);
    const other = await ctx.tokens.issue(user.id);
    const secret = await setUp(user);
    expect((await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password })).statusCode).toBe(
      200,
    );
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(user.token)).toBe(true);
  });

  it('answers 409 to a set-up or a confirmation while it is on, and to a confirmation before a set-up', async () => {
    const { user, secret } = await withTwoStep();
    expect(expectErrorAnswer(await post(twoFactorApiPaths.setup, user.token)).code).toBe('two_factor_already_on');
    expect(
      expectErrorAnswer(await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password })).code,
    ).toBe('two_factor_already_on');
    const fresh = await createUser(ctx);
    const res = await post(twoFactorApiPaths.confirm, fresh.token, { code: '123456', current_password: fresh.password });
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([409, 'two_factor_not_set_up']);
  });

  it('validates: a code is six digits, a password is required; never a 5xx', async () => {
    const user = await createUser(ctx);
    await setUp(user);
    for (const code of ['', '12345', '1234567', 'abcdef', 12, null]) {
      const res = await post(twoFactorApiPaths.confirm, user.token, { code, current_password: user.password });
      expect(res.statusCode, String(code)).toBe(422);
      expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('code');
    }
    expect((await post(twoFactorApiPaths.confirm, user.token)).statusCode).toBeLessThan(500);
    for (const url of [twoFactorApiPaths.confirm, twoFactorApiPaths.disable, twoFactorApiPaths.recoveryCodes]) {
      const res = await post(url, user.token, { code: '123456' });
      expect(res.statusCode).toBe(403);
      expect(expectErrorAnswer(res)).toMatchObject({ code: 'reauthentication_required', violations: [{ field: 'current_password' }] });
    }
    const bad = await post(twoFactorApiPaths.loginSecondStep, undefined, { challenge: 'x', code: 'not a code' });
    expect(bad.statusCode).toBe(422);
    expect((await post(twoFactorApiPaths.loginSecondStep, undefined, { code: '123456' })).statusCode).toBe(422);
  });
});

describe('who may use the two-step routes', () => {
  it('answers 401 to an anonymous visitor on every settings route', async () => {
    for (const url of [twoFactorApiPaths.setup, twoFactorApiPaths.confirm, twoFactorApiPaths.recoveryCodes, twoFactorApiPaths.disable]) {
      expect((await post(url, undefined, { code: '123456', current_password: 'Sturdy-Passw0rd' })).statusCode, url).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: twoFactorApiPaths.status })).statusCode).toBe(401);
  });

  it('acts on the caller only: another person’s session with the owner’s password changes nothing of the owner', async () => {
    const { user: owner } = await withTwoStep();
    const other = await createUser(ctx, { password: 'Others-Passw0rd-1' });
    // The other person's own state: off, so these are 409 or 403 (not their password) for them, and the owner's stays on.
    expect((await post(twoFactorApiPaths.disable, other.token, { current_password: owner.password })).statusCode).toBe(403);
    expect((await post(twoFactorApiPaths.recoveryCodes, other.token, { current_password: owner.password })).statusCode).toBe(403);
    expect((await post(twoFactorApiPaths.disable, other.token, { current_password: other.password })).statusCode).toBe(409);
    expect(await status(owner.token)).toEqual({ enabled: true, recovery_codes_left: 10, required_by: [] });
    expect((await status(other.token)).enabled).toBe(false);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a challenge and no token after the password; the token comes after the app’s code', async () => {
    const { user, secret } = await withTwoStep();
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.token).toBeUndefined();
    expect(LoginChallenge.parse(data).expires_in).toBe(loginChallengeSeconds);
    // The challenge is no session.
    expect(await signedIn(data.challenge)).toBe(false);
    const done = await secondStep(data.challenge, codeOf(secret));
    expect(done.statusCode, done.body).toBe(200);
    const token = done.json().data.token as string;
    expect(await signedIn(token)).toBe(true);
    // The session names the device of the password step.
    const sessions = (await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(token) })).json().data.items;
    expect(sessions.find((s: { current: boolean }) => s.current).browser).toBe('Firefox');
    // A challenge signs in once.
    nextStep();
    expect(expectErrorAnswer(await secondStep(data.challenge, codeOf(secret))).code).toBe('challenge_expired');
  });

  it('refuses a wrong code with 422, and a code already used within its window', async () => {
    const { user, secret } = await withTwoStep();
    const challenge = await challengeOf(user);
    const wrong = String((Number(codeOf(secret)) + 7) % 1_000_000).padStart(6, '0');
    expect(expectErrorAnswer(await secondStep(challenge, wrong)).violations?.[0]).toEqual({
      field: 'code',
      title: 'The entered code is incorrect.',
    });
    const code = codeOf(secret);
    expect((await secondStep(challenge, code)).statusCode).toBe(200);
    // The same code again, still inside its 30 seconds (and the window around them): refused.
    const again = await challengeOf(user);
    expect((await secondStep(again, code)).statusCode).toBe(422);
    // An older step's code is refused too once a newer one was used.
    expect((await secondStep(again, codeOf(secret, -1))).statusCode).toBe(422);
    nextStep();
    expect((await secondStep(again, codeOf(secret))).statusCode).toBe(200);
  });

  it('takes a code of the step before or after (a phone clock a little off), not two steps away', async () => {
    const { user, secret } = await withTwoStep();
    // One step further, so the step before is one no code was used in yet.
    nextStep();
    expect((await secondStep(await challengeOf(user), codeOf(secret, 2))).statusCode).toBe(422);
    expect((await secondStep(await challengeOf(user), codeOf(secret, -1))).statusCode).toBe(200);
  });

  it('takes each recovery code once, written with or without its hyphen, in any case', async () => {
    const { user, codes } = await withTwoStep();
    expect((await secondStep(await challengeOf(user), codes[0]!.toUpperCase())).statusCode).toBe(200);
    // Used once: refused, saying so rather than "incorrect".
    const reused = await secondStep(await challengeOf(user), codes[0]!);
    expect(reused.statusCode).toBe(422);
    expect(expectErrorAnswer(reused).violations).toEqual([
      expect.objectContaining({
        field: 'code',
        title: expect.stringContaining('This recovery code has already been used. Each one works once: use another.'),
      }),
    ]);
    expect((await secondStep(await challengeOf(user), codes[1]!.replace('-', ''))).statusCode).toBe(200);
    expect(await status(user.token)).toEqual({ enabled: true, recovery_codes_left: 8, required_by: [] });
  });

  it('ends a challenge after its last wrong code, and after its minutes', async () => {
    const { user, secret } = await withTwoStep();
    const challenge = await challengeOf(user);
    for (let i = 0; i < loginChallengeMaxWrongTries; i += 1) expect((await secondStep(challenge, '000000')).statusCode).toBe(422);
    const res = await secondStep(challenge, codeOf(secret));
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([401, 'challenge_expired']);
    const late = await challengeOf(user);
    ctx.clock.advance(loginChallengeSeconds * 1000 + 1);
    expect(expectErrorAnswer(await secondStep(late, codeOf(secret))).code).toBe('challenge_expired');
    expect(expectErrorAnswer(await secondStep('made-up', '123456')).code).toBe('challenge_expired');
  });

  // Requests sent together each find the challenge live before any try is counted: each must take one
  // of its tries before its code is checked, so no more codes are checked than the challenge allows,
  // whatever order they arrive in. Each call below holds the challenge as it was read.
  it('checks no more codes than the challenge’s tries when the guesses are sent together', async () => {
    const { user, secret } = await withTwoStep();
    const deps = twoFactorDepsOf({ db: ctx.database.db, clock: ctx.clock, config: ctx.config });
    const token = await challengeOf(user);
    const challenge = await liveChallenge(deps, token);
    let checked = 0;
    const wrongGuess = () =>
      completeLoginChallengeWith(deps, challenge, async (): Promise<'app'> => {
        checked += 1;
        throw new Error('wrong');
      }).catch((error: { code?: string }) => error.code ?? 'wrong');
    const answers = await Promise.all(Array.from({ length: loginChallengeMaxWrongTries + 3 }, wrongGuess));
    expect(checked).toBe(loginChallengeMaxWrongTries);
    expect(answers.filter((answer) => answer === 'challenge_expired')).toHaveLength(3);
    expect(expectErrorAnswer(await secondStep(token, codeOf(secret))).code).toBe('challenge_expired');
  });

  it('limits codes per account and address like passwords: the sixth in a minute from one address is 429', async () => {
    const { user, secret } = await withTwoStep();
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < loginLimits.perAccountAndAddress.max; i += 1) {
      statuses.push((await secondStep(await challengeOf(user), '000000', address)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422]);
    const limited = await secondStep(await challengeOf(user), codeOf(secret), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Fresh challenges do not buy fresh guesses: the limit is the account's, not the challenge's.
    expect((await secondStep(await challengeOf(user), codeOf(secret), address)).statusCode).toBe(429);
    expect((await secondStep(await challengeOf(user), codeOf(secret), nextAddress())).statusCode).toBe(200);
  });

  it('delays the account’s codes across addresses after ten wrong ones in an hour', async () => {
    const { user, secret } = await withTwoStep();
    for (let i = 0; i < loginLimits.perAccount.freeFailures; i += 1) {
      expect((await secondStep(await challengeOf(user), '000000')).statusCode).toBe(422);
    }
    // The eleventh starts a delay; the next, from yet another address, is refused during it.
    expect((await secondStep(await challengeOf(user), '000000')).statusCode).toBe(422);
    expect((await secondStep(await challengeOf(user), codeOf(secret))).statusCode).toBe(429);
  });
});

describe('a password reset with two-step sign-in on', () => {
  it('replaces the password, not the second step: it answers a challenge, and the token comes after the code', async () => {
    const { user, secret } = await withTwoStep();
    // Two-step sign-in turned on in the last 24 hours goes with a reset by email (decision 235): this one is older.
    ctx.clock.advance(25 * 60 * 60 * 1000);
    await ctx.app.inject({ method: 'POST', url: apiPaths.passwordForgot, payload: { login: user.email }, remoteAddress: nextAddress() });
    await ctx.app.afterAnswer.settled();
    const reset = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.passwordReset,
      payload: {
        login: user.email,
        code: lastCodeSentTo(ctx, user.email),
        password: 'Reset-Passw0rd-2fa',
        password_confirmation: 'Reset-Passw0rd-2fa',
      },
      remoteAddress: nextAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { challenge } = LoginChallenge.parse(reset.json().data);
    expect(reset.json().data.token).toBeUndefined();
    expect(await signedIn(user.token)).toBe(false);
    const done = await secondStep(challenge, codeOf(secret));
    expect(done.statusCode, done.body).toBe(200);
    expect(await signedIn(done.json().data.token)).toBe(true);
    expect((await status(done.json().data.token)).enabled).toBe(true);
  });
});

describe('recovery codes and turning it off', () => {
  it('regenerates ten new codes after the password; the old ones stop working', async () => {
    const { user, codes } = await withTwoStep();
    const wrong = await post(twoFactorApiPaths.recoveryCodes, user.token, { current_password: 'Wrong-Passw0rd-1' });
    expect(expectErrorAnswer(wrong).violations).toEqual([{ field: 'current_password', title: 'Current password is incorrect.' }]);
    const res = await post(twoFactorApiPaths.recoveryCodes, user.token, { current_password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = RecoveryCodes.parse(res.json().data).recovery_codes;
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect((await secondStep(await challengeOf(user), codes[2]!)).statusCode).toBe(422);
    expect((await secondStep(await challengeOf(user), fresh[0]!)).statusCode).toBe(200);
  });

  it('turns off with the right password only; then the password alone signs in', async () => {
    const { user } = await withTwoStep();
    const wrong = await post(twoFactorApiPaths.disable, user.token, { current_password: 'Wrong-Passw0rd-1' });
    expect([wrong.statusCode, expectErrorAnswer(wrong).code]).toEqual([403, 'reauthentication_failed']);
    expect((await status(user.token)).enabled).toBe(true);
    const pending = await challengeOf(user);
    expect((await post(twoFactorApiPaths.disable, user.token, { current_password: user.password })).statusCode).toBe(204);
    expect(await status(user.token)).toEqual({ enabled: false, recovery_codes_left: 0, required_by: [] });
    expect(typeof (await login(user)).json().data.token).toBe('string');
    // A challenge from before is of no use any more.
    expect(expectErrorAnswer(await secondStep(pending, '123456')).code).toBe('challenge_expired');
    // The secret and codes stay, off, for the mail's undo link (decision 278): a sign-in asks no second
    // step, so none of them opens anything; a new set-up or a reset replaces them.
    const [kept] = await ctx.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    expect(kept?.enabledAt).toBeNull();
    expect(kept?.disabledAt).not.toBeNull();
  });
});
