// Every security mail carries its undo (decision 278): an added email or phone, new recovery codes,
// two-step sign-in turned off, the password and the sign-in address changed. Each link undoes exactly
// its change, ends every session (the thief's too), works once, and names nothing else. A sign-in email
// that another replaced still hears of changes and can reset the password for 7 days, which makes it
// the sign-in email again.
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { settingsApiPaths, AccountAddresses } from '../../contract/settings.ts';
import { signInRemovalApiPath, undoKindOf } from '../../contract/sign-in-removal.ts';
import { TwoFactorSetup, TwoFactorStatus, twoFactorApiPaths } from '../../contract/two-factor.ts';
import { accountAddresses, users } from '../db/schema.ts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../db/security-schema.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, registerAccount, signUpBody, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { sealSecret } from '../shared/auth/secret-box.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const send = (method: 'POST' | 'PUT' | 'GET', url: string, token: string | undefined, payload?: object) =>
  ctx.app.inject({ method, url, headers: token === undefined ? {} : bearer(token), payload, remoteAddress: nextAddress() });
const post = (url: string, token: string | undefined, payload: object = {}) => send('POST', url, token, payload);
const undo = (payload: object) => post(signInRemovalApiPath, undefined, payload);
const codeOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: ctx.clock.now().getTime(),
  });
const signedIn = async (user: TestUser) => (await send('GET', settingsApiPaths.sessions, user.token)).statusCode === 200;
const twoStepOn = async (token: string) => TwoFactorStatus.parse((await send('GET', twoFactorApiPaths.status, token)).json().data).enabled;

/** The undo token in the latest mail to `to` with `subject`. */
async function undoTokenIn(to: string, subject: string): Promise<string> {
  await ctx.app.afterAnswer.settled();
  const text = ctx.mail.filter((mail) => mail.to === to && mail.subject === subject).at(-1)?.text ?? '';
  const token = /\/remove-sign-in\?token=(\S+)/.exec(text)?.[1];
  if (!token) throw new Error(`no undo link in “${subject}” to ${to}: ${text}`);
  return token;
}

async function turnOnTwoStep(user: TestUser): Promise<string> {
  const setup = await post(twoFactorApiPaths.setup, user.token);
  const secret = TwoFactorSetup.parse(setup.json().data).secret;
  const res = await post(twoFactorApiPaths.confirm, user.token, { code: codeOf(secret), current_password: user.password });
  expect(res.statusCode, res.body).toBe(200);
  ctx.clock.advance(30_000);
  return secret;
}

async function addVerifiedEmail(user: TestUser, email: string): Promise<number> {
  const added = await post(settingsApiPaths.emails, user.token, { email, current_password: user.password });
  expect(added.statusCode, added.body).toBe(201);
  const id = added.json().data.address.id as number;
  const verified = await post(settingsApiPaths.addressVerify(id), user.token, { code: lastCodeSentTo(ctx, email) });
  expect(verified.statusCode, verified.body).toBe(200);
  return id;
}

describe('the undo link of an added email or phone', () => {
  it('removes the address the thief added, ends every session, and works once', async () => {
    const owner = await createUser(ctx);
    const thiefEmail = `thief-${Date.now()}@example.test`;
    const added = await post(settingsApiPaths.emails, owner.token, { email: thiefEmail, current_password: owner.password });
    expect(added.statusCode, added.body).toBe(201);
    const token = await undoTokenIn(owner.email, 'An email address was added to your Profiles account');
    expect(undoKindOf(token)).toBe('e');
    const res = await undo({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'address', name: thiefEmail });
    expect(await db().select().from(accountAddresses).where(eq(accountAddresses.userId, owner.id))).toEqual([]);
    expect(await signedIn(owner)).toBe(false);
    expect(expectErrorAnswer(await undo({ token })).code).toBe('removal_link_invalid');
    await ctx.app.afterAnswer.settled();
    expect(
      ctx.mail.some((mail) => mail.to === owner.email && mail.subject === 'A change to your Profiles account was undone from its email'),
    ).toBe(true);
  });
});

