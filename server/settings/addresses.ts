// The person's emails and phones (settings; decision 154). The primary ones, used to
// sign in, are `users.email` and `users.phone`; further ones live in `account_addresses`, are verified
// by a code sent to them (the same one-time codes and throttle as sign-up), can become primary with
// the current password, and can be removed. A verified address belongs to one account only.
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { CodeChannel } from '../../contract/auth.ts';
import { codeLifetimeSeconds } from '../../contract/auth.ts';
import { say } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import { maxAddedAddresses, type AccountAddress, type AccountAddresses, type AddressCodeSent } from '../../contract/settings.ts';
import { messageRef } from '../../contract/validation.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { accountAddresses, users } from '../db/schema.ts';
import { formerSignInAddresses } from '../db/security-schema.ts';
import { ConflictError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsSender } from '../mail/sms.ts';
import { consumeCode, issueCode, resendAvailableIn, type CodePurpose } from '../shared/verification/service.ts';
import { requireVerifiedEmail } from '../shared/auth/reauthentication.ts';
import { forgetOldFormerAddresses } from '../shared/auth/sign-in-removal.ts';
import { checkCurrentPassword } from './service.ts';

export interface AddressDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** Logs each code too when there is no real mail server (local trials), as sign-up does. */
  logCode?: (message: { channel: CodeChannel; to: string; code: string; purpose: CodePurpose }) => void;
}

/** Only a verified address can become the one to sign in with. */
export class AddressNotVerifiedError extends ConflictError {
  constructor() {
    super('address_not_verified', 'Verify this address with its code before you make it primary.');
  }
}

/** Another account verified or signs in with the address meanwhile. */
export class AddressTakenError extends ConflictError {
  constructor() {
    super('address_taken', 'This address now belongs to another account.');
  }
}

const purposeOf: Record<CodeChannel, CodePurpose> = { email: 'email_verification', phone: 'phone_verification' };
const fieldOf: Record<CodeChannel, 'email' | 'phone'> = { email: 'email', phone: 'phone' };
const takenMessage = { email: 'validation.emailTaken', phone: 'validation.phoneTaken' } as const;

/** Tells the former sign-in address that another one took its place (never fails the change). */
async function tellFormer(deps: AddressDeps, channel: CodeChannel, former: string, now: string, locale: Locale): Promise<void> {
  try {
    const text = say(locale, `mail.signInChanged.body.${channel}`, { value: now });
    if (channel === 'email') await deps.mailer.send({ to: former, subject: say(locale, 'mail.signInChanged.subject.email'), text });
    else await deps.sms.send({ to: former, text });
  } catch {
    // The change stands; the notice is a courtesy.
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as { code?: unknown; cause?: unknown } | undefined;
  }
  return false;
}

