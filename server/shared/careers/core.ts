// What every path that starts or changes a verified employment shares (decision 120): the
// row, its employment-change event, the person's activity, achievements and notification — all in the
// caller's transaction, so a hire and its record cannot part.
import { and, eq, isNull } from 'drizzle-orm';
import type { EmploymentEventKind } from '../../../contract/careers.ts';
import { checkAchievements } from '../achievements/check.ts';
import { recordActivity } from '../activities/writer.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { companyEmployments, type employmentSources } from '../../db/careers-schema.ts';
import { employmentEvents, hireSources } from '../../db/company-schema.ts';
import { companyMembers } from '../../db/schema.ts';
import { companyNameOf } from '../companies/record.ts';
import { peopleByIds, profileNameOf } from '../people.ts';
import { notify } from '../notifications/writer.ts';
import { isCurrentOn } from './lifecycle.ts';
import { dayOf, nextDay } from '../dates.ts';

export type EmploymentRow = typeof companyEmployments.$inferSelect;

export interface StartEmployment {
  companyId: number;
  userId: number;
  position: string | null;
  teamId: number | null;
  startDate: string;
  reviewerMemberId: number | null;
  /** The self-declared job it confirms. */
  employmentId?: number | null;
  source: (typeof employmentSources)[number];
  sourceId: number | null;
  at: Date;
  /** Who made it (the company member), for the notification. */
  actorId: number | null;
  /**
   * A company confirming a job the person declared: recorded as 'Confirmed by the company' and told
   * as a confirmation, since the job began on its own start date, not on the day of the decision (decision 167).
   */
  confirmsExisting?: boolean;
}

/** The name of a company member, or null when there is none. */
export async function memberName(db: Queryable, memberId: number | null): Promise<string | null> {
  if (memberId === null) return null;
  const [member] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.id, memberId)).limit(1);
  if (!member) return null;
  return (await peopleByIds(db, [member.userId])).get(member.userId)?.name ?? null;
}

/** Records one employment-change event (SPEC §3) of `row`. */
export async function recordEvent(
  tx: Queryable,
  row: Pick<EmploymentRow, 'id' | 'companyId' | 'userId'>,
  event: {
    kind: EmploymentEventKind;
    position: string | null;
    reviewerName?: string | null;
    at: Date;
    source?: (typeof employmentSources)[number];
    sourceId?: number | null;
  },
): Promise<number> {
  const source =
    event.source && (hireSources as readonly string[]).includes(event.source) ? (event.source as (typeof hireSources)[number]) : null;
  const [inserted] = await tx
    .insert(employmentEvents)
    .values({
      companyId: row.companyId,
      userId: row.userId,
      employmentId: row.id,
      kind: event.kind,
      position: event.position,
      reviewerName: event.reviewerName ?? null,
      source,
      sourceId: source ? (event.sourceId ?? null) : null,
      occurredAt: event.at,
    })
    .returning({ id: employmentEvents.id });
  return inserted!.id;
}

/**
 * Starts a verified employment: the row, 'Hired by the company' (or 'Confirmed by the company'), the
 * person's activity entry and achievements, and their notification. Returns the employment's id.
 */
export async function startVerifiedEmployment(tx: Tx, s: StartEmployment): Promise<number> {
  const [row] = await tx
    .insert(companyEmployments)
    .values({
      companyId: s.companyId,
      userId: s.userId,
      employmentId: s.employmentId ?? null,
      position: s.position,
      // The name the company confirms with the job (decision 256).
      confirmedName: await profileNameOf(tx, s.userId),
      teamId: s.teamId,
      startDate: s.startDate,
      reviewerMemberId: s.reviewerMemberId,
      source: s.source,
      sourceId: s.sourceId,
      createdAt: s.at,
      updatedAt: s.at,
    })
    .returning();
  const eventId = await recordEvent(tx, row!, {
    kind: s.confirmsExisting ? 'confirmed' : 'hired',
    position: s.position,
    reviewerName: await memberName(tx, s.reviewerMemberId),
    at: s.at,
    source: s.source,
    sourceId: s.sourceId,
  });
  const name = (await companyNameOf(tx, s.companyId)) ?? '';
  // A hire is a verified employment in the person's activity, and may earn an achievement (decisions 140, 141).
  await recordActivity(tx, {
    userId: s.userId,
    kind: 'verified_employment',
    title: name,
    company: name,
    position: s.position,
    sourceKey: `employment_event:${eventId}`,
    occurredAt: s.at,
  });
  await notify(tx, {
    kind: s.confirmsExisting ? 'confirmation_accepted' : 'hired',
    to: { userId: s.userId },
    actorId: s.actorId,
    companyId: s.companyId,
    subject: { type: 'employment', id: row!.id, name },
  });
  await checkAchievements(tx, s.userId, s.at);
  return row!.id;
}

/** The person's current verified employment at `companyId` on `today`, if any (other than `exceptId`). */
export async function currentEmploymentAt(
  db: Queryable,
  companyId: number,
  userId: number,
  today: string,
  exceptId?: number,
): Promise<EmploymentRow | undefined> {
  const rows = await db
    .select()
    .from(companyEmployments)
    .where(and(eq(companyEmployments.companyId, companyId), eq(companyEmployments.userId, userId)));
  return rows.find((r) => r.id !== exceptId && isCurrentOn(r, today));
}

/**
 * A membership that ends at once (the person leaves from settings, or the company removes them): their
 * current verified employment there ends today, recorded as 'Left the company', so the careers page
 * never shows a job current at a company the person no longer belongs to (decision 120).
 */
export async function endEmploymentOnExit(tx: Queryable, companyId: number, userId: number, now: Date): Promise<void> {
  const today = dayOf(now);
  const rows = await tx
    .select()
    .from(companyEmployments)
    .where(and(eq(companyEmployments.companyId, companyId), eq(companyEmployments.userId, userId), isNull(companyEmployments.leavesOn)));
  for (const row of rows.filter((r) => isCurrentOn(r, today))) {
    await tx
      .update(companyEmployments)
      .set({ leavesOn: nextDay(today), updatedAt: now })
      .where(eq(companyEmployments.id, row.id));
    await recordEvent(tx, row, { kind: 'left', position: row.position, at: now });
  }
}
