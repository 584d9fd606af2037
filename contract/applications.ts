// Applications (decision 262): a signed-in person applies to a published opening with their
// profile, an optional cover note and one optional document; the company moves the application through
// its stages. The second and third links of opening → application → stage (decision 255).
import { z } from 'zod';
import { ApplicantCompetency, ApplicantLanguage, ApplicantRating } from './applicant-ranking.ts';
import { PublicJob } from './careers.ts';
import { employmentTypes } from './jobs.ts';
import { fieldLimits } from './field-limits.ts';
import { calendarDate, messageRef, optionalText, requiredText } from './validation.ts';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Every stage the company moves an application through; `hired` and `rejected` end it. */
export const applicationStages = ['applied', 'screening', 'interview', 'offer', 'hired', 'rejected'] as const;
export const ApplicationStage = z.enum(applicationStages, { error: messageRef('validation.invalid') });
export type ApplicationStage = z.infer<typeof ApplicationStage>;

/**
 * A stage of the company's pipeline (decision 279): a built-in one (`screening`) or one the company added
 * (`custom_3`); contract/jobs-stages.ts has the company's list.
 */
export const StageKey = z.string({ error: messageRef('validation.invalid') }).regex(/^[a-z][a-z0-9_]{0,31}$/, {
  error: messageRef('validation.invalid'),
});
export type StageKey = z.infer<typeof StageKey>;

/** The stages the applicant is told of: screening, interview and the company's own stages read as applied. */
export const applicantStages = ['applied', 'offer', 'hired', 'rejected'] as const;
export type ApplicantStage = (typeof applicantStages)[number];

/** What the applicant sees of `stage`. */
export function applicantStageOf(stage: string): ApplicantStage {
  return (applicantStages as readonly string[]).includes(stage) ? (stage as ApplicantStage) : 'applied';
}

/** Who wrote a message of an application's conversation (decision 271). */
export const applicationMessageSides = ['company', 'applicant'] as const;
export type ApplicationMessageSide = (typeof applicationMessageSides)[number];

export const applicationLimits = {
  coverNote: 3000,
  note: 2000,
} as const;

/** Applications one person may send in a window (a rate limit against mass applying). */
export const applyRate = { max: 20, windowMs: 60 * 60_000 } as const;

/** `POST /api/applications`: one step; the profile goes as it is, the rest is optional. */
export const ApplyRequest = z.object({
  opening_id: id,
  cover_note: optionalText(applicationLimits.coverNote),
  /** A file the person uploaded (`POST /api/uploads/media`): its type and size were checked there. */
  document_file_id: id.nullable().default(null),
});
export type ApplyRequest = z.input<typeof ApplyRequest>;

export const ApplicationParams = z.object({ applicationId: idParam });
export const ApplyPreviewParams = z.object({ openingId: idParam });
export const CompanyApplicationParams = z.object({ companyId: idParam, applicationId: idParam });
export const OpeningApplicationsParams = z.object({ companyId: idParam, openingId: idParam });

const ApplicationDocument = z.object({ name: z.string(), mime_type: z.string(), size: z.number().int().nonnegative() });

/** The opening as an application names it. */
const AppliedOpening = z.object({
  id,
  title: z.string(),
  company: z.object({ id, name: z.string() }),
  location: z.string().nullable(),
  remote: z.boolean(),
  employment_type: z.enum(employmentTypes),
  closes_on: z.string(),
  /** Whether it still takes applications: published and not past its closing date. */
  open: z.boolean(),
  /** Its public page (personal host, English path) while it has one. */
  public_path: z.string().nullable(),
});

/**
 * The profile sections the company sees with an application: what every signed-in person sees of the
 * profile (contract/profile-visibility.ts 'signed_in'), never the date of birth, home address or the
 * account's own email and phone. Counts, so the person knows exactly what goes.
 */
export const sharedSections = [
  'about',
  'skills',
  'languages',
  'educations',
  'certifications',
  'projects',
  'recommendations',
  'contact',
] as const;
export type SharedSection = (typeof sharedSections)[number];

/** `GET /api/applications/preview/{openingId}`: what applying to this opening sends. */
export const ApplyPreview = z.object({
  opening: AppliedOpening,
  /** The person's application to it, if they already applied. */
  application_id: id.nullable(),
  profile: z.object({
    first_name: z.string(),
    last_name: z.string(),
    headline: z.string().nullable(),
    photo_url: z.string().nullable(),
    /** Every job as the profile shows it: verified ones with their public review rounds. */
    jobs: z.array(PublicJob),
    sections: z.array(z.object({ section: z.enum(sharedSections), count: z.number().int().nonnegative() })),
  }),
});
export type ApplyPreview = z.infer<typeof ApplyPreview>;

