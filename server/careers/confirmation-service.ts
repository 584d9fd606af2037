// Requests to confirm a self-declared job (decision 120): the company lists the pending
// ones and confirms each, as a verified employment pointing at the job, or declines it, once.
import { and, asc, eq } from 'drizzle-orm';
import type { ConfirmationRequestView } from '../../contract/careers-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { careerDocuments, companyEmployments, employmentConfirmations } from '../db/careers-schema.ts';
import { employments } from '../db/profile-schema.ts';
import { ConflictError } from '../domain-errors.ts';
import { CompanyResourceNotFoundError, RoleForbiddenError } from '../shared/companies/errors.ts';
import type { CompanyActor } from '../shared/companies/guard.ts';
import { currentEmploymentAt, recordEvent, startVerifiedEmployment } from '../shared/careers/core.ts';
import { dayOf } from '../shared/dates.ts';
import { peopleByIds } from '../shared/people.ts';
import { notifyPerson, reviewerFor } from './company-service.ts';
import { confirmedForCompany } from './work-email-store.ts';

export async function listConfirmations(db: Db, actor: CompanyActor): Promise<ConfirmationRequestView[]> {
  const rows = await db
    .select({ request: employmentConfirmations, job: employments })
    .from(employmentConfirmations)
    .innerJoin(employments, eq(employments.id, employmentConfirmations.employmentId))
    .where(and(eq(employmentConfirmations.companyId, actor.companyId), eq(employmentConfirmations.status, 'pending')))
    .orderBy(asc(employmentConfirmations.requestedAt), asc(employmentConfirmations.id));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.request.userId),
  );
  // Requests from people who confirmed a work email at the company's verified domain are marked (decision 260).
  const marked = await confirmedForCompany(
    db,
    actor.companyId,
    rows.map(({ job }) => ({ employmentId: job.id, isCurrent: job.isCurrent })),
  );
  return rows.map(({ request, job }) => {
    const person = people.get(request.userId);
    return {
      id: request.id,
      person: { user_id: request.userId, member_id: null, name: person?.name ?? '', photo_url: person?.photoUrl ?? null },
      position: job.position,
      company_name: job.companyName,
      start_date: job.startDate,
      end_date: job.endDate,
      is_current: job.isCurrent,
      message: request.message,
      status: request.status,
      requested_at: request.requestedAt.toISOString(),
      work_email_domain: marked.get(job.id) ?? null,
    };
  });
}

class ConfirmationDecidedError extends ConflictError {
  constructor() {
    super('request_already_decided', 'This request has already been decided.');
  }
}

/**
 * Confirms (the verified employment, pointing at the self-declared job, which stays unchanged) or
 * declines, once. Returns the new employment's id when confirmed.
 */
export async function decideConfirmation(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  requestId: number,
  decision: 'confirm' | 'decline',
  reviewerMemberId: number | null,
): Promise<{ status: 'confirmed' | 'declined'; employment_id: number | null; person: { userId: number; jobId: number } }> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [request] = await tx
      .select()
      .from(employmentConfirmations)
      .where(and(eq(employmentConfirmations.id, requestId), eq(employmentConfirmations.companyId, actor.companyId)))
      .limit(1);
    if (!request) throw new CompanyResourceNotFoundError('Request not found.');
    if (request.userId === actor.userId) throw new RoleForbiddenError();
    const [won] = await tx
      .update(employmentConfirmations)
      .set({ status: decision === 'confirm' ? 'confirmed' : 'declined', decidedAt: now, decidedBy: actor.userId, updatedAt: now })
      .where(and(eq(employmentConfirmations.id, request.id), eq(employmentConfirmations.status, 'pending')))
      .returning();
    if (!won) throw new ConfirmationDecidedError();
    if (decision === 'decline') {
      // The person is told; a confirmed request tells them through its 'confirmation_accepted' notification.
      await notifyPerson(tx, { userId: request.userId, companyId: actor.companyId }, 'confirmation_declined', actor.userId, {
        type: 'company',
        id: actor.companyId,
      });
      return { status: 'declined' as const, employment_id: null, person: { userId: request.userId, jobId: request.employmentId } };
    }
    const [job] = await tx.select().from(employments).where(eq(employments.id, request.employmentId)).limit(1);
    if (!job) throw new CompanyResourceNotFoundError('Request not found.');
    const reviewer = await reviewerFor(tx, actor.companyId, reviewerMemberId, request.userId, now);
    const today = dayOf(now);
    // A confirmed job that already ended ends on the day the person gave.
    const endsOn = !job.isCurrent && job.endDate !== null ? job.endDate : null;
    const current = endsOn === null || endsOn >= today ? await currentEmploymentAt(tx, actor.companyId, request.userId, today) : undefined;
    let id: number;
    if (current) {
      // The company already employs the person: the declared job joins that employment rather than
      // starting a second current one (decision 166); its earlier start date is the job's start (decision 167).
      id = current.id;
      await tx
        .update(companyEmployments)
        .set({
          employmentId: current.employmentId ?? job.id,
          startDate: job.startDate < current.startDate ? job.startDate : current.startDate,
          position: current.position ?? job.position,
          reviewerMemberId: current.reviewerMemberId ?? reviewer,
          experienceDescription: current.experienceDescription ?? job.experienceDescription,
          technicalSkills: current.technicalSkills.length ? current.technicalSkills : job.technicalSkills,
          updatedAt: now,
        })
        .where(eq(companyEmployments.id, id));
      await recordEvent(tx, current, { kind: 'confirmed', position: current.position ?? job.position, at: now });
      await notifyPerson(tx, current, 'confirmation_accepted', actor.userId, { type: 'employment', id });
    } else {
      id = await startVerifiedEmployment(tx, {
        companyId: actor.companyId,
        userId: request.userId,
        employmentId: job.id,
        position: job.position,
        teamId: null,
        startDate: job.startDate,
        reviewerMemberId: reviewer,
        source: 'confirmation',
        sourceId: request.id,
        at: now,
        actorId: actor.userId,
        confirmsExisting: true,
      });
      // The person's own words come along (the self-declared row itself stays unchanged, decision 092).
      await tx
        .update(companyEmployments)
        .set({ plannedTermination: endsOn, experienceDescription: job.experienceDescription, technicalSkills: job.technicalSkills })
        .where(eq(companyEmployments.id, id));
    }
    // Its documents move to the verified job, so deleting the self-declared entry later loses none.
    await tx
      .update(careerDocuments)
      .set({ employmentId: null, companyEmploymentId: id, updatedAt: now })
      .where(eq(careerDocuments.employmentId, job.id));
    return { status: 'confirmed' as const, employment_id: id, person: { userId: request.userId, jobId: id } };
  });
}
