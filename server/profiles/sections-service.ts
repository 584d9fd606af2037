// Changes to one's own profile: the header, each section's entries, endorsements and
// recommendations, and a confirmed JSON Resume import. Every write is scoped to the owner: another
// user's item is "not found", and no body field can set a user id, an id or a verification flag.
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImportRequest } from '../../contract/json-resume-import.ts';
import type { ProfileStatus } from '../../contract/profile-status.ts';
import type {
  CertificationInput,
  EducationInput,
  EmploymentInput,
  LanguageInput,
  ProjectInput,
  SkillInput,
  UpdateProfileRequest,
} from '../../contract/profile-sections.ts';
import { sectionEntryLimit, sectionNames, type SectionName } from '../../contract/profile-sections.ts';
import { messageRef } from '../../contract/validation-messages.ts';
import { checkAchievements } from '../shared/achievements/check.ts';
import { recordActivity } from '../shared/activities/writer.ts';
import type { Db, Queryable } from '../db/client.ts';
import { notify } from '../shared/notifications/writer.ts';
import { files, profileLanguages, recommendations, sectionTables, skillEndorsements, skills } from '../db/profile-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { ConflictError, ForbiddenError, NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { releaseFiles } from '../shared/uploads/service.ts';
import type { FileStore } from '../shared/uploads/store.ts';
import { ProfileNotFoundError } from './service.ts';

type Out<T extends z.ZodType> = z.output<T>;

/**
 * The profile status a header update writes (decision 170): the one given; without one, an older
 * client's `open_to_work` true sets 'open_to_work' and false clears only that status; else unchanged.
 */
function statusOf(i: Out<typeof UpdateProfileRequest>) {
  if (i.profile_status !== undefined) return i.profile_status;
  if (i.open_to_work === true) return 'open_to_work' as const;
  if (i.open_to_work === false)
    return sql<ProfileStatus | null>`case when ${profiles.profileStatus} = 'open_to_work' then null else ${profiles.profileStatus} end`;
  return undefined;
}

/** Applies the header fields of `PUT /api/profile`. */
export async function updateProfile(db: Db, userId: number, i: Out<typeof UpdateProfileRequest>, now: Date) {
  await db
    .update(profiles)
    .set({
      firstName: i.first_name,
      lastName: i.last_name,
      headline: i.headline,
      about: i.about,
      currentPosition: i.current_position,
      location: i.location,
      profileStatus: statusOf(i),
      title: i.title,
      description: i.description,
      website: i.website,
      // Left out of the request, they keep what the settings contact form stored.
      ...(i.contact_phone === undefined ? {} : { contactPhone: i.contact_phone }),
      ...(i.contact_email === undefined ? {} : { contactEmail: i.contact_email }),
      birthDate: i.birth_date,
      updatedAt: now,
    })
    .where(eq(profiles.userId, userId));
}

async function assertOwnMedia(db: Queryable, userId: number, fileId: number | null): Promise<void> {
  if (fileId === null) return;
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.kind, 'media')))
    .limit(1);
  if (!row) throw new RuleBrokenError([{ field: 'media_file_id', message: messageRef('validation.invalid') }]);
}

/** Row values of each section from its validated input. */
const valuesOf = {
  employments: (i: Out<typeof EmploymentInput>) => ({
    position: i.position,
    companyName: i.company_name,
    startDate: i.start_date,
    // A current job has no end yet (the form may still hold one the person typed earlier).
    endDate: i.is_current ? null : i.end_date,
    isCurrent: i.is_current,
  }),
  skills: (i: Out<typeof SkillInput>) => ({ name: i.name }),
  languages: (i: Out<typeof LanguageInput>) => ({ code: i.code, proficiency: i.proficiency }),
  educations: (i: Out<typeof EducationInput>) => ({
    school: i.school,
    degree: i.degree,
    areaOfStudy: i.area_of_study,
    startDate: i.start_date,
    endDate: i.end_date,
  }),
  certifications: (i: Out<typeof CertificationInput>) => ({
    name: i.name,
    provider: i.provider,
    credentialId: i.credential_id,
    credentialUrl: i.credential_url,
    issueDate: i.issue_date,
    expirationDate: i.expiration_date,
    mediaFileId: i.media_file_id,
  }),
  projects: (i: Out<typeof ProjectInput>) => ({
    title: i.title,
    description: i.description,
    url: i.url,
    startDate: i.start_date,
    endDate: i.end_date,
    mediaFileId: i.media_file_id,
  }),
} as const;

