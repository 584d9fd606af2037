// Sign-up, verification of email and phone, the email correction, forgotten passwords and the
// account status. Free of HTTP: routes call these and map the typed errors (decisions 020-022).
import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountStatus, CodeChannel, CodeSent, RegisterRequest, RegistrationStep } from '../../contract/auth.ts';
import { codeLifetimeSeconds } from '../../contract/auth.ts';
import { industries, type IndustryId } from '../../contract/industries.ts';
import type { Locale } from '../../contract/locale.ts';
import { Locale as LocaleSchema } from '../../contract/locale-schema.ts';
import { isCommonPassword } from '../shared/auth/common-passwords.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { checkProof } from '../shared/auth/reauthentication.ts';
import { normaliseLogin } from '../shared/auth/login-name.ts';
import type { TokenStore } from '../shared/auth/tokens.ts';
import type { Clock } from '../clock.ts';
import { ConflictError, RuleBrokenError } from '../domain-errors.ts';
import { messageRef } from '../../contract/validation.ts';
import { companiesOf } from '../shared/companies/membership.ts';
import { createCompanyWithOwner, verifyCompaniesOwnedBy } from '../shared/companies/record.ts';
import type { Db } from '../db/client.ts';
import { accountAddresses, profiles, users } from '../db/schema.ts';
import {
  CodeRejectedError,
  consumeCode,
  issueCode,
  ResendTooSoonError,
  resendAvailableIn,
  revokeCodes,
  type CodePurpose,
} from '../shared/verification/service.ts';
import type { CodeDelivery } from './code-delivery.ts';
import { takenFieldOf } from './unique-violation.ts';
import { recoverAccount, type RecoveryOutcome } from '../shared/auth/recovery.ts';
import { formerAddressLive, restoreSignInAddress } from '../shared/auth/sign-in-removal.ts';
import { formerSignInAddresses } from '../db/security-schema.ts';

/** What the account functions work with. */
export interface AccountDeps {
  db: Db;
  clock: Clock;
  tokens: TokenStore;
  delivery: CodeDelivery;
}

/** The email address or phone number belongs to another account. */
export class AlreadyTakenError extends RuleBrokenError {
  readonly fields: ('email' | 'phone')[];
  constructor(fields: ('email' | 'phone')[]) {
    super(fields.map((field) => ({ field, message: messageRef(takenMessages[field]) })));
    this.fields = fields;
  }
}

const takenMessages = { email: 'validation.emailTaken', phone: 'validation.phoneTaken' } as const;

/** The password is on the common-passwords list. */
export class CommonPasswordError extends RuleBrokenError {
  constructor() {
    super([{ field: 'password', message: messageRef('validation.passwordTooCommon') }]);
  }
}

/** The step asked for is already done (a verified address cannot be verified or corrected again). */
export class AlreadyVerifiedError extends ConflictError {
  constructor(channel: CodeChannel) {
    super('already_verified', channel === 'email' ? 'Your email address is already verified.' : 'Your phone number is already verified.');
  }
}

/** A phone code was asked for on an account without a phone number. */
export class NoPhoneError extends ConflictError {
  constructor() {
    super('no_phone', 'There is no phone number on this account.');
  }
}

const purposeOf = { email: 'email_verification', phone: 'phone_verification' } as const satisfies Record<CodeChannel, CodePurpose>;

async function loadUser(db: Db, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      locale: users.locale,
      signupKind: users.signupKind,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  // Routes resolve the user from a live token first, so a missing row is a programming error.
  if (!user) throw new Error(`active user ${userId} not found`);
  return user;
}

type UserRow = Awaited<ReturnType<typeof loadUser>>;

function localeOfUser(user: UserRow): Locale {
  return LocaleSchema.catch('en_GB').parse(user.locale);
}

function nextStepOf(user: UserRow): RegistrationStep {
  if (!user.emailVerifiedAt) return 'email_verification';
  if (user.phone && !user.phoneVerifiedAt) return 'phone_verification';
  return 'completed';
}

/** The signed-in person's account as the contract shows it. */
export async function accountStatus(deps: Pick<AccountDeps, 'db' | 'clock'>, userId: number): Promise<AccountStatus> {
  const user = await loadUser(deps.db, userId);
  const countdown = async (channel: CodeChannel, destination: string | null, verified: boolean) =>
    verified || !destination ? 0 : resendAvailableIn(deps.db, deps.clock, { userId, purpose: purposeOf[channel], destination });
  return {
    user_id: user.id,
    kind: user.signupKind,
    email: user.email,
    phone: user.phone,
    email_verified: user.emailVerifiedAt !== null,
    phone_verified: user.phoneVerifiedAt !== null,
    next_step: nextStepOf(user),
    email_resend_available_in: await countdown('email', user.email, user.emailVerifiedAt !== null),
    phone_resend_available_in: await countdown('phone', user.phone, user.phoneVerifiedAt !== null),
    companies: await companiesOf(deps.db, userId, deps.clock.now()),
  };
}

