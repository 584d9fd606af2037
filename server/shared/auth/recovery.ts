// Account recovery (decision 235): a password reset by email gives the account back to the
// owner of the email. It removes every passkey and two-step sign-in added in the 24 hours before it
// (what a stolen session could have added while the owner was not looking), every email and phone
// proved in those hours (their mails' undo links would undo the owner's own securing), and puts back a
// sign-in phone replaced in those hours (decision 278); and when the reset is the first proof of the email (an
// account someone else registered with it, pre-hijacking), it removes everything the account gathered
// unproved: every passkey, two-step sign-in, phone and added address, and every company it joined or
// asked to join. The sessions go with any reset (resetPassword). The mail lists what went and what stayed.
import { and, asc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { say } from '../../../contract/i18n/index.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Queryable } from '../../db/client.ts';
import { companyEmployments } from '../../db/careers-schema.ts';
import { companyInvitations, companyJoinRequests, hireSources } from '../../db/company-schema.ts';
import { accountAddresses, companies, companyMembers, users } from '../../db/schema.ts';
import {
  formerSignInAddresses,
  loginChallenges,
  passkeys,
  removedPasskeys as keptRemovedPasskeys,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '../../db/security-schema.ts';
import { restoreSignInAddress } from './sign-in-removal.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/** Factors added this recently before a reset by email are removed by it. */
export const recentFactorHours = 24;

export interface RecoveryOutcome {
  /** Names of the passkeys the reset removed. */
  removedPasskeys: string[];
  /** Two-step sign-in was on and the reset turned it off. */
  removedTwoFactor: boolean;
  /** Phones and emails the reset removed: proved in the window, or any when the reset first proved the email. */
  removedAddresses: string[];
  /** Passkeys older than the window, which stay: listed so the owner can remove any not theirs. */
  keptPasskeys: { id: number; name: string }[];
  /** When two-step sign-in that stays on (older than the window) was turned on; null when none stays. */
  keptTwoFactor: Date | null;
  /** Companies the account was taken out of: joined before the reset first proved the email. */
  leftCompanies: string[];
}

/** Whether the reset changed or left anything the owner should hear about. */
export function worthTelling(outcome: RecoveryOutcome): boolean {
  return (
    outcome.removedPasskeys.length > 0 ||
    outcome.removedTwoFactor ||
    outcome.removedAddresses.length > 0 ||
    outcome.keptPasskeys.length > 0 ||
    outcome.keptTwoFactor !== null ||
    outcome.leftCompanies.length > 0
  );
}

async function turnTwoFactorOff(tx: Queryable, userId: number): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/**
 * Someone who registered another person's email joined companies with it (a join request approved, an
 * invitation, a hire): each such membership would stay the email owner's account's after the reset,
 * and the squatter's friend at that company would see the owner as a colleague (and the owner's
 * profile a verified job never held). Every membership but an owner's goes (a company the account
 * signed up is the email owner's to take back, decision 235), with the verified jobs those hires
 * started, the requests still open and the invitations it accepted (marked revoked: the company sees
 * the acceptance did not hold).
 */
async function leaveCompaniesJoinedUnproved(tx: Queryable, userId: number, now: Date): Promise<string[]> {
  const left = await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.userId, userId), ne(companyMembers.role, 'owner')))
    .returning({ companyId: companyMembers.companyId });
  await tx
    .delete(companyEmployments)
    .where(and(eq(companyEmployments.userId, userId), inArray(companyEmployments.source, [...hireSources])));
  await tx.delete(companyJoinRequests).where(and(eq(companyJoinRequests.userId, userId), eq(companyJoinRequests.status, 'pending')));
  await tx
    .update(companyInvitations)
    .set({ status: 'revoked', updatedAt: now })
    .where(and(eq(companyInvitations.respondedBy, userId), eq(companyInvitations.status, 'accepted')));
  if (!left.length) return [];
  const names = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(
      inArray(
        companies.id,
        left.map((row) => row.companyId),
      ),
    )
    .orderBy(companies.name);
  return names.map((row) => row.name);
}

/**
 * In the reset's transaction: removes what a reset by email removes (see the module's comment).
 * `firstProofOfEmail`: the email was unverified until this reset.
 */
