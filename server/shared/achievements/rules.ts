// The rule behind every achievement of the catalogue (contract/achievements.ts): a small SQL query
// over the person's stored data that yields how far they are (`progress`) and, once the target is
// reached, when it was reached (`earned_at`, the issued date). Each rule reads only stored facts, so
// an unlock can always be derived again (decision 140). Rules that rest on careers data read the
// verified jobs (company_employments) and the profile's employments.
import { sql, type SQL } from 'drizzle-orm';
import { achievementCatalogue, type AchievementCode } from '../../../contract/achievements.ts';

/** One row: `progress` (int) and `earned_at` (timestamptz or null). */
type Rule = (userId: number, now: Date) => SQL;

/**
 * A rule that counts timestamped events (`events` selects a column `at`): progress is their number,
 * the issued date the moment the target-th one happened.
 */
function countOf(code: AchievementCode, events: (userId: number) => SQL): Rule {
  const target = achievementCatalogue[code].target;
  return (userId) => sql`select
      (select count(*)::int from (${events(userId)}) e) as progress,
      (select e.at from (${events(userId)}) e order by e.at offset ${target - 1} limit 1) as earned_at`;
}

const endorsementsReceived = (userId: number) => sql`
  select e.created_at as at from skill_endorsements e join skills s on s.id = e.skill_id
  join users u on u.id = e.endorser_id and u.status = 'active' where s.user_id = ${userId}`;

const recommendationsAccepted = (userId: number) => sql`
  select r.updated_at as at from recommendations r join users u on u.id = r.author_id and u.status = 'active'
  where r.user_id = ${userId} and r.status = 'accepted'`;

// The profile guide's seven steps (src/lib/base/profile-completeness.ts: photo, headline, about, a job of either kind,
// education, three skills, a language), counted in SQL.
const profileSteps = (userId: number) => sql`
  (p.photo_path is not null)::int
  + (coalesce(btrim(p.headline), '') <> '')::int
  + (coalesce(btrim(p.about), '') <> '')::int
  + (exists (select 1 from employments where user_id = ${userId}) or exists (select 1 from company_employments where user_id = ${userId}))::int
  + (exists (select 1 from educations where user_id = ${userId}))::int
  + ((select count(*) from skills where user_id = ${userId}) >= 3)::int
  + (exists (select 1 from profile_languages where user_id = ${userId}))::int`;

/** Every achievement's rule. */
export const achievementRules: Record<AchievementCode, Rule> = {
  profile_complete: (userId, now) => sql`select ${profileSteps(userId)} as progress,
      case when ${profileSteps(userId)} >= 7 then ${now}::timestamptz end as earned_at
    from profiles p where p.user_id = ${userId}`,
  profile_photo: (userId, now) => sql`select (p.photo_path is not null)::int as progress,
      case when p.photo_path is not null then ${now}::timestamptz end as earned_at
    from profiles p where p.user_id = ${userId}`,
  first_endorsement: countOf('first_endorsement', endorsementsReceived),
  ten_endorsements: countOf('ten_endorsements', endorsementsReceived),
  five_skills: countOf('five_skills', (userId) => sql`select created_at as at from skills where user_id = ${userId}`),
  first_recommendation: countOf('first_recommendation', recommendationsAccepted),
  three_recommendations: countOf('three_recommendations', recommendationsAccepted),
  recommendation_given: countOf(
    'recommendation_given',
    (userId) => sql`select updated_at as at from recommendations where author_id = ${userId} and status = 'accepted'`,
  ),
  // Company-verified employment: each verified job counts once, from when the company verified it
  // (a hire or a confirmation).
  verified_employment: countOf(
    'verified_employment',
    (userId) => sql`select created_at as at from company_employments where user_id = ${userId}`,
  ),
  // A rating of Excellent or Exceptional in any review round of a verified job (careers); the round's
  // writing is the moment it was earned.
  competency_excellent: countOf(
    'competency_excellent',
    (userId) => sql`select r.created_at as at from employment_review_ratings rr
      join employment_reviews r on r.id = rr.review_id
      join company_employments e on e.id = r.employment_id
      where e.user_id = ${userId} and rr.rating in ('excellent', 'exceptional')`,
  ),
  // Days of the longest verified job, from its start date (not from the day the company confirmed it,
  // decision 167) to its last day or today; earned on the day a job reached a year.
  year_at_company: (userId, now) => sql`select
      least(365, coalesce(max(greatest(0, s.until - s.started)), 0))::int as progress,
      min(case when s.started + 365 <= s.until then (s.started + 365)::timestamp at time zone 'UTC' end) as earned_at
    from (
      select e.start_date as started,
        least((${now}::timestamptz at time zone 'UTC')::date, coalesce(least(e.planned_termination, e.leaves_on - 1), 'infinity'::date)) as until
      from company_employments e where e.user_id = ${userId}
    ) s`,
  first_job: countOf('first_job', (userId) => sql`select created_at as at from employments where user_id = ${userId}`),
  three_languages: countOf(
    'three_languages',
    (userId) =>
      sql`select created_at as at from profile_languages where user_id = ${userId} and proficiency in ('B2', 'C1', 'C2', 'native')`,
  ),
  lifelong_learner: countOf(
    'lifelong_learner',
    (userId) => sql`select created_at as at from educations where user_id = ${userId}
      union all select created_at as at from certifications where user_id = ${userId}`,
  ),
  portfolio: countOf('portfolio', (userId) => sql`select created_at as at from projects where user_id = ${userId}`),
  first_post: countOf('first_post', (userId) => sql`select occurred_at as at from activities where user_id = ${userId} and kind = 'post'`),
  five_posts: countOf('five_posts', (userId) => sql`select occurred_at as at from activities where user_id = ${userId} and kind = 'post'`),
  first_comment: countOf(
    'first_comment',
    (userId) => sql`select c.created_at as at from comments c join activities a on a.id = c.activity_id
      where c.user_id = ${userId} and a.user_id <> ${userId}`,
  ),
  ten_comments_received: countOf(
    'ten_comments_received',
    (userId) => sql`select c.created_at as at from comments c join activities a on a.id = c.activity_id
      where a.user_id = ${userId} and c.user_id <> ${userId}`,
  ),
  five_likes_received: countOf(
    'five_likes_received',
    (userId) => sql`select l.created_at as at from comment_likes l join comments c on c.id = l.comment_id
      where c.user_id = ${userId} and l.user_id <> ${userId} and l.active`,
  ),
  endorser: countOf('endorser', (userId) => sql`select e.created_at as at from skill_endorsements e where e.endorser_id = ${userId}`),
};
