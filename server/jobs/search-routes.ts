// Finding openings (decision 269): `GET /api/jobs/search` for signed-in people who proved an email
// or a phone, with a budget a minute per person, as people search has; anonymous callers get 401.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { jobSearchApiPaths, jobSearchLimits, JobSearchQuery, JobSearchResults } from '../../contract/jobs-search.ts';
import type { AppDeps } from '../deps.ts';
import { laggingReads } from '../db/replica.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import { requireProvedAddressToSearch } from '../shared/auth/proved-address.ts';
import { limitSearchTime } from '../shared/search-time.ts';
import { searchJobs } from './search.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };

export function jobSearchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignIn(app, deps.tokens);
    requireProvedAddressToSearch(app, deps.db);
    limitSearchTime(app, deps.config.searchMsPerMinute);
    app.get(
      jobSearchApiPaths.search,
      {
        config: perPersonRateLimit('job-search', { max: jobSearchLimits.searchesPerMinute, windowMs: 60_000 }),
        schema: {
          tags: ['jobs search'],
          querystring: JobSearchQuery,
          response: { 200: dataEnvelope(JobSearchResults), ...errors },
        },
      },
      // A moment's lag is fine for a search: the replica's reads when there is one (decision 254).
      async (request) => ({ data: await searchJobs(laggingReads(deps, signedInUser(request)), deps.clock, request.query) }),
    );
  };
}
