// Security activity (decision 181): the one call a feature makes to record a sign-in, a
// failed attempt or a security change (and mail the person where they should know), and the settings'
// list of them. Kept 90 days: a person's older events go as a new one comes. Where a request came from
// is told only as far as the address honestly tells (no outside look-up is reachable): 'local network'
// for private ranges, otherwise the address itself.
import { isIPv4, isIPv6 } from 'node:net';
import { and, desc, eq, gte, isNotNull, lt } from 'drizzle-orm';
import { say } from '../../../contract/i18n/index.ts';
import type { Locale } from '../../../contract/locale.ts';
import {
  securityEventRetentionDays,
  type SecurityEvent,
  type SecurityEventKind,
  type SecurityEventPlace,
} from '../../../contract/security-events.ts';
import type { Queryable } from '../../db/client.ts';
import { accountAddresses, users } from '../../db/schema.ts';
import { formerSignInAddresses, securityEvents } from '../../db/security-schema.ts';
import { formerAddressLive } from './sign-in-removal.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import { deviceNameOf } from './user-agent.ts';

const retentionMs = securityEventRetentionDays * 24 * 60 * 60 * 1000;
const listed = 100;

export interface SecurityEventInput {
  userId: number;
  kind: SecurityEventKind;
  address?: string | undefined;
  userAgent?: string | undefined;
  now: Date;
  /** A one-click undo of the change (decision 235: a new passkey, two-step sign-in turned on), in the mail's language. */
  undoLink?: ((locale: Locale) => string) | undefined;
  /** An email the change took off the account: it hears of it once more, as an address that cannot reset. */
  alsoTo?: string | undefined;
}

/**
 * Records the event; answers whether the person should be told by mail: every security change, and a
 * sign-in from a device (browser and system) none of their sign-ins of the last 90 days came from. A
 * first sign-in ever tells nothing (there is no known device to differ from).
 */
export async function recordSecurityEvent(db: Queryable, event: SecurityEventInput): Promise<boolean> {
  let alert = alertKinds.has(event.kind);
  if (event.kind === 'sign_in') {
    const earlier = await db
      .select({ userAgent: securityEvents.userAgent })
      .from(securityEvents)
      .where(
        and(
          eq(securityEvents.userId, event.userId),
          eq(securityEvents.kind, 'sign_in'),
          gte(securityEvents.createdAt, new Date(event.now.getTime() - retentionMs)),
        ),
      )
      .limit(200);
    const device = deviceKey(event.userAgent ?? null);
    alert = earlier.length > 0 && !earlier.some((row) => deviceKey(row.userAgent) === device);
  }
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    address: event.address?.slice(0, 64) ?? null,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
    createdAt: event.now,
  });
  await db
    .delete(securityEvents)
    .where(and(eq(securityEvents.userId, event.userId), lt(securityEvents.createdAt, new Date(event.now.getTime() - retentionMs))));
  return alert;
}

/** The security changes the person is mailed about. */
const alertKinds = new Set<SecurityEventKind>([
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'email_added',
  'phone_added',
  'passkey_added',
  'passkey_removed',
  'primary_changed',
  'account_closed',
  'address_removed',
  'change_undone',
  'ownership_transferred',
  'ownership_received',
]);

/** Changes whose undo link goes only to the addresses a reset accepts (recordAndAlert). */
const resetAddressesOnly = new Set<SecurityEventKind>(['password_changed', 'passkey_removed']);

/** Changes a password reset by email undoes within 24 hours (shared/auth/recovery.ts): their mail says so. */
const undoneByReset = new Set<SecurityEventKind>(['passkey_added', 'two_factor_enabled']);

function deviceKey(userAgent: string | null): string {
  const { browser, os } = deviceNameOf(userAgent);
  return `${browser ?? '?'}|${os ?? '?'}`;
}