/**
 * Creates the account (and for a company sign-up the company with the person as owner), sends the
 * email code and signs the person in (decision 020).
 */
export async function register(
  deps: AccountDeps,
  input: RegisterRequest,
  requestLocale: Locale,
): Promise<{ token: string; account: AccountStatus }> {
  if (isCommonPassword(input.password)) throw new CommonPasswordError();
  const email = input.email.toLowerCase();
  const taken = await takenFields(deps.db, email, input.phone, deps.clock.now());
  if (taken.length) throw new AlreadyTakenError(taken);

  const passwordHash = await hashPassword(input.password);
  const locale = input.locale ?? requestLocale;
  const now = deps.clock.now();
  let created: { userId: number; code: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          phone: input.phone,
          passwordHash,
          locale,
          signupKind: input.kind,
          termsAcceptedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      await tx.insert(profiles).values({ userId: user.id, firstName: input.first_name, lastName: input.last_name });
      if (input.kind === 'company') {
        // The list's key, and its English name as the text older readers of `industry` show.
        await createCompanyWithOwner(tx, {
          name: input.company_name,
          industry: industries[input.industry_id as IndustryId].en_GB,
          industryId: input.industry_id,
          ownerId: user.id,
        });
      }
      const code = await issueCode(tx, deps.clock, {
        userId: user.id,
        purpose: 'email_verification',
        channel: 'email',
        destination: email,
      });
      return { userId: user.id, code };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    const field = takenFieldOf(error);
    if (field) throw new AlreadyTakenError([field]);
    throw error;
  }

  await deps.delivery.send({ channel: 'email', to: email, code: created.code, purpose: 'email_verification', locale });
  const token = await deps.tokens.issue(created.userId);
  return { token, account: await accountStatus(deps, created.userId) };
}

