// The conversation per application (decision 271): the applicant and the company's owners
// and admins write to each other. The applicant reaches only their own applications' conversations
// (another's answers 404); the company only its own applications'. A company message tells the
// applicant by a notification (important: mailed in their language unless they chose otherwise).
// At most `messageRate.max` messages per person in the window, counted from the stored ones, so every
// API process counts alike. A withdrawn application takes its conversation with it.
import { and, asc, count, eq, gt, min } from 'drizzle-orm';
import { messageRate, type ApplicationMessage } from '../../contract/application-messages.ts';
import type { ApplicationMessageSide } from '../../contract/applications.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplicationMessages, jobApplications, jobOpenings } from '../db/jobs-schema.ts';
import { profiles } from '../db/schema.ts';
import { NotFoundError, TooManyError } from '../domain-errors.ts';
import type { CompanyActor } from '../shared/companies/access.ts';
import { notify } from '../shared/notifications/writer.ts';

/** Whose conversation: the applicant's own, or the company's application. */
export type Party = { side: 'applicant'; userId: number } | { side: 'company'; actor: CompanyActor };

interface ApplicationRow {
  id: number;
  userId: number;
  companyId: number;
  openingId: number;
}

async function applicationFor(db: Queryable, party: Party, applicationId: number): Promise<ApplicationRow> {
  const [row] = await db
    .select({
      id: jobApplications.id,
      userId: jobApplications.userId,
      companyId: jobApplications.companyId,
      openingId: jobApplications.openingId,
    })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.id, applicationId),
        party.side === 'applicant' ? eq(jobApplications.userId, party.userId) : eq(jobApplications.companyId, party.actor.companyId),
      ),
    )
    .limit(1);
  if (!row) throw new NotFoundError('Application not found.');
  return row;
}

const authorOf = (party: Party) => (party.side === 'applicant' ? party.userId : party.actor.userId);

/** The conversation, oldest first. */
export async function listMessages(db: Db, party: Party, applicationId: number): Promise<ApplicationMessage[]> {
  await applicationFor(db, party, applicationId);
  return messagesOf(db, applicationId);
}

async function messagesOf(db: Queryable, applicationId: number): Promise<ApplicationMessage[]> {
  const rows = await db
    .select({ message: jobApplicationMessages, first: profiles.firstName, last: profiles.lastName })
    .from(jobApplicationMessages)
    .leftJoin(profiles, eq(profiles.userId, jobApplicationMessages.authorId))
    .where(eq(jobApplicationMessages.applicationId, applicationId))
    .orderBy(asc(jobApplicationMessages.id))
    .limit(1000);
  return rows.map(({ message, first, last }) => ({
    id: message.id,
    side: message.side,
    author: message.authorId ? { first_name: first ?? '', last_name: last ?? '' } : null,
    body: message.body,
    created_at: message.createdAt.toISOString(),
  }));
}

async function assertUnderRate(db: Queryable, authorId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - messageRate.windowMs);
  const [sent] = await db
    .select({ n: count(), oldest: min(jobApplicationMessages.createdAt) })
    .from(jobApplicationMessages)
    .where(and(eq(jobApplicationMessages.authorId, authorId), gt(jobApplicationMessages.createdAt, since)));
  if ((sent?.n ?? 0) >= messageRate.max) {
    const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
    throw new TooManyError(Math.max(1, Math.ceil((oldest + messageRate.windowMs - now.getTime()) / 1000)));
  }
}

/**
 * Adds a message on the party's side; the company's tells the applicant. Answers the conversation and
 * who is to hear of it (the applicant's channel and the company's).
 */
export async function sendMessage(
  db: Db,
  clock: Clock,
  party: Party,
  applicationId: number,
  body: string,
): Promise<{ messages: ApplicationMessage[]; applicantId: number; companyId: number }> {
  const now = clock.now();
  const side: ApplicationMessageSide = party.side;
  const application = await db.transaction(async (tx) => {
    const row = await applicationFor(tx, party, applicationId);
    await assertUnderRate(tx, authorOf(party), now);
    await tx.insert(jobApplicationMessages).values({ applicationId, authorId: authorOf(party), side, body, createdAt: now });
    if (side === 'company') {
      const [opening] = await tx.select({ title: jobOpenings.title }).from(jobOpenings).where(eq(jobOpenings.id, row.openingId));
      await notify(tx, {
        kind: 'application_message',
        to: { userId: row.userId },
        companyId: row.companyId,
        subject: { type: 'application', id: row.id, name: opening?.title ?? null },
      });
    }
    return row;
  });
  return { messages: await messagesOf(db, applicationId), applicantId: application.userId, companyId: application.companyId };
}
