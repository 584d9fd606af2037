// Join requests (SPEC §3): a signed-in person asks a company to take them on, with an
// optional message; admins approve (the person becomes a member, 'Hired by the company') or decline.
// One open request per person and company; a person may send only a few a day.
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { JoinRequest } from '../../contract/companies.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyJoinRequests } from '../db/company-schema.ts';
import { assertMay, membershipOf, type CompanyActor } from '../shared/companies/access.ts';
import { companyRow } from './brand.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { CompanyConflictError, CompanyRateLimitError } from './errors.ts';
import { notify } from '../shared/notifications/writer.ts';
import { hire } from './hires.ts';
import { peopleByIds } from '../shared/people.ts';

/** At most this many join requests per person per day, across companies. */
export const joinRequestsPerDay = 10;
const dayMs = 24 * 60 * 60 * 1000;

type JoinRequestRow = typeof companyJoinRequests.$inferSelect;

/** Whether `error` (or what caused it) is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; depth += 1) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Opens a request; 409 when already a member or a request is open, 429 past the daily limit. */
export async function requestToJoin(
  db: Db,
  clock: Clock,
  userId: number,
  companyId: number,
  message: string | null,
): Promise<{ id: number; status: 'pending' }> {
  await companyRow(db, companyId);
  if (await membershipOf(db, companyId, userId, clock.now()))
    throw new CompanyConflictError('already_member', 'You are already a member of this company.');
  const now = clock.now();
  const [sent] = await db
    .select({ n: count() })
    .from(companyJoinRequests)
    .where(and(eq(companyJoinRequests.userId, userId), gt(companyJoinRequests.requestedAt, new Date(now.getTime() - dayMs))));
  if ((sent?.n ?? 0) >= joinRequestsPerDay) throw new CompanyRateLimitError(dayMs / 1000);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companyJoinRequests)
        .values({ companyId, userId, message, requestedAt: now })
        .returning({ id: companyJoinRequests.id });
      await notify(tx, {
        kind: 'join_request',
        to: { companyId, on: now },
        actorId: userId,
        subject: { type: 'join_request', id: row!.id },
      });
      return { id: row!.id, status: 'pending' as const };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CompanyConflictError('join_request_open', 'Your request to join this company is already open.');
    throw error;
  }
}

function joinRequestOf(row: JoinRequestRow, people: Awaited<ReturnType<typeof peopleByIds>>): JoinRequest {
  const person = people.get(row.userId);
  return {
    id: row.id,
    user_id: row.userId,
    name: person?.name ?? '',
    photo_url: person?.photoUrl ?? null,
    message: row.message,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
  };
}

export async function listOpenJoinRequests(db: Db, companyId: number): Promise<JoinRequest[]> {
  const rows = await db
    .select()
    .from(companyJoinRequests)
    .where(and(eq(companyJoinRequests.companyId, companyId), eq(companyJoinRequests.status, 'pending')))
    .orderBy(asc(companyJoinRequests.requestedAt), asc(companyJoinRequests.id));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map((r) => joinRequestOf(r, people));
}

export interface JoinDecision {
  request: JoinRequest;
  memberId: number | undefined;
}

/** Approves or declines an open request, once: a second decision finds it closed (409). */
export async function decideJoinRequest(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  requestId: number,
  decision: 'approve' | 'decline',
): Promise<JoinDecision> {
  assertMay(actor, 'joinRequests.decide');
  const result = await db.transaction(async (tx) => {
    const now = clock.now();
    const [current] = await tx
      .select()
      .from(companyJoinRequests)
      .where(and(eq(companyJoinRequests.id, requestId), eq(companyJoinRequests.companyId, actor.companyId)))
      .limit(1);
    if (!current) throw new CompanyResourceNotFoundError('Join request not found.');
    const [row] = await tx
      .update(companyJoinRequests)
      .set({ status: decision === 'approve' ? 'approved' : 'declined', decidedAt: now, decidedBy: actor.userId, updatedAt: now })
      .where(and(eq(companyJoinRequests.id, current.id), eq(companyJoinRequests.status, 'pending')))
      .returning();
    if (!row) throw new CompanyConflictError('request_already_decided', 'This request has already been decided.');
    const memberId =
      decision === 'approve'
        ? await hire(tx, {
            companyId: actor.companyId,
            userId: row.userId,
            position: null,
            teamId: null,
            source: 'join_request',
            sourceId: row.id,
            at: now,
          })
        : undefined;
    await notify(tx, {
      kind: decision === 'approve' ? 'join_request_accepted' : 'join_request_declined',
      to: { userId: row.userId },
      actorId: actor.userId,
      companyId: actor.companyId,
      subject: { type: 'join_request', id: row.id },
    });
    if (memberId !== undefined)
      await notify(tx, {
        kind: 'member_joined',
        to: { companyId: actor.companyId, exceptUserId: row.userId, on: now },
        actorId: row.userId,
      });
    return { row, memberId };
  });
  const people = await peopleByIds(db, [result.row.userId]);
  return { request: joinRequestOf(result.row, people), memberId: result.memberId };
}