/** The row values of a validated section input (the schemas and mappers are paired by section). */
function rowValues(section: SectionName, input: Record<string, unknown>): Record<string, unknown> {
  return (valuesOf[section] as unknown as (i: Record<string, unknown>) => Record<string, unknown>)(input);
}

/** Section rules beyond the schema: one skill and one language of a name per person. */
async function assertNoDuplicate(db: Queryable, userId: number, section: SectionName, input: Record<string, unknown>, exceptId?: number) {
  if (section === 'skills') {
    const [row] = await db
      .select({ id: skills.id })
      .from(skills)
      .where(and(eq(skills.userId, userId), sql`lower(${skills.name}) = lower(${input['name'] as string})`))
      .limit(1);
    if (row && row.id !== exceptId) throw new RuleBrokenError([{ field: 'name', message: messageRef('validation.duplicate') }]);
  }
  if (section === 'languages') {
    const [row] = await db
      .select({ id: profileLanguages.id })
      .from(profileLanguages)
      .where(and(eq(profileLanguages.userId, userId), eq(profileLanguages.code, input['code'] as string)))
      .limit(1);
    if (row && row.id !== exceptId) throw new RuleBrokenError([{ field: 'code', message: messageRef('validation.duplicate') }]);
  }
}

/** 409 section_full: the section already holds `sectionEntryLimit` entries (decision 157). */
export class SectionFullError extends ConflictError {
  constructor() {
    super('section_full', `This section is full: it holds at most ${sectionEntryLimit} entries. Remove one to add another.`, {
      maximum: sectionEntryLimit,
    });
  }
}

/** How many entries one section of `userId`'s profile holds. */
async function entriesIn(db: Queryable, userId: number, section: SectionName): Promise<number> {
  const table = sectionTables[section];
  const [row] = await db.select({ entries: count() }).from(table).where(eq(table.userId, userId));
  return row?.entries ?? 0;
}

/** How many entries each section of `userId`'s profile holds. */
async function entryCounts(db: Queryable, userId: number): Promise<Record<SectionName, number>> {
  const counts = await Promise.all(sectionNames.map(async (section) => [section, await entriesIn(db, userId, section)] as const));
  return Object.fromEntries(counts) as Record<SectionName, number>;
}

/** Adds an entry to a section of the owner's profile; returns its id. */
export async function createSectionItem(
  db: Queryable,
  userId: number,
  section: SectionName,
  input: Record<string, unknown>,
): Promise<number> {
  if ((await entriesIn(db, userId, section)) >= sectionEntryLimit) throw new SectionFullError();
  await assertNoDuplicate(db, userId, section, input);
  if ('media_file_id' in input) await assertOwnMedia(db, userId, input['media_file_id'] as number | null);
  const values = rowValues(section, input);
  const table = sectionTables[section];
  const [row] = await db
    .insert(table)
    .values({ ...values, userId } as never)
    .returning({ id: table.id });
  return row!.id;
}

/** The sections whose entries carry a media file (hardening issue, point 6: it goes with them). */
const mediaTables = { certifications: sectionTables.certifications, projects: sectionTables.projects } as const;
const mediaTableOf = (section: SectionName) => (section in mediaTables ? mediaTables[section as keyof typeof mediaTables] : undefined);

async function mediaOfEntry(db: Queryable, section: SectionName, itemId: number, userId: number): Promise<number | null> {
  const table = mediaTableOf(section);
  if (!table) return null;
  const [row] = await db
    .select({ media: table.mediaFileId })
    .from(table)
    .where(and(eq(table.id, itemId), eq(table.userId, userId)))
    .limit(1);
  return row?.media ?? null;
}

/** Changes an entry of the owner's profile; another user's entry is not found. Media it no longer shows are deleted. */
export async function updateSectionItem(
  db: Db,
  userId: number,
  section: SectionName,
  itemId: number,
  input: Record<string, unknown>,
  now: Date,
  store: FileStore,
): Promise<void> {
  await assertNoDuplicate(db, userId, section, input, itemId);
  if ('media_file_id' in input) await assertOwnMedia(db, userId, input['media_file_id'] as number | null);
  const values = rowValues(section, input);
  const table = sectionTables[section];
  const previousMedia = await mediaOfEntry(db, section, itemId, userId);
  const updated = await db
    .update(table)
    .set({ ...values, updatedAt: now } as never)
    .where(and(eq(table.id, itemId), eq(table.userId, userId)))
    .returning({ id: table.id });
  if (!updated.length) throw new NotFoundError();
  if (previousMedia !== null) await releaseFiles(db, store, { ids: [previousMedia] });
}

