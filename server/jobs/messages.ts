// The conversation per application (decision 271): the applicant and the company's owners
// and admins write to each other. The applicant reaches only their own applications' conversations
// (another's answers 404); the company only its own applications'. A company message tells the
// applicant by a notification (important: mailed in their language unless they chose otherwise); an
// applicant's message is a company notification for the owners and admins who may see applicants.
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
    const [opening] = await tx.select({ title: jobOpenings.title }).from(jobOpenings).where(eq(jobOpenings.id, row.openingId));
    const subject = { type: 'application' as const, id: row.id, name: opening?.title ?? null };
    if (side === 'company') {
      await notify(tx, { kind: 'application_message', to: { userId: row.userId }, companyId: row.companyId, subject });
    } else {
      // The company's owners and admins (only those who may see applicants) hear of the applicant's message.
      await notify(tx, {
        kind: 'application_message_received',
        to: { companyId: row.companyId, on: now, may: 'applications.view' },
        actorId: row.userId,
        subject,
      });
    }
    return row;
  });
  return { messages: await messagesOf(db, applicationId), applicantId: application.userId, companyId: application.companyId };
}