/** One of the person's applications, as My applications lists it: only the stages they should know. */
export const MyApplication = z.object({
  id,
  stage: z.enum(applicantStages),
  applied_at: z.iso.datetime({ offset: true }),
  cover_note: z.string().nullable(),
  document: ApplicationDocument.nullable(),
  opening: AppliedOpening,
});
export type MyApplication = z.infer<typeof MyApplication>;

/** One applicant in the company's pipeline of an opening. */
export const Applicant = z.object({
  id,
  /** One of the company's stages (decision 279). */
  stage: StageKey,
  applied_at: z.iso.datetime({ offset: true }),
  stage_changed_at: z.iso.datetime({ offset: true }),
  cover_note: z.string().nullable(),
  document: ApplicationDocument.nullable(),
  person: z.object({
    user_id: id,
    first_name: z.string(),
    last_name: z.string(),
    headline: z.string().nullable(),
    photo_url: z.string().nullable(),
  }),
  /** The applicant's jobs as their profile shows them, company-verified ones first. */
  jobs: z.array(PublicJob),
  /** The latest public score per competency and job, best first (decision 271). */
  competencies: z.array(ApplicantCompetency),
  skills: z.array(z.string()),
  languages: z.array(ApplicantLanguage),
  /** The company's own ratings (decision 271). */
  rating: ApplicantRating,
  notes_count: z.number().int().nonnegative(),
  /** Messages in the conversation with the applicant (decision 271); a change reads it again. */
  messages_count: z.number().int().nonnegative(),
});
export type Applicant = z.infer<typeof Applicant>;

/**
 * `PUT …/applications/{id}/stage`: any of the company's stages but hired, which is `POST …/hire` with its
 * start date; a key the company does not have is refused on `stage`.
 */
export const MoveStageRequest = z.object({
  stage: StageKey.refine((stage) => stage !== 'hired', { error: messageRef('validation.invalid') }),
});
export type MoveStageRequest = z.input<typeof MoveStageRequest>;

/**
 * `POST …/applications/{id}/hire`: hired as today's hire does: the person becomes a member and
 * the company-verified job starts on `start_date` with the position and team; the application is hired
 * and, when asked, the opening closes.
 */
export const HireApplicantRequest = z.object({
  start_date: calendarDate(),
  position: optionalText(fieldLimits.invitation.position),
  team_id: id.nullable().default(null),
  close_opening: z.boolean({ error: messageRef('validation.invalid') }).default(false),
});
export type HireApplicantRequest = z.input<typeof HireApplicantRequest>;

/** `POST …/applications/{id}/notes`: visible only to the company's members who may see applicants. */
export const AddNoteRequest = z.object({ body: requiredText(applicationLimits.note) });
export type AddNoteRequest = z.input<typeof AddNoteRequest>;

export const ApplicationNote = z.object({
  id,
  body: z.string(),
  author: z.object({ user_id: id, first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ApplicationNote = z.infer<typeof ApplicationNote>;

/** The person's side, on the personal host with their personal session. */
export const applicationPaths = {
  mine: '/api/applications',
  preview: (openingId: number | string) => `/api/applications/preview/${openingId}`,
  application: (applicationId: number | string) => `/api/applications/${applicationId}`,
} as const;

/** The company's side, on the company host with its company session. */
export const pipelinePaths = {
  applicants: (companyId: number | string, openingId: number | string) => `/api/companies/${companyId}/openings/${openingId}/applications`,
  stage: (companyId: number | string, applicationId: number | string) => `/api/companies/${companyId}/applications/${applicationId}/stage`,
  notes: (companyId: number | string, applicationId: number | string) => `/api/companies/${companyId}/applications/${applicationId}/notes`,
  rating: (companyId: number | string, applicationId: number | string) =>
    `/api/companies/${companyId}/applications/${applicationId}/rating`,
  hire: (companyId: number | string, applicationId: number | string) => `/api/companies/${companyId}/applications/${applicationId}/hire`,
  document: (companyId: number | string, applicationId: number | string) =>
    `/api/companies/${companyId}/applications/${applicationId}/document`,
} as const;

/** The site page that lists the person's applications; `?apply={openingId}` opens the application form. */
export const applicationsPage = '/applications';
export const applyParam = 'apply';

/** Where a job page's Apply link goes: `/applications?apply=12`, `/uk/applications?apply=12`. */
export function applyPagePath(openingId: number, locale: 'en_GB' | 'uk_UA'): string {
  return `${locale === 'uk_UA' ? '/uk' : ''}${applicationsPage}?${applyParam}=${openingId}`;
}