async function takenFields(db: Db, email: string, phone: string | null, now: Date, exceptUserId?: number) {
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(
        phone ? or(eq(users.email, email), eq(users.phone, phone)) : eq(users.email, email),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  // An address another account added and verified in its settings is theirs too (decision 154).
  const verified = await db
    .select({ channel: accountAddresses.channel, value: accountAddresses.value })
    .from(accountAddresses)
    .where(
      and(
        isNotNull(accountAddresses.verifiedAt),
        phone
          ? or(
              and(eq(accountAddresses.channel, 'email'), eq(accountAddresses.value, email)),
              and(eq(accountAddresses.channel, 'phone'), eq(accountAddresses.value, phone)),
            )
          : and(eq(accountAddresses.channel, 'email'), eq(accountAddresses.value, email)),
        exceptUserId === undefined ? undefined : ne(accountAddresses.userId, exceptUserId),
      ),
    );
  // A sign-in email another replaced in the last 7 days is its owner's still (decision 278): it can undo
  // the change or reset the password, which an unproved sign-up or correction with it would block.
  const former = await db
    .select({ id: formerSignInAddresses.id })
    .from(formerSignInAddresses)
    .innerJoin(users, eq(users.id, formerSignInAddresses.userId))
    .where(
      and(
        eq(formerSignInAddresses.channel, 'email'),
        eq(formerSignInAddresses.value, email),
        formerAddressLive(now),
        eq(users.status, 'active'),
        exceptUserId === undefined ? undefined : ne(formerSignInAddresses.userId, exceptUserId),
      ),
    )
    .limit(1);
  const fields: ('email' | 'phone')[] = [];
  if (rows.some((row) => row.email === email) || verified.some((v) => v.channel === 'email') || former.length > 0) fields.push('email');
  if (phone && (rows.some((row) => row.phone === phone) || verified.some((v) => v.channel === 'phone'))) fields.push('phone');
  return fields;
}

/** Issues and delivers a code, throwing ResendTooSoonError when the throttle says wait. */
async function sendCode(deps: AccountDeps, user: UserRow, channel: CodeChannel, destination: string): Promise<CodeSent> {
  const purpose = purposeOf[channel];
  const code = await deps.db.transaction((tx) => issueCode(tx, deps.clock, { userId: user.id, purpose, channel, destination }));
  await deps.delivery.send({ channel, to: destination, code, purpose, locale: localeOfUser(user) });
  return {
    channel,
    resend_available_in: await resendAvailableIn(deps.db, deps.clock, { userId: user.id, purpose, destination }),
    expires_in: codeLifetimeSeconds,
  };
}

/** Checks an email or phone code and marks that channel verified; a verified channel answers as it is. */
export async function verifyChannel(deps: AccountDeps, userId: number, channel: CodeChannel, code: string): Promise<AccountStatus> {
  const user = await loadUser(deps.db, userId);
  const destination = channel === 'email' ? user.email : user.phone;
  const verifiedAt = channel === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt;
  if (verifiedAt) return accountStatus(deps, userId);
  if (!destination) throw new NoPhoneError();

  await consumeCode(deps.db, deps.clock, { userId, purpose: purposeOf[channel], channel, destination }, code);
  const now = deps.clock.now();
  await deps.db
    .update(users)
    .set(channel === 'email' ? { emailVerifiedAt: now, updatedAt: now } : { phoneVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId));

  const updated = await loadUser(deps.db, userId);
  if (channel === 'email' && updated.phone && !updated.phoneVerifiedAt) {
    // The phone step follows the email step: its code is on its way when the page opens.
    try {
      await sendCode(deps, updated, 'phone', updated.phone);
    } catch (error) {
      if (!(error instanceof ResendTooSoonError)) throw error;
    }
  }
  if (nextStepOf(updated) === 'completed') await verifyCompaniesOwnedBy(deps.db, deps.clock, userId);
  return accountStatus(deps, userId);
}

/** Sends a new code for an unverified channel, invalidating the previous one. */
export async function resendCode(deps: AccountDeps, userId: number, channel: CodeChannel): Promise<CodeSent> {
  const user = await loadUser(deps.db, userId);
  const destination = channel === 'email' ? user.email : user.phone;
  if ((channel === 'email' ? user.emailVerifiedAt : user.phoneVerifiedAt) !== null) throw new AlreadyVerifiedError(channel);
  if (!destination) throw new NoPhoneError();
  return sendCode(deps, user, channel, destination);
}

/** Corrects the email address while it is unverified, after the password (decision 235), and sends a code to the new one. */
export async function changeEmail(deps: AccountDeps, userId: number, newEmail: string, password: string): Promise<AccountStatus> {
  await checkProof(deps, userId, password);
  const user = await loadUser(deps.db, userId);
  if (user.emailVerifiedAt) throw new AlreadyVerifiedError('email');
  const email = newEmail.toLowerCase();
  if (email === user.email) {
    await sendCode(deps, user, 'email', email);
    return accountStatus(deps, userId);
  }
  if ((await takenFields(deps.db, email, null, deps.clock.now(), userId)).length) throw new AlreadyTakenError(['email']);

  let code: string;
  try {
    code = await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ email, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
      await revokeCodes(tx, deps.clock, userId, 'email_verification');
      return issueCode(tx, deps.clock, { userId, purpose: 'email_verification', channel: 'email', destination: email });
    });
  } catch (error) {
    if (takenFieldOf(error) === 'email') throw new AlreadyTakenError(['email']);
    throw error;
  }
  await deps.delivery.send({ channel: 'email', to: email, code, purpose: 'email_verification', locale: localeOfUser(user) });
  return accountStatus(deps, userId);
}

function channelOfLogin(login: string): CodeChannel {
  return login.includes('@') ? 'email' : 'phone';
}

async function findActiveByLogin(db: Db, login: string): Promise<{ id: number; channel: CodeChannel; former: boolean } | undefined> {
  const channel = channelOfLogin(login);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(channel === 'email' ? eq(users.email, login) : eq(users.phone, login), eq(users.status, 'active')))
    .limit(1);
  return row ? { id: row.id, channel, former: false } : undefined;
}

/**
 * The active account whose sign-in email `login` was until another replaced it in the last 7 days
 * (decision 278): it may still reset the password, and the reset makes it the sign-in email again, so
 * whoever changed it cannot keep the owner out. The latest such account when several had it.
 */
async function findByFormerEmail(db: Db, login: string, now: Date) {
  if (channelOfLogin(login) !== 'email') return undefined;
  const [row] = await db
    .select({ id: formerSignInAddresses.userId })
    .from(formerSignInAddresses)
    .innerJoin(users, eq(users.id, formerSignInAddresses.userId))
    .where(
      and(
        eq(formerSignInAddresses.channel, 'email'),
        eq(formerSignInAddresses.value, login),
        formerAddressLive(now),
        eq(users.status, 'active'),
        ne(users.email, login),
      ),
    )
    .orderBy(desc(formerSignInAddresses.replacedAt))
    .limit(1);
  return row ? { id: row.id, channel: 'email' as const, former: true } : undefined;
}

