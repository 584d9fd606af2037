// Resolves the bearer token of a request to a user id; routes that need a user call requireUser.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../../domain-errors.ts';
import { documentBearerForAll, markBearerGuard } from '../../http/openapi.ts';
import type { TokenStore } from './tokens.ts';

/** The token in `Authorization: Bearer <token>`, or undefined. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The signed-in user's id; throws 401 when the token is missing, unknown, expired or revoked. */
export async function requireUser(request: FastifyRequest, tokens: TokenStore): Promise<number> {
  const token = bearerTokenOf(request);
  if (!token || token.length > 200) throw new UnauthenticatedError();
  const userId = await tokens.resolve(token);
  if (userId === undefined) throw new UnauthenticatedError();
  return userId;
}

const signedInUsers = new WeakMap<FastifyRequest, number>();

/**
 * A preValidation hook that resolves the bearer token before the body is validated, so an anonymous
 * caller gets 401 whatever they sent (not a 422 about a body they were never allowed to send).
 */
export function authenticate(tokens: TokenStore) {
  return markBearerGuard(async (request: FastifyRequest): Promise<void> => {
    signedInUsers.set(request, await requireUser(request, tokens));
  });
}

/** The user `authenticate` resolved for this request. */
export function signedInUser(request: FastifyRequest): number {
  const userId = signedInUsers.get(request);
  if (userId === undefined) throw new UnauthenticatedError();
  return userId;
}

/**
 * Every route of `app`'s context needs a signed-in person: adds the `authenticate` hook plugin-wide
 * and says so in the API document (bearer security on each of them).
 */
export function requireSignIn(app: FastifyInstance, tokens: TokenStore): void {
  app.addHook('preValidation', authenticate(tokens));
  documentBearerForAll(app);
}