async function userOf(db: Queryable, userId: number) {
  const [user] = await db
    .select({
      email: users.email,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      locale: users.locale,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  if (!user) throw new NotFoundError();
  return user;
}

async function ownAddress(db: Queryable, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(accountAddresses)
    .where(and(eq(accountAddresses.id, id), eq(accountAddresses.userId, userId)));
  // Another person's address is as unknown as a missing one.
  if (!row) throw new NotFoundError();
  return row;
}

/** Whether another account signs in with, or has verified, `value`. */
async function takenByOther(db: Queryable, userId: number, channel: CodeChannel, value: string): Promise<boolean> {
  const [primary] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(channel === 'email' ? eq(users.email, value) : eq(users.phone, value), ne(users.id, userId)))
    .limit(1);
  if (primary) return true;
  const [verified] = await db
    .select({ id: accountAddresses.id })
    .from(accountAddresses)
    .where(
      and(
        eq(accountAddresses.channel, channel),
        eq(accountAddresses.value, value),
        isNotNull(accountAddresses.verifiedAt),
        ne(accountAddresses.userId, userId),
      ),
    )
    .limit(1);
  return Boolean(verified);
}

function itemOf(row: typeof accountAddresses.$inferSelect): AccountAddress {
  return { id: row.id, value: row.value, primary: false, verified: row.verifiedAt !== null };
}

/** Every email and phone of the person: the primary of each channel first, then the added ones. */
export async function listAddresses(db: Db, userId: number): Promise<AccountAddresses> {
  const user = await userOf(db, userId);
  const rows = await db.select().from(accountAddresses).where(eq(accountAddresses.userId, userId)).orderBy(asc(accountAddresses.id));
  const primaries = {
    email: { id: null, value: user.email, primary: true, verified: user.emailVerifiedAt !== null },
    phone: user.phone ? { id: null, value: user.phone, primary: true, verified: user.phoneVerifiedAt !== null } : null,
  };
  return {
    emails: [primaries.email, ...rows.filter((r) => r.channel === 'email').map(itemOf)],
    phones: [...(primaries.phone ? [primaries.phone] : []), ...rows.filter((r) => r.channel === 'phone').map(itemOf)],
  };
}

async function deliver(deps: AddressDeps, channel: CodeChannel, to: string, code: string, locale: Locale): Promise<void> {
  try {
    const text = say(locale, 'mail.addressCode.body', { code });
    if (channel === 'email') await deps.mailer.send({ to, subject: say(locale, 'mail.addressCode.subject'), text });
    else await deps.sms.send({ to, text });
  } catch {
    // A lost message costs nothing: the person asks for another code after the countdown.
  }
  deps.logCode?.({ channel, to, code, purpose: purposeOf[channel] });
}

async function codeSent(deps: AddressDeps, userId: number, row: typeof accountAddresses.$inferSelect): Promise<AddressCodeSent> {
  return {
    address: itemOf(row),
    resend_available_in: await resendAvailableIn(deps.db, deps.clock, { userId, purpose: purposeOf[row.channel], destination: row.value }),
    expires_in: codeLifetimeSeconds,
  };
}

/**
 * Adds an email or phone (already normalised by the contract) after the current password, and sends
 * it a code. Refused on the field: one of the person's own already, another account's, or more than
 * the limit; a phone is refused while the email is unverified.
 */
export async function addAddress(
  deps: AddressDeps,
  userId: number,
  channel: CodeChannel,
  given: string,
  password: string,
): Promise<AddressCodeSent> {
  // Decision 235: the proof first; a phone only once the email is proved.
  if (channel === 'phone') await requireVerifiedEmail(deps.db, userId);
  await checkCurrentPassword(deps, userId, password);
  const value = channel === 'email' ? given.toLowerCase() : given;
  const field = fieldOf[channel];
  const user = await userOf(deps.db, userId);
  const own = await deps.db
    .select({ value: accountAddresses.value })
    .from(accountAddresses)
    .where(and(eq(accountAddresses.userId, userId), eq(accountAddresses.channel, channel)));
  if ((channel === 'email' ? user.email : user.phone) === value || own.some((o) => o.value === value)) {
    throw new RuleBrokenError([{ field, message: messageRef('validation.addressYours') }]);
  }
  if (own.length >= maxAddedAddresses) {
    throw new RuleBrokenError([{ field, message: messageRef('validation.tooMany', { maximum: maxAddedAddresses }) }]);
  }
  if (await takenByOther(deps.db, userId, channel, value))
    throw new RuleBrokenError([{ field, message: messageRef(takenMessage[channel]) }]);

  let added: { row: typeof accountAddresses.$inferSelect; code: string };
  try {
    added = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(accountAddresses).values({ userId, channel, value }).returning();
      const code = await issueCode(tx, deps.clock, { userId, purpose: purposeOf[channel], channel, destination: value });
      return { row: row!, code };
    });
  } catch (error) {
    // Two tabs adding the same address at once: the second finds it is already theirs.
    if (isUniqueViolation(error)) throw new RuleBrokenError([{ field, message: messageRef('validation.addressYours') }]);
    throw error;
  }
  await deliver(deps, channel, value, added.code, user.locale === 'uk_UA' ? 'uk_UA' : 'en_GB');
  return codeSent(deps, userId, added.row);
}

/** Sends a new code to an added, unverified address (the sign-up countdown and hourly cap apply). */
export async function resendAddressCode(deps: AddressDeps, userId: number, id: number): Promise<AddressCodeSent> {
  const row = await ownAddress(deps.db, userId, id);
  if (row.verifiedAt) throw new ConflictError('already_verified', 'This address is already verified.');
  const user = await userOf(deps.db, userId);
  const code = await deps.db.transaction((tx) =>
    issueCode(tx, deps.clock, { userId, purpose: purposeOf[row.channel], channel: row.channel, destination: row.value }),
  );
  await deliver(deps, row.channel, row.value, code, user.locale === 'uk_UA' ? 'uk_UA' : 'en_GB');
  return codeSent(deps, userId, row);
}

