// Searching needs a proved address (decision 235): an account that proved neither an
// email nor a phone does not search people nor openings, so throwaway accounts cannot page the
// directory or load the server (403 verify_to_search). Shared by every search's routes, and by the
// job form's company suggestions, which would otherwise list every registered company, public page or
// not, to a throwaway account.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ForbiddenError } from '../../domain-errors.ts';
import { signedInUser } from './guard.ts';

/** The check as one route's preHandler (after the sign-in guard): 403 verify_to_search without a proved address. */
export function provedAddressCheck(db: Queryable) {
  return async (request: FastifyRequest): Promise<void> => {
    const [user] = await db
      .select({ email: users.emailVerifiedAt, phone: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, signedInUser(request)));
    if (!user?.email && !user?.phone) throw new ForbiddenError('Verify your email address or phone number to search.', 'verify_to_search');
  };
}

/** Adds the check to every route of `app` (after its sign-in guard). */
export function requireProvedAddressToSearch(app: FastifyInstance, db: Queryable): void {
  app.addHook('preHandler', provedAddressCheck(db));
}
