// Careers and company-verified employment (SPEC §2 'Careers', 'Employment details'; §3 'Employment',
// rating scale, employment-change events; §4 'Employment', leave company; §5 supporting files; §6;
// decisions 092 and 120). What `/careers`, `/employment-details/{id}` and the company
// workspace's employment screens send and receive.
//
// One id space for jobs: a verified employment's id and a self-declared job's id never collide (decision
// 120), so `/employment-details/{id}` and `GET /api/careers/{id}` take either. Company text (feedback,
// comments) and the person's text (experience description, replies) are plain text: pages render it as
// text. Dates are ISO `YYYY-MM-DD` days; instants are ISO date-times.
import { z } from 'zod';
import { employmentEventKinds } from './companies.ts';
import { ratingScale } from './employment-scores.ts';
import { messageRef, optionalText, requiredText } from './validation.ts';
import { WorkEmail } from './work-email.ts';

export { ratingScale } from './employment-scores.ts';

const id = z.number().int().positive();
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The longest text each careers field takes. */
export const careersLimits = {
  position: 160,
  experienceDescription: 5000,
  technicalSkill: 80,
  technicalSkillsMax: 30,
  reply: 2000,
  reviewComment: 2000,
  finalFeedback: 5000,
  competencyName: 120,
  competencyDescription: 1000,
  /** Weights are whole numbers 1–100; the in-company score divides by their sum. */
  weightMin: 1,
  weightMax: 100,
  ratingsPerReviewMax: 50,
  confirmationMessage: 1000,
} as const;

/** SPEC §3's rating scale: 'na' (N/A), 'poor', …, 'exceptional'. */
export const Rating = z.enum(ratingScale, { error: messageRef('validation.invalid') });
export type Rating = z.infer<typeof Rating>;
export const EmploymentEventKind = z.enum(employmentEventKinds);
export type EmploymentEventKind = z.infer<typeof EmploymentEventKind>;

// ── Paths ────────────────────────────────────────────────────────────────────────────────────────
type Id = number | string;

/** Paths the personal site calls with the person's own session; `{jobId}` is either kind of job. */
export const careersPaths = {
  /** GET: the person's job list (self-declared and verified), current jobs first. */
  jobs: '/api/careers',
  /** GET `?q=`: registered companies whose name contains what was typed, for the job form, so a job names a company that is on the platform. */
  companySuggestions: '/api/careers/company-suggestions',
  /** GET: employment details. */
  job: (jobId: Id) => `/api/careers/${jobId}`,
  /** PUT: the owner's experience description and technical skills. */
  experience: (jobId: Id) => `/api/careers/${jobId}/experience`,
  /** POST (multipart, one `file` part): upload a supporting document. */
  documents: (jobId: Id) => `/api/careers/${jobId}/documents`,
  /** GET: download (owner only; a bearer-token fetch); DELETE: remove. */
  document: (jobId: Id, documentId: Id) => `/api/careers/${jobId}/documents/${documentId}`,
  /** PUT: show or hide one review round on the public profile. */
  reviewVisibility: (jobId: Id, reviewId: Id) => `/api/careers/${jobId}/reviews/${reviewId}/visibility`,
  /** PUT: the person's public reply to one review round; DELETE: remove it. */
  reviewReply: (jobId: Id, reviewId: Id) => `/api/careers/${jobId}/reviews/${reviewId}/reply`,
  /** PUT: show or hide the final feedback and collaboration assessment on the public profile. */
  finalFeedbackVisibility: (jobId: Id) => `/api/careers/${jobId}/final-feedback/visibility`,
  /** PUT: the person's public reply to the final feedback; DELETE: remove it. */
  finalFeedbackReply: (jobId: Id) => `/api/careers/${jobId}/final-feedback/reply`,
  /** POST: leave the company (a verified, current job); takes effect the next day. */
  leave: (jobId: Id) => `/api/careers/${jobId}/leave`,
  /** POST: ask the registered company of a self-declared job to confirm it. */
  confirmation: (jobId: Id) => `/api/careers/${jobId}/confirmation`,
} as const;

