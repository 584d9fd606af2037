// Workplace verification by work email (decision 260; LinkedIn's): a person adds an address
// at the verified domain of a job's company (or a subdomain of it) and confirms it with a code sent
// there. The job then carries the mark "Work email at northwind.example confirmed" wherever it is
// shown; the address itself is the owner's only. Codes are the sign-up codes (contract/auth.ts: six
// digits, ten minutes, five wrong tries, the resend countdown and hourly cap).
import { z } from 'zod';
import { email, verificationCode } from './validation.ts';

type Id = number | string;

/** The person's own work-email calls, on one of their jobs (either kind). */
export const workEmailPaths = {
  /** PUT: add (or replace) the job's work email and mail it a code. DELETE: remove it (and its mark). */
  workEmail: (jobId: Id) => `/api/careers/${jobId}/work-email`,
  /** POST: mail a new code to the added, unconfirmed address. */
  resend: (jobId: Id) => `/api/careers/${jobId}/work-email/resend`,
  /** POST: confirm the address with its code. */
  confirm: (jobId: Id) => `/api/careers/${jobId}/work-email/confirm`,
} as const;

export const workEmailStatuses = ['none', 'pending', 'confirmed'] as const;

/**
 * A job's work email as its owner sees it on the employment details page (never sent to anyone else).
 * `domain` is the verified domain an address must be at (Unicode, 'northwind.example'): null when the
 * job's company proved none, so no work email can be checked. A confirmed address whose proof no longer
 * holds (the job ended, the company lost the domain) is `pending` again until confirmed anew.
 */
export const WorkEmail = z.object({
  domain: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(workEmailStatuses),
});
export type WorkEmail = z.infer<typeof WorkEmail>;

/** `PUT /api/careers/{jobId}/work-email`. */
export const AddWorkEmailRequest = z.object({ email: email() });
export type AddWorkEmailRequest = z.input<typeof AddWorkEmailRequest>;

/** `POST …/work-email/confirm`: SPEC §5 'The entered code is incorrect.' for anything but six digits. */
export const ConfirmWorkEmailRequest = z.object({ code: verificationCode() });
export type ConfirmWorkEmailRequest = z.input<typeof ConfirmWorkEmailRequest>;

/** The answer to adding an address or asking for a new code: when another may be sent, and for how long this one holds. */
export const WorkEmailCodeSent = z.object({
  work_email: WorkEmail,
  resend_available_in: z.number().int().min(0),
  expires_in: z.number().int().positive(),
});
export type WorkEmailCodeSent = z.infer<typeof WorkEmailCodeSent>;
