// Sign-in logic, free of HTTP: the routes call these; the error handler answers their typed errors.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ForbiddenError, UnauthenticatedError } from '../domain-errors.ts';
import { users } from '../db/schema.ts';
import { decoyPasswordHash, verifyPassword } from '../shared/auth/passwords.ts';
import { normaliseLogin } from '../shared/auth/login-name.ts';

export class InvalidCredentialsError extends UnauthenticatedError {
  /** The account whose password was wrong (never answered: the security activity records it). */
  readonly userId: number | undefined;
  constructor(userId?: number) {
    super('These credentials do not match our records.', 'invalid_credentials');
    this.userId = userId;
  }
}

/**
 * The right password for a closed account (decision 151): the site shows /account-closed. Only after the
 * password matched, so the answer tells nothing to someone who does not hold it.
 */
export class AccountClosedError extends ForbiddenError {
  constructor() {
    super('This account has been closed.', 'account_closed');
  }
}

/** The account the credentials belong to; the same error for an unknown account and a wrong password. */
export async function checkCredentials(db: Db, login: string, password: string): Promise<number> {
  const key = normaliseLogin(login);
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(or(eq(users.email, key), eq(users.phone, key)))
    .limit(1);
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), password);
    throw new InvalidCredentialsError();
  }
  const ok = await verifyPassword(user.passwordHash, password);
  if (!ok) throw new InvalidCredentialsError(user.id);
  if (user.status === 'closed') throw new AccountClosedError();
  return user.id;
}
