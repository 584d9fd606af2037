// The conversation per application (decision 271): messages between the company's owners and
// admins and the applicant, both ways, each with its side. Text only, rendered as text; limited in
// length and in rate. The company's side tells the applicant by a notification (mailed in their
// language); both sides' open pages hear of a new message on their own private channel.
import { z } from 'zod';
import { applicationMessageSides } from './applications.ts';
import { requiredText } from './validation.ts';

const id = z.number().int().positive();

export const applicationMessageLimits = { body: 2000 } as const;

/** Messages one person may send in a window, counted over every conversation they write in. */
export const messageRate = { max: 30, windowMs: 10 * 60_000 } as const;

/** `POST …/messages`. */
export const SendMessageRequest = z.object({ body: requiredText(applicationMessageLimits.body) });
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const ApplicationMessage = z.object({
  id,
  side: z.enum(applicationMessageSides),
  /** Who wrote it; null when their account is gone. */
  author: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  body: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ApplicationMessage = z.infer<typeof ApplicationMessage>;

export const applicationMessagePaths = {
  /** The applicant's side, on the personal host. */
  mine: (applicationId: number | string) => `/api/applications/${applicationId}/messages`,
  /** The company's side, on the company host. */
  company: (companyId: number | string, applicationId: number | string) =>
    `/api/companies/${companyId}/applications/${applicationId}/messages`,
} as const;
