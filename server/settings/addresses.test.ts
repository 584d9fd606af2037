// Emails and phones in the settings (decision 154): several addresses, each added
// one verified by a code sent to it, a verified one made primary (the sign-in address) after the
// current password, any added one removed; each field's message; only the caller's own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { AccountAddresses, maxAddedAddresses, settingsApiPaths } from '../../contract/settings.ts';
import { accountAddresses } from '../db/schema.ts';
import { bearer, createUser, lastCodeSentTo, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

let counter = 0;
const fresh = (label: string) => `${label}-${++counter}-${process.pid}@example.test`;
const freshPhone = () => `+4479${String(10_000_000 + ++counter * 7919 + (process.pid % 1000)).slice(0, 8)}`;

type Method = 'GET' | 'POST' | 'DELETE';
/** Adding or removing an address carries the caller's password (decision 235; reauthentication.test.ts covers its absence). */
const withProof = (user: TestUser | null, method: Method, url: string, payload: unknown) => {
  if (user && method === 'DELETE' && url.startsWith(`${settingsApiPaths.addresses}/`)) return { current_password: user.password };
  return user && (url === settingsApiPaths.emails || url === settingsApiPaths.phones) && payload && typeof payload === 'object'
    ? { current_password: user.password, ...payload }
    : payload;
};
const call = (user: TestUser | null, method: Method, url: string, given?: unknown, locale = 'en_GB') => {
  const payload = withProof(user, method, url, given);
  return ctx.app.inject({
    method,
    url: `${url}?locale=${locale}`,
    headers: { ...(user ? bearer(user.token) : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
};
const list = async (user: TestUser) => {
  const res = await call(user, 'GET', settingsApiPaths.addresses);
  expect(res.statusCode, res.body).toBe(200);
  return AccountAddresses.parse(res.json().data);
};
const addEmail = async (user: TestUser, email: string) => {
  const res = await call(user, 'POST', settingsApiPaths.emails, { email });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { address: { id: number; value: string; verified: boolean }; resend_available_in: number; expires_in: number };
};
const violation = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(422);
  return expectErrorAnswer(res).violations!;
};
const signIn = (login: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: apiPaths.login, payload: { login, password }, remoteAddress: nextAddress() });

describe('emails', () => {
  it('are added with a code sent to the new address, verified, made primary with the password, and the old one kept', async () => {
    const person = await createUser(ctx);
    expect(await list(person)).toEqual({ emails: [{ id: null, value: person.email, primary: true, verified: true }], phones: [] });

    const second = fresh('Second');
    const added = await addEmail(person, ` ${second.toUpperCase()} `);
    expect(added).toMatchObject({
      address: { value: second.toLowerCase(), verified: false, primary: false },
      resend_available_in: 60,
      expires_in: 600,
    });
    expect(ctx.mail.at(-1)).toMatchObject({ to: second.toLowerCase(), subject: 'Confirm your new email address' });
    const code = lastCodeSentTo(ctx, second.toLowerCase());

    // Unverified: it cannot become primary yet.
    const early = await call(person, 'POST', settingsApiPaths.addressPrimary(added.address.id), { current_password: person.password });
    expect(early.statusCode).toBe(409);
    expect(expectErrorAnswer(early).code).toBe('address_not_verified');

    const wrong = await call(person, 'POST', settingsApiPaths.addressVerify(added.address.id), {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(await violation(wrong)).toEqual([{ field: 'code', title: 'The entered code is incorrect.' }]);
    const verified = await call(person, 'POST', settingsApiPaths.addressVerify(added.address.id), { code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(AccountAddresses.parse(verified.json().data).emails[1]).toEqual({
      id: added.address.id,
      value: second.toLowerCase(),
      primary: false,
      verified: true,
    });

    // Changing the sign-in address needs the current password.
    const refused = await call(person, 'POST', settingsApiPaths.addressPrimary(added.address.id), { current_password: 'Wrong-Passw0rd1' });
    expect(refused.statusCode).toBe(403);
    expect(expectErrorAnswer(refused)).toMatchObject({
      code: 'reauthentication_failed',
      violations: [{ field: 'current_password', title: 'Current password is incorrect.' }],
    });
    const made = await call(person, 'POST', settingsApiPaths.addressPrimary(added.address.id), { current_password: person.password });
    expect(made.statusCode, made.body).toBe(200);
    const after = AccountAddresses.parse(made.json().data).emails;
    expect(after[0]).toEqual({ id: null, value: second.toLowerCase(), primary: true, verified: true });
    expect(after.slice(1)).toEqual([expect.objectContaining({ value: person.email, primary: false, verified: true })]);

    // The former address is told, in case it was not the person.
    expect(ctx.mail.at(-1)).toMatchObject({ to: person.email, subject: 'Your sign-in email was changed' });
    expect(ctx.mail.at(-1)!.text).toContain(second.toLowerCase());
    // The new address signs in; the former one no longer does.
    expect((await signIn(second, person.password)).statusCode).toBe(200);
    expect((await signIn(person.email, person.password)).statusCode).toBe(401);
  });

  it('are removed, any but the primary; another person cannot touch them', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    const added = await addEmail(person, fresh('removable'));
    const id = added.address.id;
    for (const [method, url, body] of [
      ['DELETE', settingsApiPaths.address(id), undefined],
      ['POST', settingsApiPaths.addressVerify(id), { code: '123456' }],
      ['POST', settingsApiPaths.addressResend(id), undefined],
      ['POST', settingsApiPaths.addressPrimary(id), { current_password: other.password }],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expectErrorAnswer(res);
    }
    expect((await list(person)).emails).toHaveLength(2);
    const removed = await call(person, 'DELETE', settingsApiPaths.address(id));
    expect(removed.statusCode).toBe(200);
    expect(AccountAddresses.parse(removed.json().data).emails).toEqual([{ id: null, value: person.email, primary: true, verified: true }]);
    expect((await call(person, 'DELETE', settingsApiPaths.address(id))).statusCode).toBe(404);
  });

  it("give each mistake its field message, in the request's language", async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    const post = (email: unknown, locale?: string) => call(person, 'POST', settingsApiPaths.emails, { email }, locale);
    expect(await violation(await post(''))).toEqual([{ field: 'email', title: 'Please enter your personal email.' }]);
    expect(await violation(await post('not-an-address'))).toEqual([{ field: 'email', title: 'Please enter your personal email.' }]);
    expect((await violation(await post('nope', 'uk_UA')))[0]!.title).toBe('Будь ласка, введіть свою особисту електронну пошту.');
    expect(await violation(await post(person.email.toUpperCase()))).toEqual([
      { field: 'email', title: 'This is already one of your addresses.' },
    ]);
    expect(await violation(await post(other.email))).toEqual([{ field: 'email', title: 'This email address is already registered.' }]);
    const first = fresh('again');
    await addEmail(person, first);
    expect(await violation(await post(first))).toEqual([{ field: 'email', title: 'This is already one of your addresses.' }]);
    for (let i = 1; i < maxAddedAddresses; i += 1) await addEmail(person, fresh(`many${i}`));
    expect(await violation(await post(fresh('one-too-many')))).toEqual([{ field: 'email', title: `Add at most ${maxAddedAddresses}` }]);
    const badCode = await call(person, 'POST', settingsApiPaths.addressVerify((await list(person)).emails[1]!.id!), { code: 'abc' });
    expect(await violation(badCode)).toEqual([{ field: 'code', title: 'The entered code is incorrect.' }]);
  });

  it('resend a code after the countdown only', async () => {
    const person = await createUser(ctx);
    const added = await addEmail(person, fresh('resend'));
    const soon = await call(person, 'POST', settingsApiPaths.addressResend(added.address.id));
    expect(soon.statusCode).toBe(429);
    expect(expectErrorAnswer(soon).code).toBe('too_soon');
    ctx.clock.advance(61_000);
    const again = await call(person, 'POST', settingsApiPaths.addressResend(added.address.id));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ resend_available_in: 60, expires_in: 600 });
  });

  it('an address another account verified first cannot be verified here too', async () => {
    const first = await createUser(ctx);
    const second = await createUser(ctx);
    const shared = fresh('shared');
    const mine = await addEmail(first, shared);
    const firstCode = lastCodeSentTo(ctx, shared);
    const theirs = await addEmail(second, shared);
    const secondCode = lastCodeSentTo(ctx, shared);
    expect((await call(second, 'POST', settingsApiPaths.addressVerify(theirs.address.id), { code: secondCode })).statusCode).toBe(200);
    const late = await call(first, 'POST', settingsApiPaths.addressVerify(mine.address.id), { code: firstCode });
    // The right code, but the address is the other account's now.
    expect(late.statusCode).toBe(409);
    expect(expectErrorAnswer(late).code).toBe('address_taken');
    expect((await list(first)).emails[1]).toMatchObject({ verified: false });
    // Nor can anyone sign up with it.
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        kind: 'personal',
        email: shared,
        first_name: 'Copy',
        last_name: 'Cat',
        phone: freshPhone(),
        password: 'Sturdy-Passw0rd1',
        password_confirmation: 'Sturdy-Passw0rd1',
        terms: true,
      },
      remoteAddress: nextAddress(),
    });
    expect(await violation(signUp)).toEqual([{ field: 'email', title: 'This email address is already registered.' }]);
    // And now it cannot even be added by a third person.
    const third = await createUser(ctx);
    expect(await violation(await call(third, 'POST', settingsApiPaths.emails, { email: shared }))).toEqual([
      { field: 'email', title: 'This email address is already registered.' },
    ]);
  });
});

describe('phones', () => {
  it('are added with a code by SMS, verified and made primary', async () => {
    const person = await createUser(ctx);
    const phone = freshPhone();
    const res = await call(person, 'POST', settingsApiPaths.phones, {
      phone: `${phone.slice(0, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.address.id as number;
    expect(ctx.sms.at(-1)).toMatchObject({ to: phone });
    const code = lastCodeSentTo(ctx, phone);
    expect((await call(person, 'POST', settingsApiPaths.addressVerify(id), { code })).statusCode).toBe(200);
    const made = await call(person, 'POST', settingsApiPaths.addressPrimary(id), { current_password: person.password });
    expect(made.statusCode, made.body).toBe(200);
    expect(AccountAddresses.parse(made.json().data).phones).toEqual([{ id: null, value: phone, primary: true, verified: true }]);
    // The phone now signs in.
    expect((await signIn(phone, person.password)).statusCode).toBe(200);
  });

  it("refuse what is not a phone number with SPEC §5's message", async () => {
    const person = await createUser(ctx);
    for (const phone of ['12345', 'call me', '+0123456789', '']) {
      const titles = await violation(await call(person, 'POST', settingsApiPaths.phones, { phone }));
      expect(titles[0]!.field).toBe('phone');
      expect(titles[0]!.title, phone).toMatch(phone === '' ? /Field is required$/ : /Invalid phone number$/);
    }
    expect((await violation(await call(person, 'POST', settingsApiPaths.phones, { phone: 'x' }, 'uk_UA')))[0]!.title).toBe(
      'Недійсний номер телефону',
    );
  });
});

describe('closing the account', () => {
  it('frees the added addresses never verified and holds the verified ones (decisions 151, 154)', async () => {
    const person = await createUser(ctx);
    const held = fresh('held');
    const kept = await addEmail(person, held);
    expect(
      (await call(person, 'POST', settingsApiPaths.addressVerify(kept.address.id), { code: lastCodeSentTo(ctx, held) })).statusCode,
    ).toBe(200);
    const loose = fresh('loose');
    await addEmail(person, loose);
    const exported = await call(person, 'GET', settingsApiPaths.dataExport);
    expect(
      exported
        .json()
        .addresses.map((a: { value: string }) => a.value)
        .sort(),
    ).toEqual([held, loose].sort());
    expect((await call(person, 'POST', settingsApiPaths.closeAccount, { current_password: person.password })).statusCode).toBe(204);
    const rows = await ctx.database.db
      .select({ value: accountAddresses.value })
      .from(accountAddresses)
      .where(eq(accountAddresses.userId, person.id));
    expect(rows.map((r) => r.value)).toEqual([held]);
    const someone = await createUser(ctx);
    expect(await violation(await call(someone, 'POST', settingsApiPaths.emails, { email: held }))).toEqual([
      { field: 'email', title: 'This email address is already registered.' },
    ]);
    expect((await call(someone, 'POST', settingsApiPaths.emails, { email: loose })).statusCode).toBe(201);
  });
});

describe('who may call the address settings', () => {
  // An anonymous visitor's 401 on each address route is checked with every settings route in security.test.ts.
  it('keeps the stored rows to the caller', async () => {
    const person = await createUser(ctx);
    const added = await addEmail(person, fresh('rows'));
    const [row] = await ctx.database.db.select().from(accountAddresses).where(eq(accountAddresses.id, added.address.id));
    expect(row).toMatchObject({ userId: person.id, channel: 'email', verifiedAt: null });
  });
});
