// The company's employees list in two reads, whatever its length: one statement brings each
// employment with its person, reviewer, team and the person's membership here; a second brings each
// employment's latest rating per competency with the competency's weight, which is all the in-company
// score needs (the list shows no rounds). The details of one employment read the same way.
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CompanyEmployment } from '../../contract/careers-company.ts';
import { inCompanyScore, type WeightedRating } from '../../contract/employment-scores.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Queryable } from '../db/client.ts';
import { companyEmployments, competencies, employmentReviewRatings, employmentReviews } from '../db/careers-schema.ts';
import { teams } from '../db/company-schema.ts';
import { companyMembers, profiles, users } from '../db/schema.ts';
import type { EmploymentRow } from '../shared/careers/core.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { dayOf } from '../shared/dates.ts';
import { employmentDays } from './read.ts';

const personUser = alias(users, 'person_user');
const personProfile = alias(profiles, 'person_profile');
const reviewerMember = alias(companyMembers, 'reviewer_member');
const reviewerUser = alias(users, 'reviewer_user');
const reviewerProfile = alias(profiles, 'reviewer_profile');

/** The name a person goes by: their profile's, or their email when they gave none ('' when they are gone). */
function nameOf(first: string | null, last: string | null, email: string | null): string {
  return [first, last].filter(Boolean).join(' ') || email || '';
}

const photoOf = (path: string | null) => (path ? profileApiPaths.file(path) : null);

/** Each employment's latest rating per competency, with the competency's weight. */
async function latestRatingsOf(db: Queryable, employmentIds: number[]): Promise<Map<number, WeightedRating[]>> {
  const out = new Map<number, WeightedRating[]>();
  if (!employmentIds.length) return out;
  const rows = await db
    .selectDistinctOn([employmentReviews.employmentId, employmentReviewRatings.competencyId], {
      employmentId: employmentReviews.employmentId,
      rating: employmentReviewRatings.rating,
      weight: competencies.weight,
    })
    .from(employmentReviews)
    .innerJoin(employmentReviewRatings, eq(employmentReviewRatings.reviewId, employmentReviews.id))
    .innerJoin(competencies, eq(competencies.id, employmentReviewRatings.competencyId))
    .where(inArray(employmentReviews.employmentId, employmentIds))
    .orderBy(
      asc(employmentReviews.employmentId),
      asc(employmentReviewRatings.competencyId),
      desc(employmentReviews.reviewedOn),
      desc(employmentReviews.id),
      desc(employmentReviewRatings.id),
    );
  for (const row of rows) {
    const list = out.get(row.employmentId) ?? [];
    list.push({ rating: row.rating, weight: row.weight });
    out.set(row.employmentId, list);
  }
  return out;
}

/** What the list needs of an employment beyond its row; `may_review` and `may_manage` come from the caller. */
export type ListedEmployment = Omit<CompanyEmployment, 'may_review' | 'may_manage'> & { row: EmploymentRow };

/** The employments of `companyId` that `where` picks, newest start first, with everything the list shows. */
export async function listedEmployments(db: Queryable, companyId: number, where: SQL | undefined, now: Date): Promise<ListedEmployment[]> {
  const memberId = sql<number | null>`(select ${companyMembers.id} from ${companyMembers}
    where ${companyMembers.companyId} = ${companyId} and ${companyMembers.userId} = ${companyEmployments.userId}
    and ${membershipCounts(now)} order by ${companyMembers.id} limit 1)`;
  const rows = await db
    .select({
      row: getTableColumns(companyEmployments),
      person: { email: personUser.email, first: personProfile.firstName, last: personProfile.lastName, photo: personProfile.photoPath },
      reviewer: {
        memberId: reviewerMember.id,
        userId: reviewerMember.userId,
        email: reviewerUser.email,
        first: reviewerProfile.firstName,
        last: reviewerProfile.lastName,
        photo: reviewerProfile.photoPath,
      },
      teamName: teams.name,
      memberId,
    })
    .from(companyEmployments)
    .leftJoin(personUser, eq(personUser.id, companyEmployments.userId))
    .leftJoin(personProfile, eq(personProfile.userId, companyEmployments.userId))
    .leftJoin(reviewerMember, eq(reviewerMember.id, companyEmployments.reviewerMemberId))
    .leftJoin(reviewerUser, eq(reviewerUser.id, reviewerMember.userId))
    .leftJoin(reviewerProfile, eq(reviewerProfile.userId, reviewerMember.userId))
    .leftJoin(teams, and(eq(teams.id, companyEmployments.teamId), eq(teams.companyId, companyId)))
    .where(and(eq(companyEmployments.companyId, companyId), where))
    .orderBy(desc(companyEmployments.startDate), desc(companyEmployments.id));
  const ratings = await latestRatingsOf(
    db,
    rows.map((r) => r.row.id),
  );
  const today = dayOf(now);
  return rows.map(({ row, person, reviewer, teamName, memberId: member }) => ({
    row,
    id: row.id,
    person: {
      user_id: row.userId,
      member_id: member === null ? null : Number(member),
      name: nameOf(person.first, person.last, person.email),
      photo_url: photoOf(person.photo),
    },
    position: row.position,
    team: teamName === null || row.teamId === null ? null : { id: row.teamId, name: teamName },
    ...employmentDays(row, today),
    reviewer:
      reviewer.memberId === null || reviewer.userId === null
        ? null
        : {
            user_id: reviewer.userId,
            member_id: reviewer.memberId,
            name: nameOf(reviewer.first, reviewer.last, reviewer.email),
            photo_url: photoOf(reviewer.photo),
          },
    in_company_score: inCompanyScore(ratings.get(row.id) ?? []).score,
  }));
}