/** Paths the company host calls with its company session (decision 090). */
export const companyCareersPaths = {
  /** GET: verified employments (admins: all; a member: those they review). POST: hire. */
  employments: (companyId: Id) => `/api/companies/${companyId}/employments`,
  /** GET: one employment as the company sees it. PUT: position, team, start date, reviewer. */
  employment: (companyId: Id, employmentId: Id) => `/api/companies/${companyId}/employments/${employmentId}`,
  /** POST: a review round. */
  reviews: (companyId: Id, employmentId: Id) => `/api/companies/${companyId}/employments/${employmentId}/reviews`,
  /** PUT: correct a review round. */
  review: (companyId: Id, employmentId: Id, reviewId: Id) => `/api/companies/${companyId}/employments/${employmentId}/reviews/${reviewId}`,
  /** PUT: confirm the person's name as it is now on their profile (decision 256). */
  confirmedName: (companyId: Id, employmentId: Id) => `/api/companies/${companyId}/employments/${employmentId}/confirmed-name`,
  /** PUT: planned termination date, final feedback, collaboration assessment. */
  endOfCollaboration: (companyId: Id, employmentId: Id) => `/api/companies/${companyId}/employments/${employmentId}/end-of-collaboration`,
  /** GET: the company's competencies. POST: add one. */
  competencies: (companyId: Id) => `/api/companies/${companyId}/competencies`,
  /** PUT: rename, describe, reweigh. DELETE: retire it (kept in past rounds). */
  competency: (companyId: Id, competencyId: Id) => `/api/companies/${companyId}/competencies/${competencyId}`,
  /** GET: open requests to confirm a self-declared job. */
  confirmations: (companyId: Id) => `/api/companies/${companyId}/confirmations`,
  /** POST: confirm (creates the verified employment) or decline. */
  confirmationDecision: (companyId: Id, requestId: Id) => `/api/companies/${companyId}/confirmations/${requestId}/decision`,
} as const;

// ── Params ───────────────────────────────────────────────────────────────────────────────────────

export const JobParams = z.object({ jobId: idParam });
export const JobReviewParams = JobParams.extend({ reviewId: idParam });
export const JobDocumentParams = JobParams.extend({ documentId: idParam });
export const CompanyEmploymentParams = z.object({ companyId: idParam, employmentId: idParam });
export const CompanyReviewParams = CompanyEmploymentParams.extend({ reviewId: idParam });
export const CompetencyParams = z.object({ companyId: idParam, competencyId: idParam });
export const ConfirmationParams = z.object({ companyId: idParam, requestId: idParam });

// ── Shared pieces ────────────────────────────────────────────────────────────────────────────────

/** A person or member as careers screens name them. */
export const CareerPerson = z.object({
  user_id: id,
  /** Their membership in the company, when they still have one. */
  member_id: id.nullable(),
  name: z.string(),
  photo_url: z.string().nullable(),
});
export type CareerPerson = z.infer<typeof CareerPerson>;

/** The company of a job. `registered` is false for a company not on the platform (SPEC §8 message). */
export const CareerCompany = z.object({
  /** The registered company's id; null when the company is not registered. */
  id: id.nullable(),
  name: z.string(),
  logo_url: z.string().nullable(),
  registered: z.boolean(),
  /**
   * The domain the company proved it controls (decision 248), as people read it ('northwind.example');
   * null for a company that proved none (or is not registered). It sets a confirmed job's level of
   * trust (contract/trust.ts).
   */
  verified_domain: z.string().nullable(),
});
export type CareerCompany = z.infer<typeof CareerCompany>;

/** How many registered companies the job form suggests at most. */
export const companySuggestionLimit = 8;

/** `GET /api/careers/company-suggestions?q=`: what was typed in the company field so far. */
export const CompanySuggestionsQuery = z.object({ q: requiredText(careersLimits.position) });
export type CompanySuggestionsQuery = z.infer<typeof CompanySuggestionsQuery>;

/** Registered companies (with their logo) a name typed in the job form may mean, best match first. */
export const CompanySuggestions = z.array(CareerCompany);
export type CompanySuggestions = z.infer<typeof CompanySuggestions>;

/** One employment-change event (SPEC §3): Hired by the company, Left the company, Reviewer changed, Job changed. */
export const EmploymentEvent = z.object({
  id,
  kind: EmploymentEventKind,
  /** The position after the event (hired, job changed). */
  position: z.string().nullable(),
  /** The reviewer after the event (reviewer changed); null when the reviewer was removed. */
  reviewer_name: z.string().nullable(),
  occurred_at: z.string(),
});
export type EmploymentEvent = z.infer<typeof EmploymentEvent>;

