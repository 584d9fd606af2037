// The company's sign-in rule in the workspace (decision 203), the owner's alone: who switching
// it on would sign out, and setting it; the sessions it ends lose their sockets on
// every hub process (decision 243).
import { CompanyParams, CompanySecurity, RuleAffected } from '../../contract/companies.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { channelNames } from '../../contract/realtime.ts';
import { companyActor } from '../shared/companies/guard.ts';
import { affectedByRule, setCompanySecurity } from './security.ts';
import type { App, RouteKit } from './workspace-routes.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['company workspace'];

export function securityRoutes(app: App, { deps, guard, changed }: RouteKit): void {
  const { db, clock } = deps;
  app.get(
    workspacePaths.securityAffected(':companyId'),
    {
      preValidation: guard('security.manage'),
      schema: { tags, params: CompanyParams, response: { 200: dataEnvelope(RuleAffected), ...errors } },
    },
    async (request) => ({ data: await affectedByRule(db, clock, companyActor(request)) }),
  );

  app.put(
    workspacePaths.security(':companyId'),
    {
      preValidation: guard('security.manage'),
      schema: { tags, params: CompanyParams, body: CompanySecurity, response: { 200: dataEnvelope(CompanySecurity), ...errors } },
    },
    async (request) => {
      const actor = companyActor(request);
      const { security: saved, ended } = await setCompanySecurity(db, clock, actor, request.body);
      changed(actor.companyId, 'workspace');
      if (ended.length) await deps.realtime.revoke(channelNames.company(actor.companyId));
      return { data: saved };
    },
  );
}
