// Invitations (SPEC §2 'Invitation', §4): an admin invites an address with an optional
// position and team; the mail's link carries a 256-bit token stored only as its hash. An invitation
// lives 7 days, is answered once (accept or decline, both final), can be revoked and re-sent.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type {
  CompanyInvitation,
  CreateInvitationInput,
  InvitationOutcome,
  InvitationStatus,
  InvitationView,
} from '../../contract/companies.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyInvitations, teams } from '../db/company-schema.ts';
import { companyMembers, users } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { assertMay, type CompanyActor } from '../shared/companies/access.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { brandOf, companyRow } from './brand.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { CompanyFieldError, CompanyRateLimitError, InvitationClosedError, InviteeNotVerifiedError, WrongInviteeError } from './errors.ts';
import { notify } from '../shared/notifications/writer.ts';
import { hire } from './hires.ts';
import { invitationMail } from './mail.ts';
import { peopleByIds } from '../shared/people.ts';

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** No mass mailing from one account: at most this many invitations sent per person per hour. */
export const invitationsPerHour = 20;
/** A re-send waits this long after the previous send of the same invitation. */
export const resendIntervalMs = 60_000;
const hourMs = 60 * 60 * 1000;

type InvitationRow = typeof companyInvitations.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The status a person sees: a pending invitation past its expiry reads 'expired'. */
export function invitationStatusOf(row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export interface InvitationLinks {
  /** The personal site's origin, e.g. http://localhost:4321. */
  siteUrl: string;
}

async function localeFor(db: Db, email: string, fallback: Locale): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email)).limit(1);
  return row?.locale === 'uk_UA' || row?.locale === 'en_GB' ? row.locale : fallback;
}

async function mailFor(db: Db, row: InvitationRow, token: string, links: InvitationLinks, inviterLocale: Locale): Promise<MailMessage> {
  const company = await companyRow(db, row.companyId);
  const inviter = (await peopleByIds(db, [row.invitedBy])).get(row.invitedBy);
  return invitationMail({
    to: row.email,
    locale: await localeFor(db, row.email, inviterLocale),
    companyName: company.name,
    inviterName: inviter?.name ?? company.name,
    position: row.position,
    link: `${links.siteUrl}/invitation?token=${encodeURIComponent(token)}`,
  });
}

async function assertUnderRate(db: Db, clock: Clock, userId: number): Promise<void> {
  const since = new Date(clock.now().getTime() - hourMs);
  const [sent] = await db
    .select({ n: count(), oldest: sql<string | Date | null>`min(${companyInvitations.sentAt})` })
    .from(companyInvitations)
    .where(and(eq(companyInvitations.invitedBy, userId), gt(companyInvitations.sentAt, since)));
  if ((sent?.n ?? 0) >= invitationsPerHour) {
    const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : clock.now().getTime();
    throw new CompanyRateLimitError((oldest + hourMs - clock.now().getTime()) / 1000);
  }
}

function invitationOf(row: InvitationRow, inviter: string, now: Date): CompanyInvitation {
  return {
    id: row.id,
    email: row.email,
    position: row.position,
    team_id: row.teamId,
    status: invitationStatusOf(row, now),
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    invited_by: inviter,
  };
}

/** A new link: the token to mail, and the columns that make it the invitation's for 7 days from `now`. */
function freshLink(now: Date, invitedBy: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    columns: {
      tokenHash: sha256(token),
      sentAt: now,
      expiresAt: new Date(now.getTime() + invitationLifetimeMs),
      invitedBy,
      updatedAt: now,
    },
  };
}

/** A sent invitation as its sender sees it, and the mail to send once committed. */
async function sent(
  db: Db,
  actor: CompanyActor & { locale: Locale },
  row: InvitationRow,
  token: string,
  now: Date,
  links: InvitationLinks,
) {
  const inviter = (await peopleByIds(db, [actor.userId])).get(actor.userId)?.name ?? '';
  return { invitation: invitationOf(row, inviter, now), mail: await mailFor(db, row, token, links, actor.locale) };
}

/**
 * Invites `input.email`; inviting an address with a live invitation re-sends that one (with the new
 * position and team). Returns the invitation and the mail to send once committed.
 */
export async function createInvitation(
  db: Db,
  clock: Clock,
  actor: CompanyActor & { locale: Locale },
  input: CreateInvitationInput,
  links: InvitationLinks,
): Promise<{ invitation: CompanyInvitation; mail: MailMessage }> {
  assertMay(actor, 'invitations.manage');
  const email = input.email.toLowerCase();
  if (input.team_id !== null) {
    const [team] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, input.team_id), eq(teams.companyId, actor.companyId)))
      .limit(1);
    if (!team) throw new CompanyFieldError('team_id', 'validation.notCompanyTeam');
  }
  const [member] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, actor.companyId), eq(users.email, email), membershipCounts(clock.now())))
    .limit(1);
  if (member) throw new CompanyFieldError('email', 'validation.alreadyMember');
  await assertUnderRate(db, clock, actor.userId);

  const now = clock.now();
  const { token, columns } = freshLink(now, actor.userId);
  const fields = { position: input.position, teamId: input.team_id, ...columns };
  const row = await db.transaction(async (tx) => {
    const [written] = await tx
      .insert(companyInvitations)
      .values({ companyId: actor.companyId, email, ...fields })
      .onConflictDoUpdate({
        target: [companyInvitations.companyId, companyInvitations.email],
        targetWhere: sql`status = 'pending'`,
        set: fields,
      })
      .returning();
    if (!written) throw new Error('invitation not written');
    // Someone who already has an account also finds it among their notifications.
    const [invitee] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (invitee) {
      await notify(tx, {
        kind: 'invitation_received',
        to: { userId: invitee.id },
        actorId: actor.userId,
        companyId: actor.companyId,
        subject: { type: 'invitation', id: written.id },
      });
    }
    return written;
  });
  return sent(db, actor, row, token, now, links);
}

