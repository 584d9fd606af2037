// Rotating TWO_FACTOR_KEY (decision 228): with the old key listed in TWO_FACTOR_KEYS_RETIRED, a two-step
// secret sealed under it still signs in and is sealed again under the new key on that use; a passkey
// made under it (its user handle keyed by the old key) still signs in. A key that is not listed opens
// nothing.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { PasskeyOptions, passkeyApiPaths } from '../../contract/passkeys.ts';
import { RecoveryCodes, TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import { twoFactorSecrets } from '../db/security-schema.ts';
import { openSecret, sealSecret } from '../shared/auth/secret-box.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';

const oldKey = Buffer.from('11'.repeat(32), 'hex');
const unlistedKey = Buffer.from('22'.repeat(32), 'hex');
const newKeyHex = '33'.repeat(32);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TWO_FACTOR_KEY: newKeyHex, TWO_FACTOR_KEYS_RETIRED: `${'44'.repeat(32)},${oldKey.toString('hex')}` });
});
afterAll(async () => ctx.close());

const post = (url: string, token: string | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0', ...(token === undefined ? {} : bearer(token)) },
    ...(payload ? { payload } : {}),
    remoteAddress: nextAddress(),
  });
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
const context = (user: TestUser) => `two-factor:${user.id}`;

/** A person with two-step sign-in on, whose stored secret is sealed under `key` as before a rotation. */
async function twoStepSealedUnder(key: Buffer): Promise<{ user: TestUser; secret: string }> {
  const user = await createUser(ctx);
  const secret = TwoFactorSetup.parse((await post(twoFactorApiPaths.setup, user.token)).json().data).secret;
  expect((await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password })).statusCode).toBe(
    200,
  );
  ctx.clock.advance(30_000);
  await ctx.database.db
    .update(twoFactorSecrets)
    .set({ secret: sealSecret(key, secret, context(user)) })
    .where(eq(twoFactorSecrets.userId, user.id));
  return { user, secret };
}

async function secondStepWith(user: TestUser, code: string) {
  const login = await post(apiPaths.login, undefined, { login: user.email, password: user.password });
  expect(login.statusCode, login.body).toBe(200);
  const { challenge } = LoginChallenge.parse(login.json().data);
  return post(twoFactorApiPaths.loginSecondStep, undefined, { challenge, code });
}

const storedSecret = async (user: TestUser) =>
  (await ctx.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id)))[0]!.secret;

describe('two-step secrets after a key rotation', () => {
  it('signs in with a secret sealed under a retired key, and seals it again under the current key', async () => {
    const { user, secret } = await twoStepSealedUnder(oldKey);
    const res = await secondStepWith(user, codeOf(secret));
    expect(res.statusCode, res.body).toBe(200);
    const sealed = await storedSecret(user);
    expect(openSecret(Buffer.from(newKeyHex, 'hex'), sealed, context(user))).toBe(secret);
    expect(() => openSecret(oldKey, sealed, context(user))).toThrow();
    // And again, now under the current key.
    ctx.clock.advance(30_000);
    expect((await secondStepWith(user, codeOf(secret))).statusCode).toBe(200);
  });

  it('leaves the stored secret as it was after a wrong code', async () => {
    const { user, secret } = await twoStepSealedUnder(oldKey);
    const before = await storedSecret(user);
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await secondStepWith(user, wrong)).statusCode).toBe(422);
    expect(await storedSecret(user)).toBe(before);
  });
});