describe('the undo link of new recovery codes', () => {
  it('cancels that batch only; two-step sign-in stays on', async () => {
    const owner = await createUser(ctx);
    await turnOnTwoStep(owner);
    const res = await post(twoFactorApiPaths.recoveryCodes, owner.token, { current_password: owner.password });
    expect(res.statusCode, res.body).toBe(200);
    const token = await undoTokenIn(owner.email, 'New recovery codes were created');
    expect((await undo({ token })).json().data).toEqual({ kind: 'recovery_codes', name: null });
    expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toEqual([]);
    const [secret] = await db().select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, owner.id));
    expect(secret?.enabledAt).not.toBeNull();
    expect(await signedIn(owner)).toBe(false);
  });

  it('does nothing to a later batch', async () => {
    const owner = await createUser(ctx);
    await turnOnTwoStep(owner);
    await post(twoFactorApiPaths.recoveryCodes, owner.token, { current_password: owner.password });
    const first = await undoTokenIn(owner.email, 'New recovery codes were created');
    await post(twoFactorApiPaths.recoveryCodes, owner.token, { current_password: owner.password });
    expect(expectErrorAnswer(await undo({ token: first })).code).toBe('removal_link_invalid');
    expect(await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, owner.id))).toHaveLength(10);
  });
});

describe('the undo link of two-step sign-in turned off', () => {
  it('turns it back on with the same authenticator app, and ends every session', async () => {
    const owner = await createUser(ctx, { locale: 'uk_UA' });
    const secret = await turnOnTwoStep(owner);
    expect((await post(twoFactorApiPaths.disable, owner.token, { current_password: owner.password })).statusCode).toBe(204);
    expect(await twoStepOn(owner.token)).toBe(false);
    const token = await undoTokenIn(owner.email, 'Двоетапний вхід вимкнено');
    expect((await undo({ token })).json().data).toEqual({ kind: 'two_factor_restored', name: null });
    // Signing in asks the second step again, and the owner's app answers it.
    const login = await post(apiPaths.login, undefined, { login: owner.email, password: owner.password });
    expect(login.json().data.two_factor_required).toBe(true);
    ctx.clock.advance(30_000);
    const second = await post(apiPaths.loginSecondStep, undefined, { challenge: login.json().data.challenge, code: codeOf(secret) });
    expect(second.statusCode, second.body).toBe(200);
    expect(await twoStepOn(second.json().data.token)).toBe(true);
    expect(await signedIn(owner)).toBe(false);
    expect(expectErrorAnswer(await undo({ token })).code).toBe('removal_link_invalid');
  });

  // After a key rotation whose old key was dropped too soon, the kept secret opens under no key: on
  // again, two-step would ask for codes no app's code matches. It stays off, and the answer says why.
  it('keeps it off when no key kept opens its secret any more, and says to set it up again', async () => {
    const owner = await createUser(ctx);
    const secret = await turnOnTwoStep(owner);
    await post(twoFactorApiPaths.disable, owner.token, { current_password: owner.password });
    const token = await undoTokenIn(owner.email, 'Two-step sign-in was turned off');
    const droppedKey = Buffer.from('22'.repeat(32), 'hex');
    await db()
      .update(twoFactorSecrets)
      .set({ secret: sealSecret(droppedKey, secret, `two-factor:${owner.id}`) })
      .where(eq(twoFactorSecrets.userId, owner.id));
    const refused = await undo({ token });
    expect([refused.statusCode, expectErrorAnswer(refused).code]).toEqual([409, 'two_factor_unreadable']);
    expect(await twoStepOn(owner.token)).toBe(false);
    // Nothing was undone: the password alone still signs in, and the session stays.
    expect(await signedIn(owner)).toBe(true);
    const login = await post(apiPaths.login, undefined, { login: owner.email, password: owner.password });
    expect(login.json().data.token).toEqual(expect.any(String));
  });

  it('cannot bring back a secret a new set-up replaced, nor be confirmed as a set-up', async () => {
    const owner = await createUser(ctx);
    const secret = await turnOnTwoStep(owner);
    await post(twoFactorApiPaths.disable, owner.token, { current_password: owner.password });
    const token = await undoTokenIn(owner.email, 'Two-step sign-in was turned off');
    // The kept secret is no set-up waiting for its first code.
    const confirm = await post(twoFactorApiPaths.confirm, owner.token, { code: codeOf(secret), current_password: owner.password });
    expect(expectErrorAnswer(confirm).code).toBe('two_factor_not_set_up');
    expect((await post(twoFactorApiPaths.setup, owner.token)).statusCode).toBe(200);
    expect(expectErrorAnswer(await undo({ token })).code).toBe('removal_link_invalid');
    expect(await twoStepOn(owner.token)).toBe(false);
  });
});

