// Errors the company services throw: kinds of the shared domain errors, so the one error handler
// answers them (status from the code's row in contract/errors.ts). Those other features meet too (a
// company resource not found, a role that may not, the sign-in rule) are in shared/companies/errors.ts.
import type { InvitationStatus } from '../../contract/companies.ts';
import { messageRef, type ValidationMessageKey } from '../../contract/validation.ts';
import { ConflictError, ForbiddenError, RuleBrokenError, TooManyError } from '../domain-errors.ts';

/** The caller may not enter this company: not an active member, or a used, expired or foreign code. */
export class CompanyAccessDeniedError extends ForbiddenError {
  constructor() {
    super('Access to the company profile is denied', 'company_access_denied');
  }
}

export type InvitationClosedReason = Exclude<InvitationStatus, 'pending'>;

/** The invitation can no longer be answered (409). */
export class InvitationClosedError extends ConflictError {
  readonly reason: InvitationClosedReason;
  constructor(reason: InvitationClosedReason) {
    super('invitation_closed', `This invitation has been ${reason === 'expired' ? 'expired' : reason}.`);
    this.reason = reason;
  }
}

/** The signed-in person is not the one the invitation was sent to (403). */
export class WrongInviteeError extends ForbiddenError {
  constructor() {
    super('This invitation was sent to another address.', 'wrong_invitee');
  }
}

/** The invited address is the person's, but they have not proved they hold it (403). */
export class InviteeNotVerifiedError extends ForbiddenError {
  constructor() {
    super('Confirm your email address first, then answer the invitation.', 'invitee_not_verified');
  }
}

/** A state conflict: already a member, a request already open, already the owner, … (409, its own code). */
export class CompanyConflictError extends ConflictError {
  constructor(code: 'already_member' | 'join_request_open' | 'request_already_decided' | 'already_owner', message: string) {
    super(code, message);
  }
}

/** Too many invitations or join requests in the window (429). */
export class CompanyRateLimitError extends TooManyError {
  constructor(retryAfterSeconds: number) {
    super(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

/** A rule about one field the schema cannot check (422 on that field). */
export class CompanyFieldError extends RuleBrokenError {
  readonly field: string;
  readonly messageKey: ValidationMessageKey;
  constructor(field: string, messageKey: ValidationMessageKey) {
    super([{ field, message: messageRef(messageKey) }]);
    this.field = field;
    this.messageKey = messageKey;
  }
}