describe('a two-step secret no key opens any more (a retired key dropped too soon)', () => {
  it("answers 422 on the code saying to use a recovery code, in the person's language, and a recovery code signs in", async () => {
    const user = await createUser(ctx);
    const secret = TwoFactorSetup.parse((await post(twoFactorApiPaths.setup, user.token)).json().data).secret;
    const confirmed = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recoveryCode = RecoveryCodes.parse(confirmed.json().data).recovery_codes[0]!;
    ctx.clock.advance(30_000);
    await ctx.database.db
      .update(twoFactorSecrets)
      .set({ secret: sealSecret(unlistedKey, secret, context(user)) })
      .where(eq(twoFactorSecrets.userId, user.id));

    const english = await secondStepWith(user, codeOf(secret));
    expect(english.statusCode, english.body).toBe(422);
    expect(expectErrorAnswer(english).violations).toEqual([
      { field: 'code', title: validationMessages.en_GB['validation.codeUnreadable'] },
    ]);
    expect(validationMessages.en_GB['validation.codeUnreadable']).toMatch(/recovery code/);

    const login = await post(`${apiPaths.login}?locale=uk_UA`, undefined, { login: user.email, password: user.password });
    const { challenge } = LoginChallenge.parse(login.json().data);
    const ukrainian = await post(`${twoFactorApiPaths.loginSecondStep}?locale=uk_UA`, undefined, { challenge, code: codeOf(secret) });
    expect(ukrainian.statusCode).toBe(422);
    expect(expectErrorAnswer(ukrainian).violations![0]!.title).toBe(validationMessages.uk_UA['validation.codeUnreadable']);
    expect(validationMessages.uk_UA['validation.codeUnreadable']).toMatch(/резервн(ий|их) код/);

    expect((await secondStepWith(user, recoveryCode)).statusCode).toBe(200);
  });
});

describe('a set-up waiting for its first code when no key opens its secret any more', () => {
  it('answers 422 on the code saying to start the set-up again (there are no recovery codes yet), and a new set-up turns it on', async () => {
    const user = await createUser(ctx);
    const secret = TwoFactorSetup.parse((await post(twoFactorApiPaths.setup, user.token)).json().data).secret;
    await ctx.database.db
      .update(twoFactorSecrets)
      .set({ secret: sealSecret(unlistedKey, secret, context(user)) })
      .where(eq(twoFactorSecrets.userId, user.id));

    const english = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password });
    expect(english.statusCode, english.body).toBe(422);
    expect(expectErrorAnswer(english).violations).toEqual([
      { field: 'code', title: validationMessages.en_GB['validation.setUpUnreadable'] },
    ]);
    expect(validationMessages.en_GB['validation.setUpUnreadable']).not.toMatch(/recovery/);
    const ukrainian = await post(`${twoFactorApiPaths.confirm}?locale=uk_UA`, user.token, {
      code: codeOf(secret),
      current_password: user.password,
    });
    expect(expectErrorAnswer(ukrainian).violations![0]!.title).toBe(validationMessages.uk_UA['validation.setUpUnreadable']);

    const again = TwoFactorSetup.parse((await post(twoFactorApiPaths.setup, user.token)).json().data).secret;
    const confirmed = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(again), current_password: user.password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});

describe('passkeys after a key rotation', () => {
  /** A person's passkey whose user handle was keyed by `key` (made before the rotation). */
  async function passkeyMadeUnder(key: Buffer): Promise<SoftwareAuthenticator> {
    const user = await createUser(ctx);
    const authenticator = new SoftwareAuthenticator(ctx.config.publicSiteUrl);
    const proof = { current_password: user.password };
    const options = PasskeyOptions.parse((await post(passkeyApiPaths.registrationOptions, user.token, proof)).json().data);
    const res = await post(passkeyApiPaths.list, user.token, { name: 'Old laptop', credential: authenticator.create(options), ...proof });
    expect(res.statusCode, res.body).toBe(201);
    const handle = createHmac('sha256', key).update(`passkey-user:${user.id}`).digest('base64url');
    (authenticator as unknown as { userHandle: string }).userHandle = handle;
    return authenticator;
  }
  const signIn = async (authenticator: SoftwareAuthenticator) => {
    const options = PasskeyOptions.parse((await post(passkeyApiPaths.signInOptions, undefined)).json().data);
    return post(passkeyApiPaths.signIn, undefined, { credential: authenticator.get(options) });
  };

  it('signs in with a passkey whose user handle a retired key made', async () => {
    const res = await signIn(await passkeyMadeUnder(oldKey));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a handle under a key that is neither current nor retired', async () => {
    const res = await signIn(await passkeyMadeUnder(unlistedKey));
    expect(res.statusCode).toBe(401);
    expect(expectErrorAnswer(res).code).toBe('passkey_not_recognised');
  });
});