/** A supporting document (SPEC §5): PDF, PowerPoint, Word, JPG/JPEG or PNG, at most 100 MB. */
export const CareerDocument = z.object({
  id,
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative(),
  /** .pdf, .doc and .docx show as documents; other files show the file itself (SPEC §5). */
  is_document: z.boolean(),
  /** The owner-only download path (`careersPaths.document`), fetched with the bearer token. */
  download_path: z.string(),
  uploaded_at: z.string(),
});
export type CareerDocument = z.infer<typeof CareerDocument>;

/** One competency's rating in one review round. */
export const CompetencyRating = z.object({
  competency_id: id,
  competency_name: z.string(),
  rating: Rating,
  comment: z.string().nullable(),
});
export type CompetencyRating = z.infer<typeof CompetencyRating>;

/** A review round: every round is kept, so the score's history can be shown round by round. */
export const ReviewRound = z.object({
  id,
  reviewed_on: z.string(),
  reviewer: z.object({ user_id: id.nullable(), name: z.string() }).nullable(),
  ratings: z.array(CompetencyRating),
  /** The person's consent: shown on their public profile (false until they choose). */
  is_public: z.boolean(),
  /** The person's public reply; the company's words are never theirs to edit. */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewRound = z.infer<typeof ReviewRound>;

/** A competency of an employment with its ratings across rounds, oldest first. */
export const EmploymentCompetency = z.object({
  competency_id: id,
  name: z.string(),
  description: z.string().nullable(),
  weight: z.number().int().positive(),
  /** Retired by the company: kept for past rounds, not offered in new ones. */
  retired: z.boolean(),
  /** The latest rating, the one the score uses; null before any round rates it. */
  latest: Rating.nullable(),
  history: z.array(z.object({ review_id: id, reviewed_on: z.string(), rating: Rating, comment: z.string().nullable() })),
});
export type EmploymentCompetency = z.infer<typeof EmploymentCompetency>;

/**
 * The in-company score (SPEC §3; `contract/employment-scores.ts`): derived, never typed, with what it
 * was computed from so the page can explain it.
 */
export const InCompanyScoreView = z.object({
  score: z.number().min(1).max(6).nullable(),
  counted: z.number().int().nonnegative(),
  not_applicable: z.number().int().nonnegative(),
  total_weight: z.number().nonnegative(),
  inputs: z.array(z.object({ competency_id: id, name: z.string(), rating: Rating, weight: z.number().int().positive() })),
});
export type InCompanyScoreView = z.infer<typeof InCompanyScoreView>;

/** The end of the collaboration, as the company gave it. */
export const FinalFeedback = z.object({
  text: z.string().nullable(),
  /** The collaboration assessment on the rating scale. */
  assessment: Rating.nullable(),
  given_at: z.string(),
  is_public: z.boolean(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type FinalFeedback = z.infer<typeof FinalFeedback>;

/** An achievement of the person unlocked while the job lasted (names from `achievementCatalogue`). */
export const JobAchievement = z.object({ code: z.string(), unlocked_at: z.string() });

/** Where a request to confirm a self-declared job stands. */
export const confirmationStatuses = ['pending', 'confirmed', 'declined'] as const;
export const ConfirmationStatus = z.enum(confirmationStatuses);

// ── The person: /careers ─────────────────────────────────────────────────────────────────────────

/** One job on `/careers`, either kind. */
export const CareerJob = z.object({
  /** The job's id for `/employment-details/{id}`. */
  id,
  /** Company-verified (shows the badge) or self-declared. */
  verified: z.boolean(),
  /** The self-declared entry (edited through `/api/profile/employments/{id}`); for a confirmed job, the one it confirms. */
  self_declared_id: id.nullable(),
  /** Null only for a verified job whose company has not named the position yet (an invitation without one). */
  position: z.string().nullable(),
  company: CareerCompany,
  start_date: z.string(),
  /** The end, or the expected end (a planned termination, a leaving day); null while open-ended. */
  end_date: z.string().nullable(),
  is_current: z.boolean(),
  /** Verified only: the company's planned termination date. */
  planned_termination: z.string().nullable(),
  /** Verified only: the first day the person is no longer with the company, once they chose to leave. */
  leaves_on: z.string().nullable(),
  /** Whole months from start to end (or to today), at least 1. */
  months: z.number().int().positive(),
  /** A self-declared job's request for confirmation, if any. */
  confirmation: z.object({ status: ConfirmationStatus, company_id: id }).nullable(),
  /**
   * The company's verified domain (Unicode) when the person confirmed a work email under it for this
   * current job ("Work email at northwind.example confirmed", decision 260); never the address itself.
   */
  work_email_domain: z.string().nullable(),
});
export type CareerJob = z.infer<typeof CareerJob>;

/** `GET /api/careers`: current jobs first, then by start date, newest first. */
export const CareersResponse = z.object({ jobs: z.array(CareerJob) });
export type CareersResponse = z.infer<typeof CareersResponse>;

// ── The person: /employment-details/{id} ─────────────────────────────────────────────────────────

/** `GET /api/careers/{jobId}`: one job with everything the details page shows (owner only). */
export const EmploymentDetails = CareerJob.extend({
  team: z.object({ id, name: z.string() }).nullable(),
  reviewer: CareerPerson.nullable(),
  /** The owner's text (SPEC §6: only the owner edits it). */
  experience_description: z.string().nullable(),
  technical_skills: z.array(z.string()),
  documents: z.array(CareerDocument),
  competencies: z.array(EmploymentCompetency),
  /** Every review round, newest first. */
  reviews: z.array(ReviewRound),
  in_company_score: InCompanyScoreView,
  final_feedback: FinalFeedback.nullable(),
  achievements: z.array(JobAchievement),
  /** Employment-change events, oldest first. */
  events: z.array(EmploymentEvent),
  /** Whether 'Leave company' is offered: a verified, current job the person has not left and does not own. */
  can_leave: z.boolean(),
  /** The job's work email, the owner's only (decision 260). */
  work_email: WorkEmail,
});
export type EmploymentDetails = z.infer<typeof EmploymentDetails>;

/** `PUT /api/careers/{jobId}/experience`. */
export const UpdateExperienceRequest = z.object({
  experience_description: optionalText(careersLimits.experienceDescription),
  technical_skills: z
    .array(requiredText(careersLimits.technicalSkill))
    .max(careersLimits.technicalSkillsMax, { error: messageRef('validation.tooMany', { maximum: careersLimits.technicalSkillsMax }) })
    .default([]),
});
export type UpdateExperienceRequest = z.input<typeof UpdateExperienceRequest>;
export type UpdateExperienceInput = z.output<typeof UpdateExperienceRequest>;

/** `PUT …/visibility`: consent, review by review. */
export const VisibilityRequest = z.object({ is_public: z.boolean() });
export type VisibilityRequest = z.infer<typeof VisibilityRequest>;

/** `PUT …/reply`: the person's public reply. */
export const ReplyRequest = z.object({ text: requiredText(careersLimits.reply) });
export type ReplyRequest = z.input<typeof ReplyRequest>;

/** `POST /api/careers/{jobId}/leave`: the answer says from which day it takes effect. */
export const LeaveResponse = z.object({ leaves_on: z.string(), job: EmploymentDetails });
export type LeaveResponse = z.infer<typeof LeaveResponse>;

/** `POST /api/careers/{jobId}/confirmation`: ask a registered company to confirm a self-declared job. */
export const ConfirmationRequestBody = z.object({
  company_id: id,
  message: optionalText(careersLimits.confirmationMessage),
});
export type ConfirmationRequestBody = z.input<typeof ConfirmationRequestBody>;

// ── The public profile ───────────────────────────────────────────────────────────────────────────

/** A review round as visitors see it: only those the person chose to show. */
export const PublicReview = z.object({
  id,
  reviewed_on: z.string(),
  ratings: z.array(CompetencyRating),
  reply: z.string().nullable(),
});

/** One job on the public profile page (`ProfilePage.jobs`): verified jobs carry the badge. */
export const PublicJob = z.object({
  id,
  verified: z.boolean(),
  position: z.string().nullable(),
  company: CareerCompany,
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_current: z.boolean(),
  months: z.number().int().positive(),
  /** Only the reviews the person chose to show; the score shows with the first of them. */
  reviews: z.array(PublicReview),
  /** The in-company score, only when the person shows at least one review. */
  in_company_score: z.number().min(1).max(6).nullable(),
  /** Only when the person chose to show it. */
  final_feedback: z.object({ text: z.string().nullable(), assessment: Rating.nullable(), reply: z.string().nullable() }).nullable(),
  /** As `CareerJob.work_email_domain`: the domain of a confirmed work email, never the address. */
  work_email_domain: z.string().nullable(),
});
export type PublicJob = z.infer<typeof PublicJob>;
