// A passkey removed with the password is kept for the removal mail's undo link (decision 297): a thief
// holding a stolen session and the password cannot take the owner's passkey away for good. The link
// goes to the addresses a reset accepts (the owner's removal of a thief's passkey must not hand the
// thief's added email a way to put it back), puts the passkey back as it was, ends every session, works
// once and for 7 days; kept passkeys past that are purged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasskeyOptions, passkeyApiPaths } from '../../contract/passkeys.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { signInRemovalApiPath } from '../../contract/sign-in-removal.ts';
import { accountAddresses, users } from '../db/schema.ts';
import { passkeys, removedPasskeys } from '../db/security-schema.ts';
import { apiPaths } from '../../contract/routes.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, registerAccount, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { SoftwareAuthenticator } from '../test/software-authenticator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const post = (url: string, token: string | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload, remoteAddress: nextAddress() });

async function addPasskey(user: TestUser, name: string): Promise<number> {
  const options = await post(passkeyApiPaths.registrationOptions, user.token, { current_password: user.password });
  expect(options.statusCode, options.body).toBe(200);
  const credential = new SoftwareAuthenticator(ctx.config.publicSiteUrl).create(PasskeyOptions.parse(options.json().data));
  const res = await post(passkeyApiPaths.list, user.token, { name, credential, current_password: user.password });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** The owner's passkey removed (by whoever holds the session and the password); the mails it sent. */
async function removed(locale: 'en_GB' | 'uk_UA' = 'en_GB') {
  const owner = await createUser(ctx, { locale });
  const added = `added-${owner.id}@example.test`;
  await db().insert(accountAddresses).values({ userId: owner.id, channel: 'email', value: added, verifiedAt: ctx.clock.now() });
  const id = await addPasskey(owner, 'Owner laptop');
  const [before] = await db().select().from(passkeys).where(eq(passkeys.id, id));
  await ctx.app.afterAnswer.settled();
  const mailsBefore = ctx.mail.length;
  const res = await post(passkeyApiPaths.remove(id), owner.token, { current_password: owner.password });
  expect(res.statusCode, res.body).toBe(204);
  await ctx.app.afterAnswer.settled();
  const mails = ctx.mail.slice(mailsBefore);
  return {
    owner,
    before: before!,
    toSignIn: mails.find((mail) => mail.to === owner.email)!,
    toAdded: mails.find((mail) => mail.to === added)!,
  };
}

const tokenIn = (text: string) => /remove-sign-in\?token=([\w.-]+)/.exec(text)?.[1];
const undo = (token: string) => post(signInRemovalApiPath, undefined, { token });
const passkeysOf = (userId: number) => db().select().from(passkeys).where(eq(passkeys.userId, userId));

describe('a removed passkey', () => {
  it('comes back as it was from the removal mail to the sign-in email, which signs out everywhere, once', async () => {
    const { owner, before, toSignIn, toAdded } = await removed();
    expect(await passkeysOf(owner.id)).toEqual([]);
    expect(toSignIn.subject).toBe('A passkey was removed from your Profiles account');
    // The added email hears of it, without the link that puts a passkey back.
    expect(toAdded.subject).toBe(toSignIn.subject);
    expect(tokenIn(toAdded.text)).toBeUndefined();

    const other = await ctx.tokens.issue(owner.id);
    const res = await undo(tokenIn(toSignIn.text)!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'passkey_restored', name: 'Owner laptop' });
    const [back] = await passkeysOf(owner.id);
    expect(back).toMatchObject({
      credentialId: before.credentialId,
      publicKey: before.publicKey,
      counter: before.counter,
      name: 'Owner laptop',
      createdAt: before.createdAt,
    });
    expect(await db().select().from(removedPasskeys).where(eq(removedPasskeys.userId, owner.id))).toEqual([]);
    for (const session of [owner.token, other]) {
      expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(session) })).statusCode).toBe(401);
    }
    const again = await undo(tokenIn(toSignIn.text)!);
    expect([again.statusCode, expectErrorAnswer(again).code]).toEqual([404, 'removal_link_invalid']);
    expect(await passkeysOf(owner.id)).toHaveLength(1);
  });

  it('is mailed in Ukrainian with the link to the Ukrainian page', async () => {
    const { toSignIn } = await removed('uk_UA');
    expect(toSignIn.subject).toBe('З вашого облікового запису Profiles вилучено ключ доступу');
    expect(toSignIn.text).toContain('/uk/remove-sign-in?token=');
  });

  it('stays gone after the 7 days, and is purged', async () => {
    const { owner, toSignIn } = await removed();
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const late = await undo(tokenIn(toSignIn.text)!);
    expect([late.statusCode, expectErrorAnswer(late).code]).toEqual([404, 'removal_link_invalid']);
    // The next removal, anyone's, purges what is kept past the link's days.
    const next = await createUser(ctx);
    const id = await addPasskey(next, 'Another');
    expect((await post(passkeyApiPaths.remove(id), next.token, { current_password: next.password })).statusCode).toBe(204);
    expect(await db().select().from(removedPasskeys).where(eq(removedPasskeys.userId, owner.id))).toEqual([]);
    expect(await passkeysOf(owner.id)).toEqual([]);
    await db().delete(users).where(eq(users.id, next.id));
  });

  it('kept for an account whose email was never proved goes with the reset that proves it', async () => {
    const squatter = await registerAccount(ctx);
    const now = ctx.clock.now();
    await db()
      .insert(removedPasskeys)
      .values({
        userId: squatter.id,
        credentialId: `squatter-${squatter.id}`,
        publicKey: 'AAAA',
        counter: 0,
        transports: [],
        name: 'Squatter key',
        backedUp: false,
        addedAt: now,
        removedAt: now,
      });
    const forgot = await post(apiPaths.passwordForgot, undefined, { login: squatter.email });
    expect(forgot.statusCode).toBe(200);
    await ctx.app.afterAnswer.settled();
    const password = 'Reset-Garden-42';
    const reset = await post(apiPaths.passwordReset, undefined, {
      login: squatter.email,
      code: lastCodeSentTo(ctx, squatter.email),
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await db().select().from(removedPasskeys).where(eq(removedPasskeys.userId, squatter.id))).toEqual([]);
  });
});
