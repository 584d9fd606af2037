// Passkeys (decision 206): adding, listing and removing them, signing in with one alone and
// as the second step after the password, the refusals (another origin, a replayed or foreign
// challenge, another person's passkey, no user verification, a counter that goes back), who may do
// what, bad input as 4xx, and the limits. The answers are real WebAuthn, made by a software
// authenticator (server/test/software-authenticator.ts) and checked by @simplewebauthn/server.
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginChallenge } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { SecurityEventList } from '../../contract/security-events.ts';
import { securityEventsPath } from '../../contract/security-events.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { Passkey, PasskeyList, PasskeyOptions, passkeyApiPaths, passkeyChallengeSeconds } from '../../contract/passkeys.ts';
import { RecoveryCodes, TwoFactorSetup, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';
import { loginLimits } from './login-throttle.ts';
import { relyingPartyOf } from './passkeys.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0';
const post = (url: string, token: string | undefined, payload?: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'user-agent': userAgent, ...(token === undefined ? {} : bearer(token)) },
    ...(payload ? { payload } : {}),
    remoteAddress,
  });
const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });
const authenticator = () => new SoftwareAuthenticator(ctx.config.publicSiteUrl);
const signedIn = async (token: string) => (await get(settingsApiPaths.sessions, token)).statusCode === 200;
const listOf = async (user: TestUser) => PasskeyList.parse((await get(passkeyApiPaths.list, user.token)).json().data).items;
const kindsOf = async (user: TestUser) =>
  SecurityEventList.parse((await get(securityEventsPath, user.token)).json().data).items.map((event) => event.kind);

