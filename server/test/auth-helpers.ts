// Shortcuts API tests share: create a user with a profile, sign in, build auth headers.
import { hashPassword } from '../auth/passwords.ts';
import { profiles, users } from '../db/schema.ts';
import type { TestContext } from './harness.ts';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** Inserts an active user with a profile and returns it signed in. */
export async function createUser(
  ctx: TestContext,
  overrides: { email?: string; password?: string; firstName?: string; locale?: 'en_GB' | 'uk_UA'; phone?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (overrides.email ?? `person${counter}-${Date.now()}@example.test`).toLowerCase();
  const password = overrides.password ?? 'Sturdy-Passw0rd';
  const now = ctx.clock.now();
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email,
      phone: overrides.phone ?? null,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: now,
      locale: overrides.locale ?? 'en_GB',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await ctx.database.db.insert(profiles).values({
    userId: user.id,
    firstName: overrides.firstName ?? 'Test',
    lastName: `Person${counter}`,
  });
  const token = await ctx.tokens.issue(user.id);
  return { id: user.id, email, password, token };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
