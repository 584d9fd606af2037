// The company's side of careers (decision 120): verified employments, hiring, position,
// team and reviewer, review rounds and the end of the collaboration. Owners and admins manage; the
// assigned reviewer reviews; nobody reviews or manages their own employment. The company's
// competencies are in competency-service.ts, requests to confirm a self-declared job in
// confirmation-service.ts.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type {
  CompanyEmployment,
  CompanyEmploymentDetails,
  EndOfCollaborationInput,
  HireInput,
  ReviewRoundInput,
  UpdateEmploymentInput,
} from '../../contract/careers-company.ts';
import { roleMay } from '../../contract/company-roles.ts';
import { messageRef, type ValidationMessageKey } from '../../contract/validation-messages.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { teams } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { RuleBrokenError, type FieldProblem } from '../domain-errors.ts';
import { CompanyResourceNotFoundError, RoleForbiddenError } from '../shared/companies/errors.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { companyNameOf } from '../shared/companies/record.ts';
import type { CompanyActor } from '../shared/companies/guard.ts';
import { peopleByIds } from '../shared/people.ts';
import { notify } from '../shared/notifications/writer.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { currentEmploymentAt, memberName, recordEvent, startVerifiedEmployment, type EmploymentRow } from '../shared/careers/core.ts';
import { dayOf } from '../shared/dates.ts';
import { isCurrentOn } from '../shared/careers/lifecycle.ts';
import { listedEmployments } from './employment-list.ts';
import { eventsOf, finalFeedbackOf, reviewOf, reviewPartsOf, teamOf } from './read.ts';

type Need = 'view' | 'review' | 'manage';

export const fieldError = (field: string, key: ValidationMessageKey): RuleBrokenError =>
  new RuleBrokenError([{ field, message: messageRef(key) }]);

/** Sees every employment of the company (owners and admins). */
const seesAll = (actor: CompanyActor) => roleMay(actor.role, 'employments.view');

function allowed(actor: CompanyActor, row: EmploymentRow, need: Need): boolean {
  const own = row.userId === actor.userId;
  const reviewer = row.reviewerMemberId === actor.memberId;
  if (need === 'view') return seesAll(actor) || reviewer;
  if (own) return false;
  if (need === 'review') return roleMay(actor.role, 'employments.review') || reviewer;
  return roleMay(actor.role, 'employments.manage');
}

/** The company's employment `employmentId` if `actor` may `need` it: 404 for another company's, 403 for a role or person that may not. */
async function employmentFor(db: Queryable, actor: CompanyActor, employmentId: number, need: Need): Promise<EmploymentRow> {
  const [row] = await db
    .select()
    .from(companyEmployments)
    .where(and(eq(companyEmployments.id, employmentId), eq(companyEmployments.companyId, actor.companyId)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Employment not found.');
  if (!allowed(actor, row, need)) throw new RoleForbiddenError();
  return row;
}

/** A member of the company counting today, for a reviewer field; 422 otherwise. */
async function companyMember(db: Queryable, companyId: number, memberId: number, now: Date, field: string) {
  const [row] = await db
    .select({ id: companyMembers.id, userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId), membershipCounts(now)))
    .limit(1);
  if (!row) throw fieldError(field, 'validation.notCompanyMember');
  return row;
}

async function companyTeam(db: Queryable, companyId: number, teamId: number | null): Promise<number | null> {
  if (teamId === null) return null;
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)))
    .limit(1);
  if (!team) throw fieldError('team_id', 'validation.notCompanyTeam');
  return team.id;
}

export async function reviewerFor(
  db: Queryable,
  companyId: number,
  reviewerMemberId: number | null,
  employeeUserId: number,
  now: Date,
): Promise<number | null> {
  if (reviewerMemberId === null) return null;
  const reviewer = await companyMember(db, companyId, reviewerMemberId, now, 'reviewer_member_id');
  if (reviewer.userId === employeeUserId) throw fieldError('reviewer_member_id', 'validation.reviewerIsEmployee');
  return reviewer.id;
}

/** The list's entries for `where`, with what `actor` may do with each. */
async function listRows(db: Queryable, actor: CompanyActor, where: SQL | undefined, now: Date): Promise<CompanyEmployment[]> {
  return (await listedEmployments(db, actor.companyId, where, now)).map(({ row, ...listed }) => ({
    ...listed,
    may_review: allowed(actor, row, 'review'),
    may_manage: allowed(actor, row, 'manage'),
  }));
}

/** The employments `actor` may see: all for owners and admins, the ones they review for a member. Current first. */
export async function listEmployments(db: Db, clock: Clock, actor: CompanyActor): Promise<CompanyEmployment[]> {
  const mine = seesAll(actor) ? undefined : eq(companyEmployments.reviewerMemberId, actor.memberId);
  const list = await listRows(db, actor, mine, clock.now());
  return list.sort((a, b) => Number(b.is_current) - Number(a.is_current));
}

