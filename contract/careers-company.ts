// The company side of careers (decisions 092, 120, 256): what the workspace's employment,
// hire, review, competency and confirmation screens send and receive. Cut from careers.ts, whose
// shared pieces (the person, review rounds, scores, statuses) it builds on.
import { z } from 'zod';
import {
  CareerPerson,
  ConfirmationStatus,
  EmploymentCompetency,
  EmploymentEvent,
  FinalFeedback,
  InCompanyScoreView,
  Rating,
  ReviewRound,
  careersLimits,
} from './careers.ts';
import { calendarDate, messageRef, optionalText, requiredText } from './validation.ts';

const id = z.number().int().positive();
const optionalId = id.nullish().transform((v) => v ?? null);
const isoDate = calendarDate();
const optionalDate = isoDate.nullish().transform((v) => v ?? null);

// ── The company side ─────────────────────────────────────────────────────────────────────────────

/** One verified employment in the workspace list. */
export const CompanyEmployment = z.object({
  id,
  person: CareerPerson,
  position: z.string().nullable(),
  team: z.object({ id, name: z.string() }).nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_current: z.boolean(),
  reviewer: CareerPerson.nullable(),
  planned_termination: z.string().nullable(),
  leaves_on: z.string().nullable(),
  in_company_score: z.number().min(1).max(6).nullable(),
  /** What the signed-in member may do with it (the service enforces the same rules). */
  may_review: z.boolean(),
  may_manage: z.boolean(),
});
export type CompanyEmployment = z.infer<typeof CompanyEmployment>;

/** `GET /api/companies/{id}/employments/{employmentId}`. The person's documents stay theirs (owner only). */
export const CompanyEmploymentDetails = CompanyEmployment.extend({
  /**
   * The person's name as the company confirmed it (decision 256): their credentials and verified CV
   * carry it. When it differs from `person.name` (their profile now), the company may confirm again.
   */
  confirmed_name: z.string().nullable(),
  competencies: z.array(EmploymentCompetency),
  reviews: z.array(ReviewRound),
  in_company_score_detail: InCompanyScoreView,
  final_feedback: FinalFeedback.nullable(),
  events: z.array(EmploymentEvent),
});
export type CompanyEmploymentDetails = z.infer<typeof CompanyEmploymentDetails>;

/** `POST /api/companies/{id}/employments`: hire a member who has no current verified employment here. */
export const HireRequest = z.object({
  member_id: id,
  position: requiredText(careersLimits.position),
  team_id: optionalId,
  start_date: isoDate,
  reviewer_member_id: optionalId,
});
export type HireRequest = z.input<typeof HireRequest>;
export type HireInput = z.output<typeof HireRequest>;

/**
 * `PUT …/employments/{employmentId}/confirmed-name`: the company confirms the name the person's profile
 * shows now; `name` is that name as the company saw it, so a rename in between is not confirmed unseen.
 */
export const ConfirmNameRequest = z.object({ name: z.string().trim().min(1).max(200) });
export type ConfirmNameRequest = z.input<typeof ConfirmNameRequest>;

/** `PUT /api/companies/{id}/employments/{employmentId}`: a change of position records 'Job changed', of reviewer 'Reviewer changed'. */
export const UpdateEmploymentRequest = z.object({
  position: requiredText(careersLimits.position),
  team_id: optionalId,
  start_date: isoDate,
  reviewer_member_id: optionalId,
});
export type UpdateEmploymentRequest = z.input<typeof UpdateEmploymentRequest>;
export type UpdateEmploymentInput = z.output<typeof UpdateEmploymentRequest>;

/** `POST …/reviews` and `PUT …/reviews/{reviewId}`: a round rates one or more competencies, each once. */
export const ReviewRoundRequest = z
  .object({
    reviewed_on: isoDate,
    ratings: z
      .array(
        z.object({
          competency_id: id,
          rating: Rating,
          comment: optionalText(careersLimits.reviewComment),
        }),
      )
      .min(1, { error: messageRef('validation.required') })
      .max(careersLimits.ratingsPerReviewMax, { error: messageRef('validation.tooMany', { maximum: careersLimits.ratingsPerReviewMax }) }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.ratings.forEach((r, index) => {
      if (seen.has(r.competency_id))
        ctx.addIssue({ code: 'custom', path: ['ratings', index, 'competency_id'], message: messageRef('validation.duplicate') });
      seen.add(r.competency_id);
    });
  });
export type ReviewRoundRequest = z.input<typeof ReviewRoundRequest>;
export type ReviewRoundInput = z.output<typeof ReviewRoundRequest>;

/** `PUT …/end-of-collaboration`: any field may stay empty until the company knows it. */
export const EndOfCollaborationRequest = z.object({
  planned_termination: optionalDate,
  final_feedback: optionalText(careersLimits.finalFeedback),
  collaboration_assessment: Rating.nullish().transform((v) => v ?? null),
});
export type EndOfCollaborationRequest = z.input<typeof EndOfCollaborationRequest>;
export type EndOfCollaborationInput = z.output<typeof EndOfCollaborationRequest>;

/** A competency the company rates (its set: name, description, weight). */
export const Competency = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  weight: z.number().int().positive(),
  retired: z.boolean(),
});
export type Competency = z.infer<typeof Competency>;

/** `POST /api/companies/{id}/competencies` and `PUT …/competencies/{competencyId}`. */
export const SaveCompetencyRequest = z.object({
  name: requiredText(careersLimits.competencyName),
  description: optionalText(careersLimits.competencyDescription),
  weight: z
    .number({ error: messageRef('validation.invalid') })
    .int({ error: messageRef('validation.invalid') })
    .min(careersLimits.weightMin, {
      error: messageRef('validation.weight', { min: careersLimits.weightMin, max: careersLimits.weightMax }),
    })
    .max(careersLimits.weightMax, {
      error: messageRef('validation.weight', { min: careersLimits.weightMin, max: careersLimits.weightMax }),
    }),
});
export type SaveCompetencyRequest = z.input<typeof SaveCompetencyRequest>;
export type SaveCompetencyInput = z.output<typeof SaveCompetencyRequest>;

/** A request to confirm a self-declared job, as the company sees it. */
export const ConfirmationRequestView = z.object({
  id,
  person: CareerPerson,
  position: z.string(),
  company_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_current: z.boolean(),
  message: z.string().nullable(),
  status: ConfirmationStatus,
  requested_at: z.string(),
  /**
   * The company's verified domain (Unicode) when the person confirmed a work email under it for this
   * job (decision 260): the queue marks the request. The address itself is never shown to the company.
   */
  work_email_domain: z.string().nullable(),
});
export type ConfirmationRequestView = z.infer<typeof ConfirmationRequestView>;

/** `POST …/confirmations/{requestId}/decision`. Confirming creates the verified employment. */
export const ConfirmationDecision = z.object({
  decision: z.enum(['confirm', 'decline']),
  reviewer_member_id: optionalId,
});
export type ConfirmationDecision = z.input<typeof ConfirmationDecision>;

/** The answer to a confirmation decision: the verified employment it created, if confirmed. */
export const ConfirmationOutcome = z.object({ status: ConfirmationStatus.exclude(['pending']), employment_id: id.nullable() });
export type ConfirmationOutcome = z.infer<typeof ConfirmationOutcome>;