async function registrationOptionsOf(user: TestUser): Promise<PasskeyOptions> {
  const res = await post(passkeyApiPaths.registrationOptions, user.token, { current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyOptions.parse(res.json().data);
}

/** A person with a passkey on `key` (a new software authenticator unless given). */
async function withPasskey(
  user?: TestUser,
  key = authenticator(),
  name = 'Firefox on Linux',
): Promise<{ user: TestUser; key: SoftwareAuthenticator; passkey: Passkey }> {
  const person = user ?? (await createUser(ctx));
  const credential = key.create(await registrationOptionsOf(person));
  const res = await post(passkeyApiPaths.list, person.token, { name, credential, current_password: person.password });
  expect(res.statusCode, res.body).toBe(201);
  return { user: person, key, passkey: Passkey.parse(res.json().data) };
}

async function signInOptions(): Promise<PasskeyOptions> {
  const res = await post(passkeyApiPaths.signInOptions, undefined);
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyOptions.parse(res.json().data);
}
const signIn = (credential: object, remoteAddress = nextAddress()) =>
  post(passkeyApiPaths.signIn, undefined, { credential }, remoteAddress);

/** Two-step sign-in on with the app (decision 180). */
async function turnOnTwoStep(user: TestUser): Promise<{ secret: string; codes: string[] }> {
  const setup = TwoFactorSetup.parse((await post(twoFactorApiPaths.setup, user.token)).json().data);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
  const res = await post(twoFactorApiPaths.confirm, user.token, { code, current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  ctx.clock.advance(30_000);
  return { secret: setup.secret, codes: RecoveryCodes.parse(res.json().data).recovery_codes };
}
async function passwordChallenge(user: TestUser, remoteAddress = nextAddress()): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { login: user.email, password: user.password },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return LoginChallenge.parse(res.json().data).challenge;
}
async function secondStepOptions(challenge: string): Promise<PasskeyOptions> {
  const res = await post(passkeyApiPaths.secondStepOptions, undefined, { challenge });
  expect(res.statusCode, res.body).toBe(200);
  return PasskeyOptions.parse(res.json().data);
}
const secondStep = (challenge: string, credential: object, remoteAddress = nextAddress()) =>
  post(passkeyApiPaths.secondStep, undefined, { challenge, credential }, remoteAddress);

describe('the relying party', () => {
  it('is the personal site’s host: its origin and other allowed origins on that host, never the company host', () => {
    expect(
      relyingPartyOf('https://profiles.example', [
        'https://profiles.example',
        'https://company.profiles.example',
        'http://profiles.example:4322',
        'https://evil.example',
      ]),
    ).toEqual({
      rpId: 'profiles.example',
      origins: ['https://profiles.example', 'http://profiles.example:4322'],
    });
  });
});

describe('adding passkeys', () => {
  it('gives options for a discoverable passkey with user verification, adds it under its name, lists it and records it', async () => {
    const user = await createUser(ctx);
    expect(await listOf(user)).toEqual([]);
    const options = await registrationOptionsOf(user);
    expect(options).toMatchObject({
      rp: { id: new URL(ctx.config.publicSiteUrl).hostname, name: 'Profiles' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    // The user handle is opaque: not the person's id.
    expect((options as PasskeyOptions & { user: { id: string } }).user.id).not.toBe(String(user.id));
    const key = authenticator();
    const res = await post(passkeyApiPaths.list, user.token, {
      name: '  Pixel 9  ',
      credential: key.create(options),
      current_password: user.password,
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = Passkey.parse(res.json().data);
    expect(added).toMatchObject({ name: 'Pixel 9', last_used_at: null, synced: true });
    expect(await listOf(user)).toEqual([added]);
    // A second passkey, then options that exclude both.
    await withPasskey(user, authenticator(), 'YubiKey');
    expect((await listOf(user)).map((passkey) => passkey.name)).toEqual(['YubiKey', 'Pixel 9']);
    const again = (await registrationOptionsOf(user)) as { excludeCredentials?: { id: string }[] };
    expect(again.excludeCredentials?.map((credential) => credential.id)).toContain(key.id);
    await ctx.app.afterAnswer.settled();
    expect((await kindsOf(user)).filter((kind) => kind === 'passkey_added')).toHaveLength(2);
    expect(ctx.mail.some((mail) => mail.to === user.email && mail.subject === 'A passkey was added to your Profiles account')).toBe(true);
  });

  it('refuses an answer from another origin, to another RP ID, without user verification, to no challenge of ours, or replayed', async () => {
    const user = await createUser(ctx);
    const key = authenticator();
    const add = (credential: object) =>
      post(passkeyApiPaths.list, user.token, { name: 'Key', credential, current_password: user.password });
    const refusals = [
      key.create(await registrationOptionsOf(user), { origin: 'https://evil.example' }),
      key.create(await registrationOptionsOf(user), { origin: ctx.config.allowedOrigins.find((origin) => origin.includes('company.'))! }),
      key.create(await registrationOptionsOf(user), { rpId: 'evil.example' }),
      key.create(await registrationOptionsOf(user), { userVerified: false }),
      key.create(await registrationOptionsOf(user), { challenge: 'bm90LW91cnM' }),
    ];
    for (const credential of refusals) {
      const res = await add(credential);
      expect(res.statusCode, res.body).toBe(422);
      expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('credential');
    }
    const good = key.create(await registrationOptionsOf(user));
    expect((await add(good)).statusCode).toBe(201);
    // The same answer again: its challenge is used up.
    expect((await add(good)).statusCode).toBe(422);
    // The same authenticator's passkey again under a fresh challenge: already added.
    expect(expectErrorAnswer(await add(key.create(await registrationOptionsOf(user)))).code).toBe('passkey_already_added');
    expect(await listOf(user)).toHaveLength(1);
  });

  it('refuses options another person asked for, and expired ones', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const key = authenticator();
    const stolen = key.create(await registrationOptionsOf(owner));
    expect(
      (await post(passkeyApiPaths.list, other.token, { name: 'Key', credential: stolen, current_password: other.password })).statusCode,
    ).toBe(422);
    const late = key.create(await registrationOptionsOf(other));
    ctx.clock.advance((passkeyChallengeSeconds + 1) * 1000);
    expect(
      (await post(passkeyApiPaths.list, other.token, { name: 'Key', credential: late, current_password: other.password })).statusCode,
    ).toBe(422);
    expect(await listOf(other)).toEqual([]);
  });

  it('answers bad input with 4xx and the field: no name, a long name, a malformed answer', async () => {
    const user = await createUser(ctx);
    const credential = authenticator().create(await registrationOptionsOf(user));
    const cases: [object, string][] = [
      [{ name: '   ', credential }, 'name'],
      [{ name: 'x'.repeat(61), credential }, 'name'],
      [{ name: 'Key' }, 'credential'],
      [{ name: 'Key', credential: { ...credential, type: 'password' } }, 'credential.type'],
      [
        { name: 'Key', credential: { ...credential, response: { ...credential.response, clientDataJSON: 'not base64url!' } } },
        'credential.response.clientDataJSON',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await post(passkeyApiPaths.list, user.token, { ...payload, current_password: user.password });
      expect(res.statusCode, res.body).toBe(422);
      expect(expectErrorAnswer(res).violations?.map((violation) => violation.field)).toContain(field);
    }
    // Well-formed but meaningless bytes: 422, never 500.
    const garbage = {
      ...credential,
      response: { ...credential.response, attestationObject: 'AAAA', clientDataJSON: Buffer.from('{"challenge":1}').toString('base64url') },
    };
    expect(
      (await post(passkeyApiPaths.list, user.token, { name: 'Key', credential: garbage, current_password: user.password })).statusCode,
    ).toBe(422);
    expect((await post(passkeyApiPaths.list, user.token, 'not json' as never)).statusCode).toBeLessThan(500);
  });
});

describe('who may', () => {
  it('keeps every settings route for the signed-in person: anonymous 401', async () => {
    for (const res of [
      await get(passkeyApiPaths.list),
      await post(passkeyApiPaths.registrationOptions, undefined),
      await post(passkeyApiPaths.list, undefined, { name: 'Key', credential: {} }),
      await post(passkeyApiPaths.remove(1), undefined, { current_password: 'Whatever-1' }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expectErrorAnswer(res);
    }
  });

  it('lets nobody list or remove another person’s passkey: 404, and it stays', async () => {
    const { user: owner, passkey } = await withPasskey();
    const other = await createUser(ctx);
    expect(await listOf(other)).toEqual([]);
    const res = await post(passkeyApiPaths.remove(passkey.id), other.token, { current_password: other.password });
    expect(res.statusCode).toBe(404);
    expectErrorAnswer(res);
    expect(await listOf(owner)).toHaveLength(1);
  });
});

describe('removing a passkey', () => {
  it('asks for the password; then the passkey no longer signs in, and the change is recorded and mailed', async () => {
    const { user, key, passkey } = await withPasskey();
    const wrong = await post(passkeyApiPaths.remove(passkey.id), user.token, { current_password: 'Wrong-Passw0rd-1' });
    expect(wrong.statusCode).toBe(403);
    expect(expectErrorAnswer(wrong)).toMatchObject({ code: 'reauthentication_failed', violations: [{ field: 'current_password' }] });
    expect(expectErrorAnswer(await post(passkeyApiPaths.remove(passkey.id), user.token, {})).code).toBe('reauthentication_required');
    expect((await post(passkeyApiPaths.remove('abc'), user.token, { current_password: user.password })).statusCode).toBe(422);
    expect((await post(passkeyApiPaths.remove(passkey.id), user.token, { current_password: user.password })).statusCode).toBe(204);
    expect(await listOf(user)).toEqual([]);
    expect((await post(passkeyApiPaths.remove(passkey.id), user.token, { current_password: user.password })).statusCode).toBe(404);
    const res = await signIn(key.get(await signInOptions()));
    expect(expectErrorAnswer(res).code).toBe('passkey_not_recognised');
    await ctx.app.afterAnswer.settled();
    expect(await kindsOf(user)).toContain('passkey_removed');
    expect(ctx.mail.some((mail) => mail.to === user.email && mail.subject === 'A passkey was removed from your Profiles account')).toBe(
      true,
    );
  });
});

describe('signing in with a passkey alone', () => {
  it('answers a token for a right answer, records the sign-in with a passkey and its last use', async () => {
    const { user, key } = await withPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: new URL(ctx.config.publicSiteUrl).hostname, userVerification: 'required' });
    // Discoverable: no list of passkeys that would tell whose they are.
    expect((options as { allowCredentials?: unknown[] }).allowCredentials ?? []).toEqual([]);
    const res = await signIn(key.get(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(res.json().data.token)).toBe(true);
    const [listed] = await listOf(user);
    expect(listed?.last_used_at).toBe(ctx.clock.now().toISOString());
    expect((await kindsOf(user)).slice(0, 2)).toEqual(['sign_in', 'passkey_used']);
  });

  it('signs in without the code even with two-step sign-in on: user verification makes it two factors', async () => {
    const { user, key } = await withPasskey();
    await turnOnTwoStep(user);
    const res = await signIn(key.get(await signInOptions()));
    expect(res.statusCode, res.body).toBe(200);
    expect(typeof res.json().data.token).toBe('string');
  });

  it('refuses a replayed answer, another origin, no user verification, an unknown passkey, a counter that goes back', async () => {
    const { key } = await withPasskey();
    const good = key.get(await signInOptions());
    expect((await signIn(good)).statusCode).toBe(200);
    const refused = [
      good,
      key.get(await signInOptions(), { origin: 'https://evil.example' }),
      key.get(await signInOptions(), { origin: ctx.config.allowedOrigins.find((origin) => origin.includes('company.'))! }),
      key.get(await signInOptions(), { rpId: 'evil.example' }),
      key.get(await signInOptions(), { userVerified: false }),
      key.get(await signInOptions(), { challenge: 'bm90LW91cnM' }),
      key.get(await signInOptions(), { counter: 1 }),
      authenticator().get(await signInOptions()),
    ];
    for (const credential of refused) {
      const res = await signIn(credential);
      expect(res.statusCode, res.body).toBe(401);
      expect(expectErrorAnswer(res).code).toBe('passkey_not_recognised');
    }
    // A challenge made for a second step does not sign anyone in alone.
    const { user: other, key: otherKey } = await withPasskey();
    await turnOnTwoStep(other);
    const stepOptions = await secondStepOptions(await passwordChallenge(other));
    expect((await signIn(otherKey.get(stepOptions))).statusCode).toBe(401);
    // And the right passkey still works after all that.
    expect((await signIn(key.get(await signInOptions()))).statusCode).toBe(200);
  });

  it('answers malformed answers with 4xx, never 5xx', async () => {
    const { key } = await withPasskey();
    const good = key.get(await signInOptions());
    const bad = [
      {},
      { ...good, id: '' },
      { ...good, response: { ...good.response, signature: '' } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') } },
      { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
      { ...good, id: 'x'.repeat(2000) },
    ];
    for (const credential of bad) {
      const res = await signIn(credential);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expectErrorAnswer(res);
    }
  });

  it('limits attempts per passkey and address like passwords', async () => {
    const { key } = await withPasskey();
    const address = nextAddress();
    for (let i = 0; i < loginLimits.perAccountAndAddress.max; i += 1) {
      expect((await signIn(key.get(await signInOptions(), { userVerified: false }), address)).statusCode).toBe(401);
    }
    const limited = await signIn(key.get(await signInOptions()), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(key.get(await signInOptions()), nextAddress())).statusCode).toBe(200);
  });
});

describe('a passkey as the second step', () => {
  it('after the password, offers only the person’s passkeys and answers the token after the passkey', async () => {
    const { user, key } = await withPasskey();
    await turnOnTwoStep(user);
    const challenge = await passwordChallenge(user);
    const options = (await secondStepOptions(challenge)) as PasskeyOptions & { allowCredentials?: { id: string }[] };
    expect(options.allowCredentials?.map((credential) => credential.id)).toEqual([key.id]);
    const res = await secondStep(challenge, key.get(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(res.json().data.token)).toBe(true);
    // The password's challenge is used up.
    expect(expectErrorAnswer(await post(passkeyApiPaths.secondStepOptions, undefined, { challenge })).code).toBe('challenge_expired');
    expect((await kindsOf(user)).slice(0, 2)).toEqual(['sign_in', 'passkey_used']);
  });

  it('refuses another person’s passkey, and a wrong answer counts a wrong try on the challenge', async () => {
    const { user, key } = await withPasskey();
    await turnOnTwoStep(user);
    const { key: strangerKey } = await withPasskey();
    const challenge = await passwordChallenge(user);
    const options = await secondStepOptions(challenge);
    const res = await secondStep(challenge, strangerKey.get(options));
    expect(expectErrorAnswer(res).code).toBe('passkey_not_recognised');
    // A passkey sign-in challenge does not pass a second step.
    expect((await secondStep(challenge, key.get(await signInOptions()))).statusCode).toBe(401);
    // Still the same challenge: the right passkey passes.
    expect((await secondStep(challenge, key.get(await secondStepOptions(challenge)))).statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    expect(await kindsOf(user)).toContain('second_step_failed');
  });

  it('answers challenge_expired for an unknown challenge, and 401 options to a person without passkeys', async () => {
    expect(expectErrorAnswer(await post(passkeyApiPaths.secondStepOptions, undefined, { challenge: 'made-up' })).code).toBe(
      'challenge_expired',
    );
    const user = await createUser(ctx);
    await turnOnTwoStep(user);
    const res = await post(passkeyApiPaths.secondStepOptions, undefined, { challenge: await passwordChallenge(user) });
    expect(expectErrorAnswer(res).code).toBe('passkey_not_recognised');
    expect((await post(passkeyApiPaths.secondStepOptions, undefined, {})).statusCode).toBe(422);
    expect((await post(passkeyApiPaths.secondStep, undefined, { challenge: 'x' })).statusCode).toBe(422);
  });

  it('counts passkey tries with the code’s: five a minute per account and address', async () => {
    const { user, key } = await withPasskey();
    await turnOnTwoStep(user);
    const address = nextAddress();
    for (let i = 0; i < loginLimits.perAccountAndAddress.max; i += 1) {
      const challenge = await passwordChallenge(user);
      expect((await secondStep(challenge, key.get(await secondStepOptions(challenge), { userVerified: false }), address)).statusCode).toBe(
        401,
      );
    }
    const challenge = await passwordChallenge(user);
    expect((await secondStep(challenge, key.get(await secondStepOptions(challenge)), address)).statusCode).toBe(429);
    expect((await secondStep(challenge, key.get(await secondStepOptions(challenge)), nextAddress())).statusCode).toBe(200);
  });
});
