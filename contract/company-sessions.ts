// Why a company session ended (decision 243): the company host's
// 401 names it with the company, so the workspace says the truth instead of a bare 'Access denied'.
import { z } from 'zod';

/**
 * - `signed_out`: the person signed out, of the workspace or of the profile session that opened it
 *   (on that device, from the sessions list elsewhere, or 'sign out everywhere else').
 * - `password_changed`: the password was changed or reset.
 * - `two_step_turned_on`: two-step sign-in was turned on in another session, which ends every other one.
 * - `two_step_required`: the company asks owners and admins for two-step sign-in and the person has it off
 *   (the rule switched on, two-step turned off, or a promotion to admin).
 * - `removed`: removed from the company. `left`: the person left it.
 * - `expired`: the session's time ran out (at most 12 hours, never past the profile session).
 */
export const companySessionEndReasons = [
  'signed_out',
  'password_changed',
  'two_step_turned_on',
  'two_step_required',
  'removed',
  'left',
  'expired',
] as const;
export const CompanySessionEndReason = z.enum(companySessionEndReasons);
export type CompanySessionEndReason = z.infer<typeof CompanySessionEndReason>;

/** How long a company session lives at most; it never outlives the profile session that opened it. */
export const companySessionHours = 12;
