// Reading a verified employment the way both sides show it: its competencies with every
// round's rating, the rounds, the derived in-company score with what it came from, the final feedback
// and the events. One module, so the person's page and the workspace never disagree.
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type {
  CareerCompany,
  CareerPerson,
  EmploymentCompetency,
  EmploymentEvent,
  FinalFeedback,
  InCompanyScoreView,
  ReviewRound,
} from '../../contract/careers.ts';
import { inCompanyScore } from '../../contract/employment-scores.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Queryable } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import { competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { employmentEvents, teams } from '../db/company-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { verifiedDomainsOf } from '../shared/companies/trust.ts';
import { peopleByIds } from '../shared/people.ts';
import type { EmploymentRow } from '../shared/careers/core.ts';
import { endDateOf, isCurrentOn } from '../shared/careers/lifecycle.ts';
import { monthsBetween } from '../shared/dates.ts';

type CompetencyRow = typeof competencies.$inferSelect;

/** A registered company as a job names it. */
export async function registeredCompanies(db: Queryable, ids: number[]): Promise<Map<number, CareerCompany>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, logo: companies.logoPath })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  const domains = await verifiedDomainsOf(
    db,
    rows.map((r) => r.id),
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        logo_url: r.logo ? profileApiPaths.file(r.logo) : null,
        registered: true,
        verified_domain: domains.get(r.id) ?? null,
      },
    ]),
  );
}

/** Membership ids → the people they are. */
export async function peopleOfMembers(db: Queryable, memberIds: (number | null)[]): Promise<Map<number, CareerPerson>> {
  const ids = [...new Set(memberIds.filter((v): v is number => v !== null))];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: companyMembers.id, userId: companyMembers.userId })
    .from(companyMembers)
    .where(inArray(companyMembers.id, ids));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId),
  );
  return new Map(
    rows.map((r) => {
      const p = people.get(r.userId);
      return [r.id, { user_id: r.userId, member_id: r.id, name: p?.name ?? '', photo_url: p?.photoUrl ?? null }];
    }),
  );
}

/** The dates and flags every view of an employment shares. */
export function employmentDays(row: EmploymentRow, today: string) {
  const end = endDateOf(row);
  return {
    start_date: row.startDate,
    end_date: end,
    is_current: isCurrentOn(row, today),
    planned_termination: row.plannedTermination,
    leaves_on: row.leavesOn,
    months: monthsBetween(row.startDate, end !== null && end < today ? end : today),
  };
}

export async function teamOf(db: Queryable, teamId: number | null): Promise<{ id: number; name: string } | null> {
  if (teamId === null) return null;
  const [team] = await db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, teamId)).limit(1);
  return team ?? null;
}

/** The round `reviewId` of the employment, or 404 (the person's page and the workspace alike). */
export async function reviewOf(db: Queryable, employmentId: number, reviewId: number): Promise<{ id: number }> {
  const [review] = await db
    .select({ id: employmentReviews.id })
    .from(employmentReviews)
    .where(and(eq(employmentReviews.id, reviewId), eq(employmentReviews.employmentId, employmentId)))
    .limit(1);
  if (!review) throw new NotFoundError('Review not found.');
  return review;
}

export interface ReviewParts {
  competencies: EmploymentCompetency[];
  reviews: ReviewRound[];
  score: InCompanyScoreView;
}

