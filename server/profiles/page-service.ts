// The profile page read: header, every section, endorsements and recommendations in a handful of
// queries (one per section), shaped as the contract's ProfilePage.
import type { Clock } from '../clock.ts';
import { publicJobsOf } from '../careers/public.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Locale } from '../../contract/locale-schema.ts';
import { visibleProfile } from '../../contract/profile-visibility.ts';
import type { MediaFile, ProfilePage } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import {
  certifications,
  educations,
  employments,
  files,
  profileLanguages,
  projects,
  recommendations,
  skillEndorsements,
  skills,
} from '../db/profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { mediaFileOf } from '../shared/uploads/service.ts';
import { ProfileNotFoundError, viewerOf } from './service.ts';

async function mediaById(db: Db, ids: (number | null)[]): Promise<Map<number, MediaFile>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return new Map();
  const rows = await db.select().from(files).where(inArray(files.id, wanted));
  return new Map(rows.map((row) => [row.id, mediaFileOf(row)]));
}

/** Skills of `userId` with endorsement counts; endorser names only for the owner. */
export async function skillsOf(db: Db, userId: number, viewerId: number) {
  const rows = await db.select().from(skills).where(eq(skills.userId, userId)).orderBy(asc(skills.id));
  if (!rows.length) return [];
  const endorsements = await db
    .select({
      skillId: skillEndorsements.skillId,
      userId: users.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(skillEndorsements)
    .innerJoin(users, and(eq(users.id, skillEndorsements.endorserId), eq(users.status, 'active')))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      inArray(
        skillEndorsements.skillId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(skillEndorsements.id));
  const isOwner = userId === viewerId;
  return rows.map((row) => {
    const mine = endorsements.filter((e) => e.skillId === row.id);
    return {
      id: row.id,
      name: row.name,
      endorsement_count: mine.length,
      endorsed_by_me: mine.some((e) => e.userId === viewerId),
      endorsers: isOwner ? mine.map((e) => ({ user_id: e.userId, first_name: e.firstName, last_name: e.lastName })) : [],
    };
  });
}

/** Every section's rows of `userId`'s profile, read side by side; recommendations pending or declined only for the owner. */
async function readSections(db: Db, clock: Clock, userId: number, viewerId: number) {
  const isOwner = userId === viewerId;
  const [jobs, skillList, languageRows, schoolRows, certificationRows, projectRows, recommendationRows, careerJobs] = await Promise.all([
    db
      .select()
      .from(employments)
      .where(eq(employments.userId, userId))
      .orderBy(desc(employments.isCurrent), desc(employments.startDate), desc(employments.id)),
    skillsOf(db, userId, viewerId),
    db.select().from(profileLanguages).where(eq(profileLanguages.userId, userId)).orderBy(asc(profileLanguages.id)),
    db
      .select()
      .from(educations)
      .where(eq(educations.userId, userId))
      .orderBy(sql`${educations.startDate} desc nulls last`, desc(educations.id)),
    db
      .select()
      .from(certifications)
      .where(eq(certifications.userId, userId))
      .orderBy(sql`${certifications.issueDate} desc nulls last`, desc(certifications.id)),
    db
      .select()
      .from(projects)
      .where(eq(projects.userId, userId))
      .orderBy(sql`${projects.startDate} desc nulls last`, desc(projects.id)),
    db
      .select({ rec: recommendations, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(recommendations)
      .innerJoin(users, and(eq(users.id, recommendations.authorId), eq(users.status, 'active')))
      .innerJoin(profiles, eq(profiles.userId, recommendations.authorId))
      .where(isOwner ? eq(recommendations.userId, userId) : and(eq(recommendations.userId, userId), eq(recommendations.status, 'accepted')))
      .orderBy(desc(recommendations.id)),
    publicJobsOf(db, clock, userId),
  ]);
  const media = await mediaById(db, [...certificationRows.map((c) => c.mediaFileId), ...projectRows.map((r) => r.mediaFileId)]);
  return { jobs, skillList, languageRows, schoolRows, certificationRows, projectRows, recommendationRows, careerJobs, media };
}

/** The sections of the page as the contract shapes them. */
function sectionViews({
  jobs,
  skillList,
  languageRows,
  schoolRows,
  certificationRows,
  projectRows,
  recommendationRows,
  careerJobs,
  media,
}: Awaited<ReturnType<typeof readSections>>) {
  const mediaOf = (id: number | null) => (id ? (media.get(id) ?? null) : null);
  return {
    employments: jobs.map((j) => ({
      id: j.id,
      position: j.position,
      company_name: j.companyName,
      start_date: j.startDate,
      end_date: j.endDate,
      is_current: j.isCurrent,
    })),
    jobs: careerJobs,
    skills: skillList,
    languages: languageRows.map((l) => ({
      id: l.id,
      code: l.code,
      proficiency: l.proficiency as ProfilePage['languages'][number]['proficiency'],
    })),
    educations: schoolRows.map((e) => ({
      id: e.id,
      school: e.school,
      degree: e.degree,
      area_of_study: e.areaOfStudy,
      start_date: e.startDate,
      end_date: e.endDate,
    })),
    certifications: certificationRows.map((c) => ({
      id: c.id,
      name: c.name,
      provider: c.provider,
      credential_id: c.credentialId,
      credential_url: c.credentialUrl,
      issue_date: c.issueDate,
      expiration_date: c.expirationDate,
      media: mediaOf(c.mediaFileId),
    })),
    projects: projectRows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      url: r.url,
      start_date: r.startDate,
      end_date: r.endDate,
      media: mediaOf(r.mediaFileId),
    })),
    recommendations: recommendationRows.map(({ rec, firstName, lastName }) => ({
      id: rec.id,
      author: { user_id: rec.authorId, first_name: firstName, last_name: lastName },
      text: rec.text,
      status: rec.status,
      created_at: rec.createdAt.toISOString(),
    })),
  };
}

/** The whole profile page of `userId` as `viewerId` may see it. */
export async function getProfilePage(db: Db, clock: Clock, userId: number, viewerId: number): Promise<ProfilePage> {
  const [head] = await db
    .select({ profile: profiles, locale: users.locale })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, userId), eq(users.status, 'active')))
    .limit(1);
  if (!head) throw new ProfileNotFoundError();
  const p = head.profile;
  const sections = sectionViews(await readSections(db, clock, userId, viewerId));

  return visibleProfile(
    {
      is_owner: userId === viewerId,
      user_id: userId,
      locale: Locale.catch('en_GB').parse(head.locale),
      first_name: p.firstName,
      last_name: p.lastName,
      headline: p.headline,
      about: p.about,
      current_position: p.currentPosition,
      location: p.location,
      profile_status: p.profileStatus,
      open_to_work: p.profileStatus === 'open_to_work',
      title: p.title,
      description: p.description,
      website: p.website,
      contact_phone: p.contactPhone,
      contact_email: p.contactEmail,
      birth_date: p.birthDate,
      photo_url: p.photoPath ? profileApiPaths.file(p.photoPath) : null,
      cover_url: p.coverPath ? profileApiPaths.file(p.coverPath) : null,
      ...sections,
    },
    viewerOf(userId, viewerId),
    p.contactVisibility,
  );
}
