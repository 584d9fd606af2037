// The editable sections of a personal profile (SPEC §1, §3; profile issue): what the owner sends and
// what the profile page reads. Dates are ISO `YYYY-MM-DD` strings; text is kept exactly as typed.
import { z } from 'zod';
import { fieldLimits } from './field-limits.ts';
import { uploadKinds } from './upload-kinds.ts';
import { PublicJob } from './careers.ts';
import { ProfileStatus } from './profile-status.ts';
import { birthDate, calendarDate, httpUrl, messageRef, optionalText, requiredText } from './validation.ts';

const isoDate = calendarDate();
const optionalDate = isoDate.nullish().transform((v) => v ?? null);
const optionalUrl = z
  .union([z.literal(''), httpUrl()])
  .nullish()
  .transform((v) => (v ? v : null));
const id = z.number().int().positive();

/** Ends must not come before starts; the message sits on the end field. */
function endNotBeforeStart<T extends { start_date?: string | null; end_date?: string | null }>(value: T, ctx: z.RefinementCtx) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: messageRef('validation.endBeforeStart') });
  }
}

// ── Header ────────────────────────────────────────────────────────────────────────────────────────

/** `PUT /api/profile`: the header fields the owner edits. */
const profileLimits = fieldLimits.profile;
export const UpdateProfileRequest = z.object({
  first_name: requiredText(profileLimits.first_name),
  last_name: requiredText(profileLimits.last_name),
  headline: optionalText(profileLimits.headline),
  about: optionalText(profileLimits.about),
  current_position: optionalText(profileLimits.current_position),
  location: optionalText(profileLimits.location),
  /** The profile status (decision 170); null shows none, absent keeps it (or follows `open_to_work`). */
  profile_status: ProfileStatus.nullish(),
  /** Older clients' switch: true sets the status to 'open_to_work', false clears that status only. */
  open_to_work: z.boolean().optional(),
  title: optionalText(profileLimits.title),
  description: optionalText(profileLimits.description),
  website: optionalUrl,
  // The settings contact form owns these too: a request that leaves them out keeps what is stored
  // (undefined), and only an empty value or null clears them, so
  // a client that does not know these fields never wipes them.
  contact_phone: optionalText(profileLimits.contact_phone).optional(),
  contact_email: z
    .union([z.literal(''), z.email({ error: messageRef('validation.email') }).max(profileLimits.contact_email)])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  birth_date: birthDate()
    .nullish()
    .transform((v) => v ?? null),
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;

// ── Sections ──────────────────────────────────────────────────────────────────────────────────────

export const EmploymentInput = z
  .object({
    position: requiredText(fieldLimits.employments.position),
    company_name: requiredText(fieldLimits.employments.company_name),
    start_date: isoDate,
    end_date: optionalDate,
    is_current: z.boolean(),
  })
  .superRefine(endNotBeforeStart);
export type EmploymentInput = z.input<typeof EmploymentInput>;
export const Employment = z.object({
  id,
  position: z.string(),
  company_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_current: z.boolean(),
});
export type Employment = z.infer<typeof Employment>;

export const SkillInput = z.object({ name: requiredText(fieldLimits.skills.name) });
export type SkillInput = z.input<typeof SkillInput>;
export const Endorser = z.object({ user_id: id, first_name: z.string(), last_name: z.string() });
export const Skill = z.object({
  id,
  name: z.string(),
  endorsement_count: z.number().int().nonnegative(),
  /** Whether the signed-in viewer endorsed it. */
  endorsed_by_me: z.boolean(),
  /** Who endorsed it: filled for the owner only. */
  endorsers: z.array(Endorser),
});
export type Skill = z.infer<typeof Skill>;

/** CEFR levels plus native (profile issue). */
export const proficiencies = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'] as const;
export const Proficiency = z.enum(proficiencies, { error: messageRef('validation.invalid') });
export const LanguageInput = z.object({
  /** ISO 639-1, two lower-case letters. */
  code: z
    .string({ error: messageRef('validation.required') })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: messageRef('validation.invalid') }),
  proficiency: Proficiency,
});
export type LanguageInput = z.input<typeof LanguageInput>;
export const Language = z.object({ id, code: z.string(), proficiency: Proficiency });
export type Language = z.infer<typeof Language>;

export const EducationInput = z
  .object({
    school: requiredText(fieldLimits.educations.school),
    degree: optionalText(fieldLimits.educations.degree),
    area_of_study: optionalText(fieldLimits.educations.area_of_study),
    start_date: optionalDate,
    end_date: optionalDate,
  })
  .superRefine(endNotBeforeStart);