/** The rounds of each employment in `rows`, their competencies and the score, keyed by employment id. */
export async function reviewPartsOf(db: Queryable, rows: EmploymentRow[]): Promise<Map<number, ReviewParts>> {
  const out = new Map<number, ReviewParts>();
  if (!rows.length) return out;
  const employmentIds = rows.map((r) => r.id);
  const companyIds = [...new Set(rows.map((r) => r.companyId))];
  // The rounds, their ratings and the competencies are asked at once, each by the employments (the
  // ratings and competencies through their rounds, in the database): three statements side by side,
  // not one after the other, since every page that shows jobs waits for them.
  const subquery = new QueryBuilder();
  const roundsOf = subquery
    .select({ id: employmentReviews.id })
    .from(employmentReviews)
    .where(inArray(employmentReviews.employmentId, employmentIds));
  const [reviewRows, ratingRows, competencyRows] = await Promise.all([
    db
      .select()
      .from(employmentReviews)
      .where(inArray(employmentReviews.employmentId, employmentIds))
      .orderBy(desc(employmentReviews.reviewedOn), desc(employmentReviews.id)),
    db
      .select()
      .from(employmentReviewRatings)
      .where(inArray(employmentReviewRatings.reviewId, roundsOf))
      .orderBy(asc(employmentReviewRatings.id)),
    // Every competency a round rated, and each company's competencies still in use (not yet rated ones show too).
    db
      .select()
      .from(competencies)
      .where(
        or(
          inArray(
            competencies.id,
            subquery
              .select({ id: employmentReviewRatings.competencyId })
              .from(employmentReviewRatings)
              .where(inArray(employmentReviewRatings.reviewId, roundsOf)),
          ),
          and(inArray(competencies.companyId, companyIds), isNull(competencies.retiredAt)),
        ),
      )
      .orderBy(asc(competencies.id)),
  ]);
  const competencyById = new Map<number, CompetencyRow>(competencyRows.map((c) => [c.id, c]));
  for (const row of rows) {
    const mine = reviewRows.filter((r) => r.employmentId === row.id);
    const reviews: ReviewRound[] = mine.map((r) => ({
      id: r.id,
      reviewed_on: r.reviewedOn,
      reviewer: { user_id: r.reviewerUserId, name: r.reviewerName },
      ratings: ratingRows
        .filter((x) => x.reviewId === r.id)
        .map((x) => ({
          competency_id: x.competencyId,
          competency_name: competencyById.get(x.competencyId)?.name ?? '',
          rating: x.rating,
          comment: x.comment,
        })),
      is_public: r.isPublic,
      reply: r.reply,
      replied_at: r.repliedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }));
    // Oldest round first for each competency's history; the latest is the last.
    const chronological = [...reviews].reverse();
    const rated = new Set(chronological.flatMap((r) => r.ratings.map((x) => x.competency_id)));
    const list = competencyRows.filter((c) => rated.has(c.id) || (c.companyId === row.companyId && c.retiredAt === null));
    const comps: EmploymentCompetency[] = list.map((c) => {
      const history = chronological.flatMap((r) =>
        r.ratings
          .filter((x) => x.competency_id === c.id)
          .map((x) => ({ review_id: r.id, reviewed_on: r.reviewed_on, rating: x.rating, comment: x.comment })),
      );
      return {
        competency_id: c.id,
        name: c.name,
        description: c.description,
        weight: c.weight,
        retired: c.retiredAt !== null,
        latest: history.at(-1)?.rating ?? null,
        history,
      };
    });
    const inputs = comps
      .filter((c) => c.latest !== null)
      .map((c) => ({ competency_id: c.competency_id, name: c.name, rating: c.latest!, weight: c.weight }));
    const score = inCompanyScore(inputs);
    out.set(row.id, {
      competencies: comps,
      reviews,
      score: { score: score.score, counted: score.counted, not_applicable: score.notApplicable, total_weight: score.totalWeight, inputs },
    });
  }
  return out;
}

export function finalFeedbackOf(row: EmploymentRow): FinalFeedback | null {
  if (row.finalFeedbackAt === null) return null;
  return {
    text: row.finalFeedback,
    assessment: row.collaborationAssessment,
    given_at: row.finalFeedbackAt.toISOString(),
    is_public: row.finalFeedbackPublic,
    reply: row.finalFeedbackReply,
    replied_at: row.finalFeedbackRepliedAt?.toISOString() ?? null,
  };
}

export async function eventsOf(db: Queryable, employmentId: number): Promise<EmploymentEvent[]> {
  const rows = await db
    .select()
    .from(employmentEvents)
    .where(and(eq(employmentEvents.employmentId, employmentId)))
    .orderBy(asc(employmentEvents.occurredAt), asc(employmentEvents.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    position: r.position,
    reviewer_name: r.reviewerName,
    occurred_at: r.occurredAt.toISOString(),
  }));
}
