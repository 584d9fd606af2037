// Search: people and companies for a signed-in person, and the header's typeahead. Each
// person has a budget per minute of each, so nobody can page the whole directory out quickly.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorResponse } from '../../contract/envelope.ts';
import { SearchQuery, SearchResults, searchApiPaths, searchLimits, SuggestQuery, Suggestions } from '../../contract/search.ts';
import { requireSignIn, signedInUser } from '../shared/auth/guard.ts';
import { requireProvedAddressToSearch } from '../shared/auth/proved-address.ts';
import { limitSearchTime } from '../shared/search-time.ts';
import type { AppDeps } from '../deps.ts';
import { perPersonRateLimit } from '../http/person-rate-limit.ts';
import { laggingReads } from '../db/replica.ts';
import { search, suggest } from './service.ts';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const tags = ['search'];

export function searchRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, clock } = deps;
    requireSignIn(app, deps.tokens);
    requireProvedAddressToSearch(app, db);
    limitSearchTime(app, deps.config.searchMsPerMinute);

    app.get(
      searchApiPaths.search,
      {
        config: perPersonRateLimit('search', { max: searchLimits.searchesPerMinute, windowMs: 60_000 }),
        schema: { tags, querystring: SearchQuery, response: { 200: dataEnvelope(SearchResults), ...errors } },
      },
      // Search and suggestions tolerate a moment's lag: the replica's when there is one (decision 254).
      async (request) => ({ data: await search(laggingReads(deps, signedInUser(request)), clock, request.query) }),
    );

    app.get(
      searchApiPaths.suggestions,
      {
        config: perPersonRateLimit('search-suggestions', { max: searchLimits.suggestionsPerMinute, windowMs: 60_000 }),
        schema: { tags, querystring: SuggestQuery, response: { 200: dataEnvelope(Suggestions), ...errors } },
      },
      async (request) => ({ data: await suggest(laggingReads(deps, signedInUser(request)), clock, request.query.q) }),
    );
  };
}