export async function recoverAccount(tx: Queryable, userId: number, now: Date, firstProofOfEmail: boolean): Promise<RecoveryOutcome> {
  const since = new Date(now.getTime() - recentFactorHours * 60 * 60 * 1000);
  const removedPasskeys = await tx
    .delete(passkeys)
    .where(firstProofOfEmail ? eq(passkeys.userId, userId) : and(eq(passkeys.userId, userId), gte(passkeys.createdAt, since)))
    .returning({ name: passkeys.name });
  const kept = await tx
    .select({ id: passkeys.id, name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), lt(passkeys.createdAt, since)))
    .orderBy(passkeys.id);
  const [secret] = await tx
    .select({ enabledAt: twoFactorSecrets.enabledAt })
    .from(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId));
  const recentTwoFactor = Boolean(secret?.enabledAt && (firstProofOfEmail || secret.enabledAt >= since));
  // A secret set up and never confirmed goes too: it was never a factor.
  if (secret && (recentTwoFactor || !secret.enabledAt)) await turnTwoFactorOff(tx, userId);

  const removedAddresses: string[] = [];
  const leftCompanies: string[] = [];
  // A sign-in phone that replaced another (or none) in the window goes, and the one before comes back:
  // otherwise a thief's phone would reset the password again by SMS after the owner's reset.
  const [replaced] = await tx
    .select()
    .from(formerSignInAddresses)
    .where(
      and(
        eq(formerSignInAddresses.userId, userId),
        eq(formerSignInAddresses.channel, 'phone'),
        gte(formerSignInAddresses.replacedAt, since),
      ),
    )
    .orderBy(asc(formerSignInAddresses.replacedAt))
    .limit(1);
  if (replaced && !firstProofOfEmail) {
    const [current] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (await restoreSignInAddress(tx, userId, replaced, now)) {
      if (current?.phone && current.phone !== replaced.value) removedAddresses.push(current.phone);
    }
  }
  if (!firstProofOfEmail) {
    // An email or phone proved in the window goes too, and one never proved: a thief's own address
    // would otherwise keep hearing of every change and its undo link would undo what the owner does to
    // secure the account (turn their new two-step sign-in off, remove their new passkey). An address
    // the owner proved before the window stays, and so does a former sign-in one it was moved aside
    // with (its proof's time is kept).
    const added = await tx
      .delete(accountAddresses)
      .where(and(eq(accountAddresses.userId, userId), or(isNull(accountAddresses.verifiedAt), gte(accountAddresses.verifiedAt, since))))
      .returning({ value: accountAddresses.value, verifiedAt: accountAddresses.verifiedAt });
    removedAddresses.push(...added.filter((row) => row.verifiedAt !== null).map((row) => row.value));
  }
  if (firstProofOfEmail) {
    const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    if (user?.phone) {
      removedAddresses.push(user.phone);
      await tx.update(users).set({ phone: null, phoneVerifiedAt: null, updatedAt: now }).where(eq(users.id, userId));
    }
    const added = await tx.delete(accountAddresses).where(eq(accountAddresses.userId, userId)).returning({ value: accountAddresses.value });
    removedAddresses.push(...added.map((row) => row.value));
    leftCompanies.push(...(await leaveCompaniesJoinedUnproved(tx, userId, now)));
    // A squatter's removed passkey must not come back through its mail's link either.
    await tx.delete(keptRemovedPasskeys).where(eq(keptRemovedPasskeys.userId, userId));
  }
  return {
    removedPasskeys: removedPasskeys.map((row) => row.name),
    removedTwoFactor: recentTwoFactor,
    removedAddresses,
    keptPasskeys: firstProofOfEmail ? [] : kept,
    keptTwoFactor: secret?.enabledAt && !recentTwoFactor ? secret.enabledAt : null,
    leftCompanies,
  };
}

/** The one-click removal links of what stayed (shared/auth/sign-in-removal.ts). */
export interface RemovalLinks {
  passkey(id: number): string;
  twoFactor(enabledAt: Date): string;
}

/** The mail to the address the reset proved, listing what went and what stayed (each with its removal link). */
export function recoveryMail(to: string, locale: Locale, siteUrl: string, outcome: RecoveryOutcome, links: RemovalLinks): MailMessage {
  const settingsLink = `${siteUrl}${locale === 'uk_UA' ? '/uk' : ''}/settings`;
  const removed = [
    ...(outcome.removedTwoFactor ? [say(locale, 'mail.recovery.twoFactorRemoved')] : []),
    ...outcome.removedPasskeys.map((name) => say(locale, 'mail.recovery.passkey', { name })),
    ...outcome.removedAddresses.map((value) => `- ${value}`),
    ...outcome.leftCompanies.map((name) => say(locale, 'mail.recovery.company', { name })),
  ];
  const kept = [
    ...(outcome.keptTwoFactor ? [say(locale, 'mail.recovery.twoFactorKept'), `  ${links.twoFactor(outcome.keptTwoFactor)}`] : []),
    ...outcome.keptPasskeys.flatMap((passkey) => [
      say(locale, 'mail.recovery.passkey', { name: passkey.name }),
      `  ${links.passkey(passkey.id)}`,
    ]),
  ];
  const lines = [say(locale, 'mail.recovery.intro', { hours: recentFactorHours }), ''];
  if (removed.length) lines.push(say(locale, 'mail.recovery.removed'), ...removed, '');
  if (kept.length) lines.push(say(locale, 'mail.recovery.kept'), ...kept, '', say(locale, 'mail.recovery.keptAdvice'), settingsLink);
  else lines.push(say(locale, 'mail.recovery.settings'), settingsLink);
  return { to, subject: say(locale, 'mail.recovery.subject'), text: lines.join('\n') };
}
