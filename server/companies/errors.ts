// Errors the company services throw; routes-errors.ts maps them to HTTP answers in one place.
import type { ValidationMessageKey } from '../../contract/validation.ts';

/** The company, or the resource inside it, does not exist for this caller (404: ids cannot be probed). */
export class CompanyResourceNotFoundError extends Error {
  constructor(what = 'Not found.') {
    super(what);
  }
}

/** The caller is a member but their role may not do this (403). */
export class RoleForbiddenError extends Error {
  constructor() {
    super('Your role in this company does not allow this.');
  }
}

/** The caller may not enter this company: not an active member, or a used, expired or foreign code. */
export class CompanyAccessDeniedError extends Error {
  constructor() {
    super('Access to the company profile is denied');
  }
}

export type InvitationClosedReason = 'accepted' | 'declined' | 'revoked' | 'expired';

/** The invitation can no longer be answered (409). */
export class InvitationClosedError extends Error {
  readonly reason: InvitationClosedReason;
  constructor(reason: InvitationClosedReason) {
    super(`This invitation has been ${reason === 'expired' ? 'expired' : reason}.`);
    this.reason = reason;
  }
}

/** The signed-in person is not the one the invitation was sent to (403). */
export class WrongInviteeError extends Error {
  constructor() {
    super('This invitation was sent to another address.');
  }
}

/** A state conflict: already a member, a request already open, the last owner, … (409). */
export class CompanyConflictError extends Error {}

/** Too many invitations or join requests in the window (429). */
export class CompanyRateLimitError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Too many requests. Please try again later.');
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** A rule about one field the schema cannot check (422 on that field). */
export class CompanyFieldError extends Error {
  readonly field: string;
  readonly messageKey: ValidationMessageKey;
  constructor(field: string, messageKey: ValidationMessageKey) {
    super(messageKey);
    this.field = field;
    this.messageKey = messageKey;
  }
}
