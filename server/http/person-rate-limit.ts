// Per-person limits on routes behind the auth guard (hardening issue, points 5 and 6): counted by
// @fastify/rate-limit under the person's id (in Redis when REDIS_URL is set, decision 072), answered
// 429 with Retry-After and the too_many_requests code the site translates.
import type { FastifyRequest } from 'fastify';
import { signedInUser } from '../shared/auth/guard.ts';

/**
 * Route config allowing each person `max` requests per `windowMs` in the budget `name`. `personOf`
 * reads who is asking once the route's guard has run (the company guard knows its member's person).
 */
export function perPersonRateLimit(
  name: string,
  limit: { max: number; windowMs: number },
  personOf: (request: FastifyRequest) => number = signedInUser,
) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (request: FastifyRequest) => `${name}:${personOf(request)}`,
    },
  };
}