/** Deletes an entry of the owner's profile, and its media; another user's entry is not found. */
export async function deleteSectionItem(db: Db, userId: number, section: SectionName, itemId: number, store: FileStore): Promise<void> {
  const table = sectionTables[section];
  const media = await mediaOfEntry(db, section, itemId, userId);
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, itemId), eq(table.userId, userId)))
    .returning({ id: table.id });
  if (!deleted.length) throw new NotFoundError();
  if (media !== null) await releaseFiles(db, store, { ids: [media] });
}

async function activeSkill(db: Db, skillId: number) {
  const [row] = await db
    .select({ id: skills.id, userId: skills.userId, name: skills.name })
    .from(skills)
    .innerJoin(users, and(eq(users.id, skills.userId), eq(users.status, 'active')))
    .where(eq(skills.id, skillId))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

async function assertVerifiedEmail(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.verifiedAt) throw new ForbiddenError('Verify your email address before you endorse or recommend anyone.', 'email_not_verified');
}

/** Endorses someone else's skill once; endorsing again changes nothing. Returns the skill's owner. */
export async function endorseSkill(db: Db, endorserId: number, skillId: number, now: Date = new Date()): Promise<number> {
  const skill = await activeSkill(db, skillId);
  if (skill.userId === endorserId) throw new RuleBrokenError([{ field: 'skill', message: messageRef('validation.ownSkill') }]);
  await assertVerifiedEmail(db, endorserId);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(skillEndorsements)
      .values({ skillId, endorserId })
      .onConflictDoNothing()
      .returning({ id: skillEndorsements.id });
    if (!added.length) return;
    await notify(tx, {
      kind: 'endorsement',
      to: { userId: skill.userId },
      actorId: endorserId,
      subject: { type: 'skill', id: skillId, name: skill.name },
    });
    await checkAchievements(tx, skill.userId, now);
    await checkAchievements(tx, endorserId, now);
  });
  return skill.userId;
}

/** Withdraws the viewer's endorsement of a skill, if any. Returns the skill's owner. */
export async function withdrawEndorsement(db: Db, endorserId: number, skillId: number): Promise<number> {
  const skill = await activeSkill(db, skillId);
  await db.delete(skillEndorsements).where(and(eq(skillEndorsements.skillId, skillId), eq(skillEndorsements.endorserId, endorserId)));
  return skill.userId;
}

/** Writes (or rewrites) the author's recommendation of someone; it waits for their acceptance. */
export async function writeRecommendation(db: Db, authorId: number, userId: number, text: string, now: Date): Promise<void> {
  if (authorId === userId) throw new RuleBrokenError([{ field: 'text', message: messageRef('validation.ownRecommendation') }]);
  const [subject] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')))
    .limit(1);
  if (!subject) throw new ProfileNotFoundError();
  await assertVerifiedEmail(db, authorId);
  await db.transaction(async (tx) => {
    const [written] = await tx
      .insert(recommendations)
      .values({ userId, authorId, text, status: 'pending' })
      .onConflictDoUpdate({
        target: [recommendations.userId, recommendations.authorId],
        set: { text, status: 'pending', updatedAt: now },
      })
      .returning({ id: recommendations.id });
    if (!written) return;
    await notify(tx, {
      kind: 'recommendation_received',
      to: { userId },
      actorId: authorId,
      subject: { type: 'recommendation', id: written.id, ownerId: userId },
    });
  });
}

/** The person recommended accepts or declines a recommendation written about them. */
export async function decideRecommendation(db: Db, userId: number, id: number, status: 'accepted' | 'declined', now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: recommendations.status })
      .from(recommendations)
      .where(and(eq(recommendations.id, id), eq(recommendations.userId, userId)))
      .for('update')
      .limit(1);
    if (!before) throw new NotFoundError();
    const [updated] = await tx
      .update(recommendations)
      .set({ status, updatedAt: now })
      .where(eq(recommendations.id, id))
      .returning({ id: recommendations.id, authorId: recommendations.authorId });
    if (!updated || status !== 'accepted' || before.status === 'accepted') return;
    await notify(tx, {
      kind: 'recommendation_accepted',
      to: { userId: updated.authorId },
      actorId: userId,
      subject: { type: 'recommendation', id, ownerId: userId },
    });
    const [author] = await tx
      .select({ first: profiles.firstName, last: profiles.lastName })
      .from(profiles)
      .where(eq(profiles.userId, updated.authorId))
      .limit(1);
    await recordActivity(tx, {
      userId,
      kind: 'recommendation_accepted',
      title: author ? `${author.first} ${author.last}`.trim() : '—',
      personId: updated.authorId,
      sourceKey: `recommendation:${id}`,
      occurredAt: now,
    });
    await checkAchievements(tx, userId, now);
    await checkAchievements(tx, updated.authorId, now);
  });
}

