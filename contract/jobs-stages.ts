// The company's own pipeline stages (decision 279): the built-in stages keep their meaning (applied is
// the start; offer, hired and rejected end the pipeline and are what the applicant is told of), and the
// stages between applied and offer are the company's: it renames them, adds its own, orders and removes
// them. Owners and admins change them; a stage that holds applications goes only with them moved.
import { z } from 'zod';
import { applicationStages, StageKey, type ApplicationStage } from './applications.ts';
import { messageRef } from './message-refs.ts';
import { requiredText } from './validation.ts';

const invalid = messageRef('validation.invalid');

/** The stages whose meaning is fixed: never renamed, moved or removed. */
export const fixedStages = ['applied', 'offer', 'hired', 'rejected'] as const satisfies readonly ApplicationStage[];

export const isFixedStage = (key: string): key is (typeof fixedStages)[number] => (fixedStages as readonly string[]).includes(key);
export const isBuiltInStage = (key: string): key is ApplicationStage => (applicationStages as readonly string[]).includes(key);

export const stageLimits = {
  /** Characters of a stage's name. */
  name: 40,
  /** Stages between applied and offer, so the board keeps a column each. */
  between: 10,
} as const;

/** One of the company's stages, in its order. */
export const PipelineStage = z.object({
  key: StageKey,
  /** The company's own name; null for a built-in stage it did not rename (the site shows its translated name). */
  name: z.string().nullable(),
  /** applied, offer, hired, rejected: fixed in meaning and place. */
  fixed: z.boolean(),
  /** Applications at this stage in every opening of the company. */
  applications: z.number().int().nonnegative(),
});
export type PipelineStage = z.infer<typeof PipelineStage>;

const stageName = () => requiredText(stageLimits.name);

/** `POST /api/companies/{id}/pipeline-stages`: a stage of the company's own, placed just before offer. */
export const AddStageRequest = z.object({ name: stageName() });
export type AddStageRequest = z.input<typeof AddStageRequest>;

/**
 * `PUT …/pipeline-stages/{key}`: a new name (null gives a built-in stage its own name back) and a new
 * place among the stages between applied and offer (0 is the first after applied).
 */
export const UpdateStageRequest = z
  .object({
    name: stageName().nullable().optional(),
    position: z
      .number({ error: invalid })
      .int({ error: invalid })
      .min(0, { error: invalid })
      .max(stageLimits.between - 1, { error: invalid })
      .optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined, { message: messageRef('validation.required'), path: ['name'] });
export type UpdateStageRequest = z.input<typeof UpdateStageRequest>;

/** `DELETE …/pipeline-stages/{key}?move_to=`: where the stage's applications go (needed when it holds any). */
export const RemoveStageQuery = z.object({ move_to: StageKey.optional(), locale: z.string().max(10).optional() });

const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const StageParams = z.object({ companyId: idParam, key: StageKey });

export const stagePaths = {
  stages: (companyId: number | string) => `/api/companies/${companyId}/pipeline-stages`,
  stage: (companyId: number | string, key: string) => `/api/companies/${companyId}/pipeline-stages/${key}`,
} as const;