async function pendingInvitation(db: Db, companyId: number, invitationId: number): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.id, invitationId), eq(companyInvitations.companyId, companyId)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Invitation not found.');
  if (row.status !== 'pending') throw new InvitationClosedError(row.status);
  return row;
}

/** Sends the invitation again with a new link and a new 7 days; the old link stops working. */
export async function resendInvitation(
  db: Db,
  clock: Clock,
  actor: CompanyActor & { locale: Locale },
  invitationId: number,
  links: InvitationLinks,
): Promise<{ invitation: CompanyInvitation; mail: MailMessage }> {
  assertMay(actor, 'invitations.manage');
  const current = await pendingInvitation(db, actor.companyId, invitationId);
  const now = clock.now();
  const wait = current.sentAt.getTime() + resendIntervalMs - now.getTime();
  if (wait > 0) throw new CompanyRateLimitError(wait / 1000);
  await assertUnderRate(db, clock, actor.userId);
  const { token, columns } = freshLink(now, actor.userId);
  const [row] = await db
    .update(companyInvitations)
    .set(columns)
    .where(and(eq(companyInvitations.id, current.id), eq(companyInvitations.status, 'pending')))
    .returning();
  if (!row) throw new InvitationClosedError('revoked');
  return sent(db, actor, row, token, now, links);
}

export async function revokeInvitation(db: Db, clock: Clock, actor: CompanyActor, invitationId: number): Promise<void> {
  assertMay(actor, 'invitations.manage');
  const current = await pendingInvitation(db, actor.companyId, invitationId);
  const now = clock.now();
  const [row] = await db
    .update(companyInvitations)
    .set({ status: 'revoked', respondedAt: now, updatedAt: now })
    .where(and(eq(companyInvitations.id, current.id), eq(companyInvitations.status, 'pending')))
    .returning({ id: companyInvitations.id });
  if (!row) throw new InvitationClosedError('accepted');
}

export async function listInvitations(db: Db, clock: Clock, companyId: number): Promise<CompanyInvitation[]> {
  const rows = await db
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.companyId, companyId))
    .orderBy(desc(companyInvitations.sentAt), desc(companyInvitations.id));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.invitedBy),
  );
  const now = clock.now();
  return rows.map((r) => invitationOf(r, people.get(r.invitedBy)?.name ?? '', now));
}

async function invitationByToken(db: Db, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, sha256(token)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Invitation not found.');
  return row;
}

/** What the invitation page shows to anyone holding the link. */
export async function viewInvitation(db: Db, clock: Clock, token: string): Promise<InvitationView> {
  const row = await invitationByToken(db, token);
  const company = brandOf(await companyRow(db, row.companyId));
  const inviter = (await peopleByIds(db, [row.invitedBy])).get(row.invitedBy)?.name ?? company.name;
  const [team] = row.teamId ? await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId)).limit(1) : [];
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email)).limit(1);
  return {
    company: { id: company.id, name: company.name, logo_url: company.logo_url },
    email: row.email,
    inviter,
    position: row.position,
    team: team?.name ?? null,
    status: invitationStatusOf(row, clock.now()),
    expires_at: row.expiresAt.toISOString(),
    has_account: Boolean(account),
  };
}

export interface InvitationAnswer {
  outcome: InvitationOutcome;
  /** The new member id when accepting made one. */
  memberId: number | undefined;
  companyId: number;
  invitedBy: number;
}

/**
 * Accepts or declines for the signed-in person. The answer is one conditional update on a pending,
 * unexpired row, so of two simultaneous answers exactly one wins and the other sees it closed.
 */
export async function answerInvitation(
  db: Db,
  clock: Clock,
  token: string,
  userId: number,
  answer: 'accept' | 'decline',
): Promise<InvitationAnswer> {
  const row = await invitationByToken(db, token);
  const [person] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!person || person.email !== row.email) throw new WrongInviteeError();
  // Anyone may type the invited address into their account; only holding it (a verified address)
  // makes the invitation theirs to answer.
  if (!person.verifiedAt) throw new InviteeNotVerifiedError();
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [won] = await tx
      .update(companyInvitations)
      .set({ status: answer === 'accept' ? 'accepted' : 'declined', respondedAt: now, respondedBy: userId, updatedAt: now })
      .where(and(eq(companyInvitations.id, row.id), eq(companyInvitations.status, 'pending'), gt(companyInvitations.expiresAt, now)))
      .returning();
    if (!won) {
      const [latest] = await tx.select().from(companyInvitations).where(eq(companyInvitations.id, row.id)).limit(1);
      const status = latest ? invitationStatusOf(latest, now) : 'revoked';
      throw new InvitationClosedError(status === 'pending' ? 'expired' : status);
    }
    const memberId =
      answer === 'accept'
        ? await hire(tx, {
            companyId: row.companyId,
            userId,
            position: row.position,
            teamId: row.teamId,
            source: 'invitation',
            sourceId: row.id,
            at: now,
          })
        : undefined;
    await notify(tx, {
      kind: answer === 'accept' ? 'invitation_accepted' : 'invitation_declined',
      to: { companyId: row.companyId, exceptUserId: userId, on: now },
      actorId: userId,
      subject: { type: 'invitation', id: row.id },
    });
    return {
      outcome: { status: answer === 'accept' ? 'accepted' : 'declined', company_id: row.companyId },
      memberId,
      companyId: row.companyId,
      invitedBy: row.invitedBy,
    };
  });
}