/** Removes a recommendation: its author withdraws it, or the person recommended deletes it. */
export async function deleteRecommendation(db: Db, viewerId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(recommendations)
    .where(and(eq(recommendations.id, id), sql`(${recommendations.userId} = ${viewerId} or ${recommendations.authorId} = ${viewerId})`))
    .returning({ id: recommendations.id });
  if (!deleted.length) throw new NotFoundError();
}

/** Rows an import writes per statement: each batch is its own short write (hardening issue, point 5). */
export const importBatchSize = 25;

/**
 * Applies a confirmed import. Everything that reads is done first, outside any transaction: which
 * skills and languages are already there, which media are the person's own; then each batch of rows
 * is one multi-row INSERT. PGlite has one connection, so a single transaction over a large import held
 * every other person's reads (the audit: 1.4 ms -> 844 ms median); short statements let them in between.
 * An import interrupted half way keeps the batches written (each entry is whole): importing the same
 * file again adds what is missing, as skills and languages are de-duplicated.
 */
export async function importProfile(db: Db, userId: number, plan: Out<typeof ImportRequest>, now: Date): Promise<void> {
  const p = plan as unknown as {
    header: Record<string, string | null | undefined>;
  } & Record<SectionName, Record<string, unknown>[]>;
  const columns: Record<string, string> = {
    first_name: 'firstName',
    last_name: 'lastName',
    headline: 'headline',
    about: 'about',
    location: 'location',
    website: 'website',
    contact_email: 'contactEmail',
    contact_phone: 'contactPhone',
  };
  const header: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    const value = p.header[field];
    if (value !== undefined && value !== null && value !== '') header[column] = value;
  }

  // Planning: what is already there, and whose media the entries name.
  const [skillNames, languageCodes, ownMedia, held] = await Promise.all([
    db.select({ name: skills.name }).from(skills).where(eq(skills.userId, userId)),
    db.select({ code: profileLanguages.code }).from(profileLanguages).where(eq(profileLanguages.userId, userId)),
    db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.kind, 'media'))),
    entryCounts(db, userId),
  ]);
  const seenSkills = new Set(skillNames.map((r) => r.name.toLowerCase()));
  const seenLanguages = new Set(languageCodes.map((r) => r.code));
  const media = new Set(ownMedia.map((r) => r.id));
  const rows: Record<SectionName, Record<string, unknown>[]> = {
    employments: [],
    skills: [],
    languages: [],
    educations: [],
    certifications: [],
    projects: [],
  };
  for (const section of sectionNames) {
    for (const [index, item] of (p[section] ?? []).entries()) {
      if (section === 'skills') {
        const key = String(item['name']).toLowerCase();
        if (seenSkills.has(key)) continue;
        seenSkills.add(key);
      }
      if (section === 'languages') {
        const key = String(item['code']);
        if (seenLanguages.has(key)) continue;
        seenLanguages.add(key);
      }
      const mediaId = item['media_file_id'];
      if (typeof mediaId === 'number' && !media.has(mediaId)) {
        throw new RuleBrokenError([{ field: `${section}.${index}.media_file_id`, message: messageRef('validation.invalid') }]);
      }
      // Up to the section's limit; the preview named what goes beyond it (planImport's sectionFull).
      if (held[section] + rows[section].length >= sectionEntryLimit) continue;
      rows[section].push({ ...rowValues(section, item), userId });
    }
  }

  // Writing: one short statement per batch, and a turn of the event loop between batches. PGlite
  // runs in this process without I/O, so a chain of its queries never lets another request in by
  // itself; the yield does.
  if (Object.keys(header).length)
    await db
      .update(profiles)
      .set({ ...header, updatedAt: now })
      .where(eq(profiles.userId, userId));
  for (const section of sectionNames) {
    const table = sectionTables[section];
    for (let at = 0; at < rows[section].length; at += importBatchSize) {
      await new Promise((resolve) => setImmediate(resolve));
      await db.insert(table).values(rows[section].slice(at, at + importBatchSize) as never);
    }
  }
}