export async function employmentDetails(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
): Promise<CompanyEmploymentDetails> {
  const row = await employmentFor(db, actor, employmentId, 'view');
  return detailsOf(db, clock, actor, row);
}

async function detailsOf(db: Db, clock: Clock, actor: CompanyActor, row: EmploymentRow): Promise<CompanyEmploymentDetails> {
  const [base] = await listRows(db, actor, eq(companyEmployments.id, row.id), clock.now());
  const parts = (await reviewPartsOf(db, [row])).get(row.id)!;
  return {
    ...base!,
    confirmed_name: row.confirmedName,
    team: await teamOf(db, row.teamId),
    competencies: parts.competencies,
    reviews: parts.reviews,
    in_company_score_detail: parts.score,
    final_feedback: finalFeedbackOf(row),
    events: await eventsOf(db, row.id),
  };
}

/** Hires a member with no current verified employment here: the employment, 'Hired by the company', the person told. */
export async function hireMember(db: Db, clock: Clock, actor: CompanyActor, input: HireInput): Promise<CompanyEmploymentDetails> {
  const id = await db.transaction(async (tx) => {
    const now = clock.now();
    const member = await companyMember(tx, actor.companyId, input.member_id, now, 'member_id');
    if (member.userId === actor.userId) throw new RoleForbiddenError();
    const problems: FieldProblem[] = [];
    if (await currentEmploymentAt(tx, actor.companyId, member.userId, dayOf(now)))
      problems.push({ field: 'member_id', message: messageRef('validation.alreadyEmployed') });
    if (problems.length) throw new RuleBrokenError(problems);
    const teamId = await companyTeam(tx, actor.companyId, input.team_id);
    const reviewerMemberId = await reviewerFor(tx, actor.companyId, input.reviewer_member_id, member.userId, now);
    await tx.update(companyMembers).set({ position: input.position, updatedAt: now }).where(eq(companyMembers.id, member.id));
    return startVerifiedEmployment(tx, {
      companyId: actor.companyId,
      userId: member.userId,
      position: input.position,
      teamId,
      startDate: input.start_date,
      reviewerMemberId,
      source: 'workspace',
      sourceId: null,
      at: now,
      actorId: actor.userId,
    });
  });
  return employmentDetails(db, clock, actor, id);
}

/** Position, team, start date and reviewer; 'Job changed' and 'Reviewer changed' are recorded and the person told. */
export async function updateEmployment(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
  input: UpdateEmploymentInput,
): Promise<CompanyEmploymentDetails> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const row = await employmentFor(tx, actor, employmentId, 'manage');
    const teamId = await companyTeam(tx, actor.companyId, input.team_id);
    const reviewerMemberId = await reviewerFor(tx, actor.companyId, input.reviewer_member_id, row.userId, now);
    await tx
      .update(companyEmployments)
      .set({ position: input.position, teamId, startDate: input.start_date, reviewerMemberId, updatedAt: now })
      .where(eq(companyEmployments.id, row.id));
    let changed = false;
    if (input.position !== row.position) {
      await recordEvent(tx, row, { kind: 'job_changed', position: input.position, at: now });
      await tx
        .update(companyMembers)
        .set({ position: input.position, updatedAt: now })
        .where(and(eq(companyMembers.companyId, row.companyId), eq(companyMembers.userId, row.userId)));
      changed = true;
    }
    if (reviewerMemberId !== row.reviewerMemberId) {
      await recordEvent(tx, row, {
        kind: 'reviewer_changed',
        position: input.position,
        reviewerName: await memberName(tx, reviewerMemberId),
        at: now,
      });
      changed = true;
    }
    if (changed) await notifyPerson(tx, row, 'employment_changed', actor.userId, { type: 'employment', id: row.id });
  });
  return employmentDetails(db, clock, actor, employmentId);
}

/** Tells the person of the company's decision about them; the subject carries the company's name. */
export async function notifyPerson(
  tx: Queryable,
  to: Pick<EmploymentRow, 'userId' | 'companyId'>,
  kind: 'employment_changed' | 'review_received' | 'confirmation_declined' | 'confirmation_accepted',
  actorId: number,
  subject: { type: 'employment' | 'review' | 'company'; id: number },
) {
  const name = (await companyNameOf(tx, to.companyId)) ?? null;
  await notify(tx, {
    kind,
    to: { userId: to.userId },
    actorId,
    companyId: to.companyId,
    subject: { ...subject, name },
  });
}

