// Settings of the signed-in person: the password change and the active sessions. Plain
// functions over the database and the token store; the routes hold the HTTP.
import { eq } from 'drizzle-orm';
import type { ActiveSession } from '../../contract/settings.ts';
import { messageRef } from '../../contract/validation.ts';
import { isCommonPassword } from '../shared/auth/common-passwords.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { checkProof } from '../shared/auth/reauthentication.ts';
import { hashToken, type TokenStore } from '../shared/auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import { deviceNameOf } from '../shared/auth/user-agent.ts';

export interface SettingsDeps {
  db: Db;
  clock: Clock;
  tokens: TokenStore;
}

/**
 * Throws the re-authentication errors (403, decision 235) unless `password` is the person's password:
 * every sensitive change of the settings asks through this.
 */
export async function checkCurrentPassword(
  deps: { db: Db; clock: Clock },
  userId: number,
  password: string,
  field?: string,
): Promise<void> {
  await checkProof(deps, userId, password, field);
}

/**
 * Sets a new password after checking the current one, and ends every other session of the person
 * (this one stays signed in). Returns how many sessions ended.
 */
export async function changePassword(
  deps: SettingsDeps,
  userId: number,
  currentToken: string,
  input: { current_password: string; password: string },
): Promise<{ ended: number; passwordHash: string }> {
  await checkCurrentPassword(deps, userId, input.current_password);
  if (input.password === input.current_password) {
    throw new RuleBrokenError([{ field: 'password', message: messageRef('validation.samePassword') }]);
  }
  if (isCommonPassword(input.password)) {
    throw new RuleBrokenError([{ field: 'password', message: messageRef('validation.passwordTooCommon') }]);
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
  // The hash names the password the mail's undo link replaces (decision 278).
  return { ended: await deps.tokens.revokeOthersOf(userId, currentToken, { reason: 'password_changed' }), passwordHash };
}

/** The person's live sessions, the one of `currentToken` marked. */
export async function listSessions(tokens: TokenStore, userId: number, currentToken: string): Promise<ActiveSession[]> {
  const current = hashToken(currentToken);
  const rows = await tokens.sessionsOf(userId);
  return rows.map((row) => ({
    id: row.id,
    ...deviceNameOf(row.userAgent),
    last_used_at: row.lastUsedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    current: row.tokenHash === current,
    workspaces: row.workspaces.map((w) => ({ company_id: w.companyId, company_name: w.companyName, since: w.since.toISOString() })),
  }));
}

/** Ends one of the person's sessions; another person's or an unknown id is 404. */
export async function endSession(tokens: TokenStore, userId: number, sessionId: number): Promise<void> {
  if (!(await tokens.revokeSessionOf(userId, sessionId))) throw new NotFoundError();
}
