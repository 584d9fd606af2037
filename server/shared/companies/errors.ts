// The company errors more than one feature throws: the company guard, the workspace's services and
// careers' company side answer a foreign resource, a role that may not and the sign-in rule alike, and
// both ways of leaving a company (settings, and 'Leave company' on the job) refuse the owner.
// Kinds of the shared domain errors, so the one error handler answers them.
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain-errors.ts';

/** The company, or the resource inside it, does not exist for this caller (404: ids cannot be probed). */
export class CompanyResourceNotFoundError extends NotFoundError {}

/** The caller is a member but their role, or their relation to the resource, may not do this (403). */
export class RoleForbiddenError extends ForbiddenError {
  constructor() {
    super('Your role in this company does not allow this.', 'role_forbidden');
  }
}

/** The company asks owners and admins for two-step sign-in, and this one has it off. */
export class TwoFactorRequiredError extends ForbiddenError {
  constructor() {
    super('This company asks its owners and admins to use two-step sign-in; turn it on first', 'two_factor_required');
  }
}

/** The owner cannot leave their own company: ownership passes to another member first (409). */
export class OwnerCannotLeaveError extends ConflictError {
  constructor() {
    super('owner_cannot_leave', 'The owner cannot leave the company. Make another member the owner first.');
  }
}
