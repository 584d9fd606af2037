// Resolves the bearer token of a request to a user id; routes that need a user call requireUser.
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
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
  if (!token || token.length > 200) throw unauthorized();
  const userId = await tokens.resolve(token);
  if (userId === undefined) throw unauthorized();
  return userId;
}