/** The alert's lines, its words from contract/i18n (`mail.security.*`, decision 259); the reset link is last, the line before it the way back. */
function alertLines(locale: Locale, subject: string, device: string, place: string, link: string): string[] {
  return [
    `${subject}.`,
    '',
    say(locale, 'mail.security.device', { device }),
    say(locale, 'mail.security.where', { place }),
    '',
    say(locale, 'mail.security.ifYou'),
    '',
    say(locale, 'mail.security.resetLine'),
    link,
  ];
}

/**
 * The mail about a security event, in the person's language, with 'This wasn't me' leading to the
 * password reset (which ends every session). Undefined for a closed or unknown account.
 */
export async function securityAlertMail(
  db: Queryable,
  siteUrl: string,
  event: SecurityEventInput,
  /** For an added email, which the reset does not accept: the mail says to reset with the sign-in one. */
  addedAddress = false,
): Promise<MailMessage | undefined> {
  const [user] = await db
    .select({ email: users.email, locale: users.locale, status: users.status })
    .from(users)
    .where(eq(users.id, event.userId))
    .limit(1);
  // A closed account is told once more, that it was closed; otherwise only an active one.
  if (!user || (user.status !== 'active' && event.kind !== 'account_closed')) return undefined;
  const locale: Locale = user.locale === 'uk_UA' ? 'uk_UA' : 'en_GB';
  const { browser, os } = deviceNameOf(event.userAgent ?? null);
  const unknown = say(locale, 'mail.security.unknown');
  const device = browser && os ? say(locale, 'mail.security.browserOn', { browser, os }) : browser || os || unknown;
  const place = placeOf(event.address ?? null);
  const where =
    place.kind === 'unknown'
      ? unknown
      : place.kind === 'local_network'
        ? say(locale, 'mail.security.localNetwork', { address: place.address! })
        : place.address!;
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const subject = say(locale, `mail.security.subject.${event.kind}`);
  if (event.kind === 'account_closed') {
    const lines = alertLines(locale, subject, device, where, `${siteUrl}${prefix}/account-closed`);
    lines.splice(-2, 1, say(locale, 'mail.security.closedLine'));
    return { to: user.email, subject, text: lines.join('\n') };
  }
  const link = `${siteUrl}${prefix}/login/forgot-password`;
  const lines = alertLines(locale, subject, device, where, link);
  if (undoneByReset.has(event.kind)) lines.splice(-2, 1, say(locale, 'mail.security.undoLine'));
  if (addedAddress) lines.splice(-2, 1, say(locale, 'mail.security.resetElsewhereLine'));
  if (event.undoLink) {
    const line = say(locale, event.kind === 'password_changed' ? 'mail.security.undoPasswordLine' : 'mail.security.undoLinkLine');
    lines.splice(-2, 0, line, event.undoLink(locale), '');
  }
  return { to: user.email, subject, text: lines.join('\n') };
}

export interface SecurityEventDeps {
  db: Queryable;
  mailer: Mailer;
  siteUrl: string;
  /** Runs the mail after the answer (server/http/after-answer.ts): a failed send undoes nothing. */
  later: (work: () => Promise<void>) => void;
}

/** Records the event and, where the person should know, mails them after the answer. */
export async function recordAndAlert(deps: SecurityEventDeps, event: SecurityEventInput): Promise<void> {
  if (!(await recordSecurityEvent(deps.db, event))) return;
  deps.later(async () => {
    const mail = await securityAlertMail(deps.db, deps.siteUrl, event);
    if (!mail) return;
    // The password's undo link sets a new password: it goes only where a reset could go anyway (the
    // sign-in email and those replaced in the last 7 days). An added email, maybe a thief's, gets the
    // mail with the reset link instead, or the owner's own password change would hand it the account.
    // An added email cannot reset the password either: its mail says to reset with the sign-in one.
    // A removed passkey's link puts a passkey back: were it the thief's, removed by the owner, the
    // thief's added email could restore it, so that link too goes only where a reset could go.
    const added = await securityAlertMail(
      deps.db,
      deps.siteUrl,
      resetAddressesOnly.has(event.kind) ? { ...event, undoLink: undefined } : event,
      true,
    );
    // The sign-in email and every email the person verified in the settings: one taken
    // over does not keep the others from hearing.
    const hearing = await alertAddressesOf(deps.db, event.userId, mail.to, event.now);
    if (event.alsoTo && !hearing.some(({ to }) => to === event.alsoTo)) hearing.push({ to: event.alsoTo, canReset: false });
    for (const { to, canReset } of hearing) {
      await deps.mailer.send({ ...(canReset || !added ? mail : added), to });
    }
  });
}

