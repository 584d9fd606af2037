// A job's work email in the person's careers API (decision 260): add it (a code is mailed),
// ask for a new code, confirm it, remove it. Registered by careersRoutes, behind its guard; another
// person's job answers 404. Sending codes has its own hourly budget on top of the codes' countdown.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JobParams, type EmploymentDetails } from '../../contract/careers.ts';
import { dataEnvelope } from '../../contract/envelope.ts';
import { HttpStatus } from '../../contract/errors.ts';
import { channelNames } from '../../contract/realtime.ts';
import { AddWorkEmailRequest, ConfirmWorkEmailRequest, WorkEmailCodeSent, workEmailPaths } from '../../contract/work-email.ts';
import type { AppDeps } from '../deps.ts';
import { outboxCodeMessage } from '../http/line-log.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { signedInUser } from '../shared/auth/guard.ts';
import { announceJobChange } from '../shared/realtime/publisher.ts';
import { addWorkEmail, confirmWorkEmail, removeWorkEmail, resendWorkEmailCode, type WorkEmailDeps } from './work-email-service.ts';
import { jobDetailsResponse, personErrors, personTags, security } from './route-schemas.ts';

/** Work-email calls a person may make in an hour: a few addresses and codes, not a guessing run. */
export const workEmailLimit = { max: 30, windowMs: 60 * 60_000 };

export function workEmailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = perPersonRateLimit('careers-work-email', workEmailLimit);
    const workEmailDeps: WorkEmailDeps = {
      db: deps.db,
      clock: deps.clock,
      mailer: deps.mailer,
      logCode: deps.config.smtpUrl ? undefined : (message) => app.log.info(message, outboxCodeMessage),
    };
    const codeSent = { 201: dataEnvelope(WorkEmailCodeSent), ...personErrors };
    // The person's other tabs show the mark too; the company's open confirmation queue marks the
    // request once the address is confirmed or removed.
    const announce = (userId: number, job: EmploymentDetails) => {
      announceJobChange(deps.realtime, userId, job.id, job.company.id);
      if (job.company.id !== null && job.confirmation?.status === 'pending') {
        void deps.realtime.publish('company.changed', channelNames.company(job.confirmation.company_id), {
          company_id: job.confirmation.company_id,
          lists: ['confirmations'],
        });
      }
    };

    app.put(
      workEmailPaths.workEmail(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, body: AddWorkEmailRequest, response: codeSent } },
      async (request, reply) => {
        const sent = await addWorkEmail(workEmailDeps, signedInUser(request), request.params.jobId, request.body.email);
        return reply.code(HttpStatus.created).send({ data: sent });
      },
    );

    app.post(
      workEmailPaths.resend(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, response: codeSent } },
      async (request, reply) => {
        const sent = await resendWorkEmailCode(workEmailDeps, signedInUser(request), request.params.jobId);
        return reply.code(HttpStatus.created).send({ data: sent });
      },
    );

    app.post(
      workEmailPaths.confirm(':jobId'),
      {
        config: limited,
        schema: { tags: personTags, security, params: JobParams, body: ConfirmWorkEmailRequest, response: jobDetailsResponse },
      },
      async (request) => {
        const job = await confirmWorkEmail(workEmailDeps, signedInUser(request), request.params.jobId, request.body.code);
        announce(signedInUser(request), job);
        return { data: job };
      },
    );

    app.delete(
      workEmailPaths.workEmail(':jobId'),
      { config: limited, schema: { tags: personTags, security, params: JobParams, response: jobDetailsResponse } },
      async (request) => {
        const job = await removeWorkEmail(deps.db, deps.clock, signedInUser(request), request.params.jobId);
        announce(signedInUser(request), job);
        return { data: job };
      },
    );
  };
}
