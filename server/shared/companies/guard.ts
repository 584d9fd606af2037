// The server half of the company permission guard: resolves the company host's session, checks that
// it belongs to the company in the path (another company's resources answer 404) and that the
// member's role may perform the route's action (403). Runs before the body is validated, so a caller
// who may not act never learns anything from a 422.
import type { FastifyRequest } from 'fastify';
import { roleMay, type CompanyAction } from '../../../contract/company-roles.ts';
import { bearerTokenOf } from '../auth/guard.ts';
import type { AppDeps } from '../../deps.ts';
import { NotFoundError, UnauthenticatedError } from '../../domain-errors.ts';
import { markBearerGuard } from '../../http/openapi.ts';
import { RoleForbiddenError } from './errors.ts';
import { eq } from 'drizzle-orm';
import { companySessions } from '../../db/company-schema.ts';
import { hashToken } from '../auth/tokens.ts';
import type { CompanyActor } from './access.ts';

export type { CompanyActor } from './access.ts';
import { companySessionRefusal, endCompanySessions, resolveCompanySessionAndRule } from './session.ts';

const actors = new WeakMap<FastifyRequest, CompanyActor>();

function companyIdOf(request: FastifyRequest): number | undefined {
  const raw = (request.params as Record<string, unknown> | undefined)?.['companyId'];
  if (typeof raw !== 'string' || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  return Number(raw);
}

/** A preValidation hook: 401 without a live company session, 404 for another company, 403 for a role that may not. */
export function companyGuard(deps: Pick<AppDeps, 'db' | 'clock'>, action: CompanyAction) {
  return markBearerGuard(async (request: FastifyRequest): Promise<void> => {
    const token = bearerTokenOf(request);
    if (!token) throw new UnauthenticatedError();
    // The session and the company's sign-in rule are read together, on every request: a rule turned on
    // or two-step turned off counts at once.
    const resolved = await resolveCompanySessionAndRule(deps.db, deps.clock, token);
    // An ended session answers why (company_session_ended with its reason, decision 243).
    if (!resolved) throw await companySessionRefusal(deps.db, deps.clock, token);
    const { actor } = resolved;
    if (companyIdOf(request) !== actor.companyId) throw new NotFoundError();
    if (!roleMay(actor.role, action)) throw new RoleForbiddenError();
    // A session the rule refuses ends, and the answer says so (decision 243): the workspace shows why.
    if (resolved.ruleRefuses) {
      await endCompanySessions(deps.db, deps.clock.now(), eq(companySessions.tokenHash, hashToken(token)), 'two_step_required');
      throw await companySessionRefusal(deps.db, deps.clock, token);
    }
    actors.set(request, actor);
  });
}

/** The member `companyGuard` resolved for this request. */
export function companyActor(request: FastifyRequest): CompanyActor {
  const actor = actors.get(request);
  if (!actor) throw new UnauthenticatedError();
  return actor;
}