/** Checks the code sent to an added address and marks it verified; answers every address. */
export async function verifyAddress(deps: AddressDeps, userId: number, id: number, code: string): Promise<AccountAddresses> {
  const row = await ownAddress(deps.db, userId, id);
  if (!row.verifiedAt) {
    await consumeCode(deps.db, deps.clock, { userId, purpose: purposeOf[row.channel], channel: row.channel, destination: row.value }, code);
    try {
      await deps.db.transaction(async (tx) => {
        if (await takenByOther(tx, userId, row.channel, row.value)) throw new AddressTakenError();
        const now = deps.clock.now();
        await tx.update(accountAddresses).set({ verifiedAt: now, updatedAt: now }).where(eq(accountAddresses.id, row.id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AddressTakenError();
      throw error;
    }
  }
  return listAddresses(deps.db, userId);
}

/**
 * Makes a verified added address the one the person signs in with, after checking the current
 * password; the former primary stays as an added address (verified as it was).
 */
/**
 * Makes a verified added address the sign-in one after the current password; the former one stays as
 * an added address and, when it was proved, is remembered for 7 days (decision 278: it hears of
 * changes, its mail undoes this, and it can reset the password). The addresses and the remembered
 * row's id (null when none).
 */
export async function makePrimary(
  deps: AddressDeps,
  userId: number,
  id: number,
  password: string,
): Promise<{ addresses: AccountAddresses; formerId: number | null }> {
  await checkCurrentPassword(deps, userId, password);
  const row = await ownAddress(deps.db, userId, id);
  if (!row.verifiedAt) throw new AddressNotVerifiedError();
  let former: { value: string; locale: Locale } | null = null;
  let formerId: number | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const user = await userOf(tx, userId);
      if (await takenByOther(tx, userId, row.channel, row.value)) throw new AddressTakenError();
      const now = deps.clock.now();
      await tx.delete(accountAddresses).where(eq(accountAddresses.id, row.id));
      const formerValue = row.channel === 'email' ? user.email : user.phone;
      const formerVerifiedAt = row.channel === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt;
      await tx
        .update(users)
        .set(
          row.channel === 'email'
            ? { email: row.value, emailVerifiedAt: row.verifiedAt, updatedAt: now }
            : { phone: row.value, phoneVerifiedAt: row.verifiedAt, updatedAt: now },
        )
        .where(eq(users.id, userId));
      if (formerValue) {
        await tx
          .insert(accountAddresses)
          .values({ userId, channel: row.channel, value: formerValue, verifiedAt: formerVerifiedAt, createdAt: now, updatedAt: now });
        former = { value: formerValue, locale: user.locale === 'uk_UA' ? 'uk_UA' : 'en_GB' };
      }
      // Only a proved email is remembered: an unproved one (a squatter's sign-up with another's email)
      // would otherwise hear of the account, reset it and keep its owner from signing up. A phone is
      // remembered for its mail's undo link and the reset by email, which put the owner's number back,
      // or none ('') when there was none.
      if (row.channel === 'phone' || (formerValue && formerVerifiedAt)) {
        await forgetOldFormerAddresses(tx, now);
        const [remembered] = await tx
          .insert(formerSignInAddresses)
          .values({ userId, channel: row.channel, value: formerValue ?? '', replacedAt: now })
          .returning({ id: formerSignInAddresses.id });
        formerId = remembered?.id ?? null;
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AddressTakenError();
    throw error;
  }
  const told = former as { value: string; locale: Locale } | null;
  if (told) await tellFormer(deps, row.channel, told.value, row.value, told.locale);
  return { addresses: await listAddresses(deps.db, userId), formerId };
}

/**
 * Removes an added address after the current password (decision 235: a stolen session cannot silence
 * the address that hears of its changes); the primary one has no id: another must become primary first.
 * Answers what is left and what went, which the route mails about.
 */
export async function removeAddress(
  deps: { db: Db; clock: Clock },
  userId: number,
  id: number,
  password: string,
): Promise<{ addresses: AccountAddresses; removed: { channel: CodeChannel; value: string; verified: boolean } }> {
  await checkCurrentPassword(deps, userId, password);
  const { db } = deps;
  const [removed] = await db
    .delete(accountAddresses)
    .where(and(eq(accountAddresses.id, id), eq(accountAddresses.userId, userId)))
    .returning({ channel: accountAddresses.channel, value: accountAddresses.value, verifiedAt: accountAddresses.verifiedAt });
  if (!removed) throw new NotFoundError();
  return {
    addresses: await listAddresses(db, userId),
    removed: { channel: removed.channel, value: removed.value, verified: removed.verifiedAt !== null },
  };
}
