// Searching needs a proved address (decision 235): an account that proved neither an
// email nor a phone does not search people nor openings, so throwaway accounts cannot page the
// directory or load the server (403 verify_to_search). Shared by every search's routes.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ForbiddenError } from '../../domain-errors.ts';
import { signedInUser } from './guard.ts';

/** Adds the check to every route of `app` (after its sign-in guard). */
export function requireProvedAddressToSearch(app: FastifyInstance, db: Queryable): void {
  app.addHook('preHandler', async (request) => {
    const [user] = await db
      .select({ email: users.emailVerifiedAt, phone: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, signedInUser(request)));
    if (!user?.email && !user?.phone) throw new ForbiddenError('Verify your email address or phone number to search.', 'verify_to_search');
  });
}