/** The account a password reset for `login` is for: its sign-in email or phone, or a former sign-in email. */
async function findResettable(deps: Pick<AccountDeps, 'db' | 'clock'>, login: string) {
  // Both looks every time: a known login and an unknown one do the same statements (hardening issue, point 4).
  const active = await findActiveByLogin(deps.db, login);
  const former = await findByFormerEmail(deps.db, login, deps.clock.now());
  return active ?? former;
}

/**
 * Sends a reset code to the account's email or phone when the login names one. Says nothing either
 * way: unknown accounts, throttled requests and sent codes all return alike (decision 022).
 */
export async function forgotPassword(deps: AccountDeps, login: string): Promise<void> {
  const key = normaliseLogin(login);
  const account = await findResettable(deps, key);
  if (!account) return;
  const user = await loadUser(deps.db, account.id);
  // A phone resets the password only once the email is proved: whoever registered
  // someone else's email with their own phone cannot take the account back after the owner's reset.
  if (account.channel === 'phone' && !user.emailVerifiedAt) return;
  let code: string;
  try {
    code = await deps.db.transaction((tx) =>
      issueCode(tx, deps.clock, { userId: user.id, purpose: 'password_reset', channel: account.channel, destination: key }),
    );
  } catch (error) {
    if (error instanceof ResendTooSoonError) return;
    throw error;
  }
  // Not awaited: the time a mail server takes must not tell who has an account.
  void deps.delivery.send({ channel: account.channel, to: key, code, purpose: 'password_reset', locale: localeOfUser(user) });
}

/**
 * Sets a new password with a reset code and ends every session of the account. A reset by email also
 * removes recent second factors, or everything gathered before the email was proved (recoverAccount).
 * Any failure with the code is 'incorrect', whatever the reason, so the answer reveals no accounts.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { login: string; code: string; password: string },
): Promise<{ userId: number; recovery: RecoveryOutcome | null; email: string; locale: Locale }> {
  if (isCommonPassword(input.password)) throw new CommonPasswordError();
  const key = normaliseLogin(input.login);
  const found = await findResettable(deps, key);
  // An unknown login checks its code like a known one without a live code (user 0 has none), so
  // both do the same queries and the answer time tells no accounts apart (hardening issue, point 4).
  const account = found ?? { id: 0, channel: channelOfLogin(key), former: false };
  try {
    await consumeCode(
      deps.db,
      deps.clock,
      { userId: account.id, purpose: 'password_reset', channel: account.channel, destination: key },
      input.code,
    );
    if (!found) throw new CodeRejectedError('incorrect');
    if (account.channel === 'phone' && !(await loadUser(deps.db, account.id)).emailVerifiedAt) throw new CodeRejectedError('incorrect');
  } catch (error) {
    // 'expired' or 'locked' would tell that the account exists and asked for a code.
    if (error instanceof CodeRejectedError) throw new CodeRejectedError('incorrect');
    throw error;
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const before = await loadUser(deps.db, account.id);
  // The code proved the person holds this address or phone, so it counts as verified too.
  const verifiedNow = (column: AnyPgColumn) => sql`coalesce(${column}, ${now.toISOString()}::timestamptz)`;
  const recovery = await deps.db.transaction(async (tx) => {
    // A former sign-in email that reset the password signs in again (decision 278); refused, like a
    // wrong code, when another account took it meanwhile.
    if (account.former && !(await restoreSignInAddress(tx, account.id, { channel: 'email', value: key }, now))) {
      throw new CodeRejectedError('incorrect');
    }
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        ...(account.channel === 'email'
          ? { emailVerifiedAt: verifiedNow(users.emailVerifiedAt) }
          : { phoneVerifiedAt: verifiedNow(users.phoneVerifiedAt) }),
      })
      .where(eq(users.id, account.id));
    // A reset by email gives the account back to the email's owner (decision 235).
    return account.channel === 'email' ? recoverAccount(tx, account.id, now, before.emailVerifiedAt === null) : null;
  });
  if (nextStepOf(await loadUser(deps.db, account.id)) === 'completed') {
    await verifyCompaniesOwnedBy(deps.db, deps.clock, account.id);
  }
  await deps.tokens.revokeAllOf(account.id);
  return { userId: account.id, recovery, email: account.former ? key : before.email, locale: localeOfUser(before) };
}