/** Competencies named in a round must be the company's; new ratings only on competencies still in use. */
async function checkRatings(db: Queryable, companyId: number, input: ReviewRoundInput, keep: Set<number>) {
  const ids = input.ratings.map((r) => r.competency_id);
  const rows = await db
    .select({ id: competencies.id, retiredAt: competencies.retiredAt })
    .from(competencies)
    .where(and(eq(competencies.companyId, companyId), inArray(competencies.id, ids)));
  const usable = new Set(rows.filter((r) => r.retiredAt === null || keep.has(r.id)).map((r) => r.id));
  const problems = input.ratings.flatMap((r, index) =>
    usable.has(r.competency_id)
      ? []
      : [{ field: `ratings.${index}.competency_id`, message: messageRef('validation.notCompanyCompetency') }],
  );
  if (problems.length) throw new RuleBrokenError(problems);
}

/** A new review round (every round is kept); the person is told. */
export async function addReview(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
  input: ReviewRoundInput,
): Promise<CompanyEmploymentDetails> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const row = await employmentFor(tx, actor, employmentId, 'review');
    await checkRatings(tx, actor.companyId, input, new Set());
    const reviewer = (await peopleByIds(tx, [actor.userId])).get(actor.userId);
    const [review] = await tx
      .insert(employmentReviews)
      .values({
        employmentId: row.id,
        reviewerUserId: actor.userId,
        reviewerName: reviewer?.name ?? '',
        reviewedOn: input.reviewed_on,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: employmentReviews.id });
    await tx
      .insert(employmentReviewRatings)
      .values(input.ratings.map((r) => ({ reviewId: review!.id, competencyId: r.competency_id, rating: r.rating, comment: r.comment })));
    await notifyPerson(tx, row, 'review_received', actor.userId, { type: 'review', id: row.id });
    await checkAchievements(tx, row.userId, now);
  });
  return employmentDetails(db, clock, actor, employmentId);
}

/** Corrects a round: its ratings are replaced; the person's consent and reply stay. */
export async function updateReview(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
  reviewId: number,
  input: ReviewRoundInput,
): Promise<CompanyEmploymentDetails> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const row = await employmentFor(tx, actor, employmentId, 'review');
    const review = await reviewOf(tx, row.id, reviewId);
    const before = await tx
      .select({ competencyId: employmentReviewRatings.competencyId })
      .from(employmentReviewRatings)
      .where(eq(employmentReviewRatings.reviewId, review.id));
    await checkRatings(tx, actor.companyId, input, new Set(before.map((b) => b.competencyId)));
    await tx.update(employmentReviews).set({ reviewedOn: input.reviewed_on, updatedAt: now }).where(eq(employmentReviews.id, review.id));
    await tx.delete(employmentReviewRatings).where(eq(employmentReviewRatings.reviewId, review.id));
    await tx
      .insert(employmentReviewRatings)
      .values(input.ratings.map((r) => ({ reviewId: review.id, competencyId: r.competency_id, rating: r.rating, comment: r.comment })));
    await checkAchievements(tx, row.userId, now);
  });
  return employmentDetails(db, clock, actor, employmentId);
}

/** Planned termination, final feedback and the collaboration assessment; the person is told. */
export async function setEndOfCollaboration(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
  input: EndOfCollaborationInput,
): Promise<CompanyEmploymentDetails> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const row = await employmentFor(tx, actor, employmentId, 'review');
    if (input.planned_termination !== null && input.planned_termination < row.startDate)
      throw fieldError('planned_termination', 'validation.endBeforeStart');
    // Moving the end of a past job into the future must not make it a second current one (decision 166).
    const today = dayOf(now);
    const reopens = !isCurrentOn(row, today) && isCurrentOn({ ...row, plannedTermination: input.planned_termination }, today);
    if (reopens && (await currentEmploymentAt(tx, row.companyId, row.userId, today, row.id)))
      throw fieldError('planned_termination', 'validation.alreadyEmployed');
    const hasFeedback = input.final_feedback !== null || input.collaboration_assessment !== null;
    await tx
      .update(companyEmployments)
      .set({
        plannedTermination: input.planned_termination,
        finalFeedback: input.final_feedback,
        collaborationAssessment: input.collaboration_assessment,
        finalFeedbackAt: hasFeedback ? (row.finalFeedbackAt ?? now) : null,
        // Withdrawn feedback takes the person's consent and reply with it.
        ...(hasFeedback ? {} : { finalFeedbackPublic: false, finalFeedbackReply: null, finalFeedbackRepliedAt: null }),
        updatedAt: now,
      })
      .where(eq(companyEmployments.id, row.id));
    await notifyPerson(tx, row, 'employment_changed', actor.userId, { type: 'employment', id: row.id });
  });
  return employmentDetails(db, clock, actor, employmentId);
}