export type EducationInput = z.input<typeof EducationInput>;
export const Education = z.object({
  id,
  school: z.string(),
  degree: z.string().nullable(),
  area_of_study: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type Education = z.infer<typeof Education>;

/** A stored upload as the profile shows it. */
export const MediaFile = z.object({
  id,
  url: z.string(),
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  /** .pdf, .doc and .docx show as documents; anything else shows the file itself (SPEC §5). */
  is_document: z.boolean(),
});
export type MediaFile = z.infer<typeof MediaFile>;

export const CertificationInput = z
  .object({
    name: requiredText(fieldLimits.certifications.name),
    provider: requiredText(fieldLimits.certifications.provider),
    credential_id: optionalText(fieldLimits.certifications.credential_id),
    credential_url: optionalUrl,
    issue_date: optionalDate,
    expiration_date: optionalDate,
    media_file_id: id.nullish().transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.issue_date && value.expiration_date && value.expiration_date < value.issue_date) {
      ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: messageRef('validation.endBeforeStart') });
    }
  });
export type CertificationInput = z.input<typeof CertificationInput>;
export const Certification = z.object({
  id,
  name: z.string(),
  provider: z.string(),
  credential_id: z.string().nullable(),
  credential_url: z.string().nullable(),
  issue_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  media: MediaFile.nullable(),
});
export type Certification = z.infer<typeof Certification>;

export const ProjectInput = z
  .object({
    title: requiredText(fieldLimits.projects.title),
    description: optionalText(fieldLimits.projects.description),
    url: optionalUrl,
    start_date: optionalDate,
    end_date: optionalDate,
    media_file_id: id.nullish().transform((v) => v ?? null),
  })
  .superRefine(endNotBeforeStart);
export type ProjectInput = z.input<typeof ProjectInput>;
export const Project = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  media: MediaFile.nullable(),
});
export type Project = z.infer<typeof Project>;

export const RecommendationInput = z.object({ text: requiredText(fieldLimits.recommendation.text) });
export type RecommendationInput = z.input<typeof RecommendationInput>;
export const recommendationStatuses = ['pending', 'accepted', 'declined'] as const;
export const Recommendation = z.object({
  id,
  author: Endorser,
  text: z.string(),
  status: z.enum(recommendationStatuses),
  created_at: z.string(),
});
export type Recommendation = z.infer<typeof Recommendation>;
export const RecommendationDecision = z.object({ status: z.enum(['accepted', 'declined']) });

// ── The page ──────────────────────────────────────────────────────────────────────────────────────

/** Section names, as they appear in paths: `/api/profile/{section}` and `/api/profile/{section}/{id}`. */
export const sectionNames = ['employments', 'skills', 'languages', 'educations', 'certifications', 'projects'] as const;

/**
 * The most entries one section of a profile holds (decision 157): a page every reader loads stays
 * bounded, as LinkedIn bounds skills at 100. Adding past it answers 409 section_full; an import adds
 * up to it and its preview names what it leaves out.
 */
export const sectionEntryLimit = 100;
export type SectionName = (typeof sectionNames)[number];

/** Each section's input schema, so one generic route set and one generic form can serve them all. */
export const sectionInputs = {
  employments: EmploymentInput,
  skills: SkillInput,
  languages: LanguageInput,
  educations: EducationInput,
  certifications: CertificationInput,
  projects: ProjectInput,
} as const;

/** Everything the profile page shows, in one answer (own: `GET /api/profile/page`; another's: `/api/profile/page/{identifier}`). */
export const ProfilePage = z.object({
  is_owner: z.boolean(),
  user_id: id,
  locale: z.enum(['en_GB', 'uk_UA']),
  first_name: z.string(),
  last_name: z.string(),
  headline: z.string().nullable(),
  about: z.string().nullable(),
  current_position: z.string().nullable(),
  location: z.string().nullable(),
  profile_status: ProfileStatus.nullable(),
  /** True when the profile status is 'open_to_work'. */
  open_to_work: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  birth_date: z.string().nullable(),
  photo_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  employments: z.array(Employment),
  /** Every job for visitors: verified ones carry the badge flag; company words only where the person shows them. */
  jobs: z.array(PublicJob),
  skills: z.array(Skill),
  languages: z.array(Language),
  educations: z.array(Education),
  certifications: z.array(Certification),
  projects: z.array(Project),
  /** The owner sees every recommendation; others only the accepted ones. */
  recommendations: z.array(Recommendation),
});
export type ProfilePage = z.infer<typeof ProfilePage>;

export type UploadKind = keyof typeof uploadKinds;
export const uploadKindList = Object.keys(uploadKinds) as [UploadKind, ...UploadKind[]];
export const UploadKindParams = z.object({ kind: z.enum(uploadKindList) });

/** The kinds that are the profile's own picture (one each, replaced on upload, removable). */
export const profileImageKinds = ['photo', 'cover'] as const satisfies readonly UploadKind[];
export type ProfileImageKind = (typeof profileImageKinds)[number];

/** File names ending .pdf, .doc or .docx show as documents (SPEC §5). */
export function isDocumentName(name: string): boolean {
  return /\.(pdf|docx?)$/i.test(name);
}