/**
 * The sign-in email first, then the person's verified added emails, then sign-in emails replaced in
 * the last 7 days (decision 278: one removed after the change still hears, and can undo it); each with
 * whether a password reset accepts it (the sign-in email and the replaced ones).
 */
async function alertAddressesOf(db: Queryable, userId: number, primary: string, now: Date): Promise<{ to: string; canReset: boolean }[]> {
  const added = await db
    .select({ value: accountAddresses.value })
    .from(accountAddresses)
    .where(and(eq(accountAddresses.userId, userId), eq(accountAddresses.channel, 'email'), isNotNull(accountAddresses.verifiedAt)));
  const former = await db
    .select({ value: formerSignInAddresses.value })
    .from(formerSignInAddresses)
    .where(and(eq(formerSignInAddresses.userId, userId), eq(formerSignInAddresses.channel, 'email'), formerAddressLive(now)));
  const canReset = new Set([primary, ...former.map((row) => row.value)]);
  return [...new Set([primary, ...added.map((row) => row.value), ...canReset])].map((to) => ({ to, canReset: canReset.has(to) }));
}

/** Private, loopback, link-local and unique-local ranges (IPv4, IPv6 and IPv4-mapped IPv6). */
export function isLocalNetworkAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? (isIPv4(address) ? address : undefined);
  if (v4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (!isIPv6(address)) return false;
  const lower = address.toLowerCase();
  return lower === '::1' || /^f[cd][0-9a-f]{2}:/.test(lower) || /^fe[89ab][0-9a-f]:/.test(lower);
}

export function placeOf(address: string | null): SecurityEventPlace {
  if (!address) return { kind: 'unknown', address: null };
  return isLocalNetworkAddress(address) ? { kind: 'local_network', address } : { kind: 'address', address };
}

/** The person's security events of the last 90 days, newest first. */
export async function securityEventsOf(db: Queryable, userId: number, now: Date): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, new Date(now.getTime() - retentionMs))))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(listed);
  return rows.map((row) => {
    const { browser, os } = deviceNameOf(row.userAgent);
    return { id: row.id, kind: row.kind, browser, os, place: placeOf(row.address), created_at: row.createdAt.toISOString() };
  });
}

/** What a route's request gives an event: its address, User-Agent and the app's after-answer queue. */
export interface EventRequest {
  ip: string;
  headers: { 'user-agent'?: string | undefined };
  server: { afterAnswer: { run(work: () => Promise<void>): void } };
}

/** The routes' one call: records `kind` for `userId` as `request` did it, and mails where it should. */
export function recordRequestEvent(
  deps: { db: Queryable; mailer: Mailer; clock: { now(): Date }; config: { publicSiteUrl: string } },
  request: EventRequest,
  userId: number,
  kind: SecurityEventKind,
  undoLink?: (locale: Locale) => string,
  alsoTo?: string,
): Promise<void> {
  return recordAndAlert(
    { db: deps.db, mailer: deps.mailer, siteUrl: deps.config.publicSiteUrl, later: (work) => request.server.afterAnswer.run(work) },
    { userId, kind, address: request.ip, userAgent: request.headers['user-agent'], now: deps.clock.now(), undoLink, alsoTo },
  );
}