describe('the undo link of a password change', () => {
  const change = (user: TestUser, password: string) =>
    send('PUT', settingsApiPaths.password, user.token, { current_password: user.password, password, password_confirmation: password });

  it('sets the owner’s new password, ends every session, and stops once the password changes again', async () => {
    const owner = await createUser(ctx);
    expect((await change(owner, 'Thief-Passw0rd-9')).statusCode).toBe(200);
    const token = await undoTokenIn(owner.email, 'Your Profiles password was changed');
    expect(undoKindOf(token)).toBe('w');
    // Without the new password, or with one that breaks the rules: 422 and nothing changes.
    expect(expectErrorAnswer(await undo({ token })).code).toBe('validation_failed');
    const weak = await undo({ token, password: 'short', password_confirmation: 'short' });
    expect(weak.statusCode).toBe(422);
    const mismatch = await undo({ token, password: 'Owner-Passw0rd-2', password_confirmation: 'Owner-Passw0rd-3' });
    expect(mismatch.statusCode).toBe(422);
    const res = await undo({ token, password: 'Owner-Passw0rd-2', password_confirmation: 'Owner-Passw0rd-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'password', name: null });
    expect(await signedIn(owner)).toBe(false);
    expect((await post(apiPaths.login, undefined, { login: owner.email, password: 'Thief-Passw0rd-9' })).statusCode).toBe(401);
    expect((await post(apiPaths.login, undefined, { login: owner.email, password: 'Owner-Passw0rd-2' })).statusCode).toBe(200);
    const again = await undo({ token, password: 'Other-Passw0rd-4', password_confirmation: 'Other-Passw0rd-4' });
    expect(expectErrorAnswer(again).code).toBe('removal_link_invalid');
  });

  it('reaches only the addresses that could reset the password: an added email gets the reset link instead', async () => {
    // A thief who knew the password added and verified their own email; the owner then changes the
    // password to shut them out. The link would hand the thief the account.
    const owner = await createUser(ctx);
    const thiefEmail = `thief-w-${Date.now()}@example.test`;
    await addVerifiedEmail(owner, thiefEmail);
    expect((await change(owner, 'Owner-Passw0rd-7')).statusCode).toBe(200);
    expect(undoKindOf(await undoTokenIn(owner.email, 'Your Profiles password was changed'))).toBe('w');
    const toThief = ctx.mail.filter((mail) => mail.to === thiefEmail && mail.subject === 'Your Profiles password was changed').at(-1);
    expect(toThief?.text).toContain('/login/forgot-password');
    expect(toThief?.text).not.toContain('/remove-sign-in');
    // The reset does not take an added email: its mail says which address does.
    expect(toThief?.text).toContain('reset your password now with the email address or phone number you sign in with');
    const toOwner = ctx.mail.filter((mail) => mail.to === owner.email && mail.subject === 'Your Profiles password was changed').at(-1);
    expect(toOwner?.text).not.toContain('this address cannot reset it');
  });

  it('sets no password with a forged or another kind of token', async () => {
    const owner = await createUser(ctx);
    await change(owner, 'Thief-Passw0rd-9');
    const token = await undoTokenIn(owner.email, 'Your Profiles password was changed');
    const [body, signature] = token.split('.');
    const forged = `${body}.${signature!.slice(0, -2)}AA`;
    expect(
      expectErrorAnswer(await undo({ token: forged, password: 'Owner-Passw0rd-2', password_confirmation: 'Owner-Passw0rd-2' })).code,
    ).toBe('removal_link_invalid');
    expect((await post(apiPaths.login, undefined, { login: owner.email, password: 'Thief-Passw0rd-9' })).statusCode).toBe(200);
  });
});

describe('a sign-in email another replaced', () => {
  async function takeOver(owner: TestUser, thiefEmail: string) {
    const id = await addVerifiedEmail(owner, thiefEmail);
    const made = await post(settingsApiPaths.addressPrimary(id), owner.token, { current_password: owner.password });
    expect(made.statusCode, made.body).toBe(200);
    // The thief removes the owner's address from the account.
    const addresses = AccountAddresses.parse(made.json().data);
    const former = addresses.emails.find((address) => address.value === owner.email)!;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: settingsApiPaths.address(former.id!),
      headers: bearer(owner.token),
      payload: { current_password: owner.password },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // The owner's address hears that it was removed (decision 234); its mail goes after the answer.
    await ctx.app.afterAnswer.settled();
    const removal = 'An email address or phone number was removed from your Profiles account';
    expect(ctx.mail.some((mail) => mail.to === owner.email && mail.subject === removal)).toBe(true);
  }

  it('hears of later changes, and its mail’s link makes it the sign-in email again', async () => {
    const owner = await createUser(ctx);
    const thiefEmail = `thief-a-${Date.now()}@example.test`;
    await takeOver(owner, thiefEmail);
    const token = await undoTokenIn(owner.email, 'The email or phone you sign in to Profiles with was changed');
    // A later change still reaches the owner's address, though it is on the account no more.
    await post(settingsApiPaths.phones, owner.token, { phone: '+380501112233', current_password: owner.password });
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.some((mail) => mail.to === owner.email && mail.subject === 'A phone number was added to your Profiles account')).toBe(
      true,
    );
    const res = await undo({ token });
    expect(res.json().data).toEqual({ kind: 'sign_in_address', name: owner.email });
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.email).toBe(owner.email);
    expect(await db().select().from(accountAddresses).where(eq(accountAddresses.value, thiefEmail))).toEqual([]);
    expect(await signedIn(owner)).toBe(false);
  });

  it('is kept from a new sign-up and from an email correction for 7 days, so its link and reset reach the owner’s account', async () => {
    // The thief frees the owner's address and signs a throwaway account up with it (or corrects an
    // unverified one to it): an unproved claim must not outrank the owner's.
    const owner = await createUser(ctx);
    const thiefEmail = `thief-s-${Date.now()}@example.test`;
    await takeOver(owner, thiefEmail);
    const token = await undoTokenIn(owner.email, 'The email or phone you sign in to Profiles with was changed');
    const signUp = await post(apiPaths.register, undefined, signUpBody('personal', { email: owner.email }));
    expect(expectErrorAnswer(signUp).violations?.map((violation) => violation.field)).toContain('email');
    const squatter = await registerAccount(ctx);
    const corrected = await post(apiPaths.emailChange, squatter.token, { email: owner.email, current_password: squatter.password });
    expect(expectErrorAnswer(corrected).violations?.map((violation) => violation.field)).toContain('email');
    expect((await undo({ token })).json().data).toEqual({ kind: 'sign_in_address', name: owner.email });
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.email).toBe(owner.email);
  });

  it('is not remembered when it was never proved: a squatter’s unverified sign-up blocks nobody’s address', async () => {
    // Someone signs up with another's email, adds and proves their own, and makes it the sign-in one:
    // the unproved address must not be kept from its owner's sign-up for 7 days, nor reset that account.
    const squatter = await registerAccount(ctx);
    const own = `squatter-${Date.now()}@example.test`;
    const added = await post(settingsApiPaths.emails, squatter.token, { email: own, current_password: squatter.password });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.address.id as number;
    expect((await post(settingsApiPaths.addressVerify(id), squatter.token, { code: lastCodeSentTo(ctx, own) })).statusCode).toBe(200);
    const made = await post(settingsApiPaths.addressPrimary(id), squatter.token, { current_password: squatter.password });
    expect(made.statusCode, made.body).toBe(200);
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.some((mail) => mail.to === squatter.email && mail.subject.startsWith('The email or phone you sign in'))).toBe(false);
    const mailsBefore = ctx.mail.length;
    expect((await post(apiPaths.passwordForgot, undefined, { login: squatter.email })).statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.slice(mailsBefore).some((mail) => mail.to === squatter.email)).toBe(false);
    const signUp = await post(apiPaths.register, undefined, signUpBody('personal', { email: squatter.email, phone: '+380509990123' }));
    expect(signUp.statusCode, signUp.body).toBe(201);
  });

  it('a sign-in phone another replaced is put back by the mail’s link, proved or not', async () => {
    const owner = await createUser(ctx, { phone: '+380500001111' });
    const thiefPhone = '+380671234599';
    const added = await post(settingsApiPaths.phones, owner.token, { phone: thiefPhone, current_password: owner.password });
    const id = added.json().data.address.id as number;
    expect((await post(settingsApiPaths.addressVerify(id), owner.token, { code: lastCodeSentTo(ctx, thiefPhone) })).statusCode).toBe(200);
    expect((await post(settingsApiPaths.addressPrimary(id), owner.token, { current_password: owner.password })).statusCode).toBe(200);
    const token = await undoTokenIn(owner.email, 'The email or phone you sign in to Profiles with was changed');
    expect((await undo({ token })).json().data).toEqual({ kind: 'sign_in_address', name: '+380500001111' });
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.phone).toBe('+380500001111');
  });

  it('a thief’s phone made the sign-in one where there was none has its undo link, which removes it', async () => {
    const owner = await createUser(ctx);
    const thiefPhone = '+380671234511';
    const added = await post(settingsApiPaths.phones, owner.token, { phone: thiefPhone, current_password: owner.password });
    const id = added.json().data.address.id as number;
    expect((await post(settingsApiPaths.addressVerify(id), owner.token, { code: lastCodeSentTo(ctx, thiefPhone) })).statusCode).toBe(200);
    expect((await post(settingsApiPaths.addressPrimary(id), owner.token, { current_password: owner.password })).statusCode).toBe(200);
    const token = await undoTokenIn(owner.email, 'The email or phone you sign in to Profiles with was changed');
    expect((await undo({ token })).json().data).toEqual({ kind: 'address', name: thiefPhone });
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.phone).toBeNull();
    expect(expectErrorAnswer(await undo({ token })).code).toBe('removal_link_invalid');
  });

  it('a reset by email puts back the sign-in phone a thief replaced in the 24 hours before, so their phone resets nothing', async () => {
    for (const ownPhone of ['+380500002222', null]) {
      const owner = await createUser(ctx, ownPhone ? { phone: ownPhone } : {});
      const thiefPhone = ownPhone ? '+380671234522' : '+380671234533';
      const added = await post(settingsApiPaths.phones, owner.token, { phone: thiefPhone, current_password: owner.password });
      const id = added.json().data.address.id as number;
      expect((await post(settingsApiPaths.addressVerify(id), owner.token, { code: lastCodeSentTo(ctx, thiefPhone) })).statusCode).toBe(200);
      expect((await post(settingsApiPaths.addressPrimary(id), owner.token, { current_password: owner.password })).statusCode).toBe(200);
      // The owner ignores the link and resets by email, as every mail also offers.
      expect((await post(apiPaths.passwordForgot, undefined, { login: owner.email })).statusCode).toBe(200);
      await ctx.app.afterAnswer.settled();
      const reset = await post(apiPaths.passwordReset, undefined, {
        login: owner.email,
        code: lastCodeSentTo(ctx, owner.email),
        password: 'Owner-Passw0rd-5',
        password_confirmation: 'Owner-Passw0rd-5',
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await ctx.app.afterAnswer.settled();
      const [user] = await db().select().from(users).where(eq(users.id, owner.id));
      expect(user?.phone).toBe(ownPhone);
      const told = ctx.mail.filter(
        (mail) => mail.to === owner.email && mail.subject === 'Your password reset secured your Profiles account',
      );
      expect(told.at(-1)?.text).toContain(thiefPhone);
      const smsBefore = ctx.sms.length;
      ctx.clock.advance(120_000);
      expect((await post(apiPaths.passwordForgot, undefined, { login: thiefPhone })).statusCode).toBe(200);
      await ctx.app.afterAnswer.settled();
      expect(ctx.sms.slice(smsBefore).some((sms) => sms.to === thiefPhone)).toBe(false);
    }
  });

  it('says its link no longer works when another account signs in with the address by now', async () => {
    const owner = await createUser(ctx);
    await takeOver(owner, `thief-t-${Date.now()}@example.test`);
    const token = await undoTokenIn(owner.email, 'The email or phone you sign in to Profiles with was changed');
    // Only a proof of the address takes it (another account verified it); this stands for that.
    const other = await createUser(ctx);
    await db().update(users).set({ email: owner.email }).where(eq(users.id, other.id));
    expect(expectErrorAnswer(await undo({ token })).code).toBe('removal_link_invalid');
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.email).not.toBe(owner.email);
  });

  it('resets the password for 7 days and becomes the sign-in email again; not after', async () => {
    const owner = await createUser(ctx);
    const thiefEmail = `thief-b-${Date.now()}@example.test`;
    await takeOver(owner, thiefEmail);
    expect((await post(apiPaths.passwordForgot, undefined, { login: owner.email })).statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    const code = lastCodeSentTo(ctx, owner.email);
    const reset = await post(apiPaths.passwordReset, undefined, {
      login: owner.email,
      code,
      password: 'Owner-Passw0rd-5',
      password_confirmation: 'Owner-Passw0rd-5',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.id, owner.id));
    expect(user?.email).toBe(owner.email);
    expect(await signedIn(owner)).toBe(false);
    expect((await post(apiPaths.login, undefined, { login: owner.email, password: 'Owner-Passw0rd-5' })).statusCode).toBe(200);

    const later = await createUser(ctx);
    await takeOver(later, `thief-c-${Date.now()}@example.test`);
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
    const mailsBefore = ctx.mail.length;
    expect((await post(apiPaths.passwordForgot, undefined, { login: later.email })).statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    expect(ctx.mail.slice(mailsBefore).some((mail) => mail.to === later.email)).toBe(false);
  });
});
