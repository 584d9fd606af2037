// Shortcuts the company API tests share: people without the password hashing cost, companies with an
// owner, memberships, and company-host sessions made through the real hand-over.
import type { CompanyRoleName } from '../../contract/company-roles.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { hashPassword } from '../shared/auth/passwords.ts';
import { createCompanyWithOwner } from '../shared/companies/record.ts';
import { and, eq } from 'drizzle-orm';
import { companyMembers, profiles, users } from '../db/schema.ts';
import { bearer } from './auth-helpers.ts';
import { createTestContext, type TestContext } from './harness.ts';

export interface Person {
  id: number;
  email: string;
  /** A personal-site session. */
  token: string;
}

let counter = 0;

/** An active person with a profile and a personal session (no password: these never sign in). */
export async function createPerson(
  ctx: TestContext,
  overrides: { email?: string; firstName?: string; locale?: 'en_GB' | 'uk_UA' } = {},
): Promise<Person> {
  counter += 1;
  const email = (overrides.email ?? `member${counter}-${process.pid}@example.test`).toLowerCase();
  const [user] = await ctx.database.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-hash', emailVerifiedAt: ctx.clock.now(), locale: overrides.locale ?? 'en_GB' })
    .returning({ id: users.id });
  await ctx.database.db
    .insert(profiles)
    .values({ userId: user!.id, firstName: overrides.firstName ?? 'Member', lastName: `Number${counter}` });
  return { id: user!.id, email, token: await ctx.tokens.issue(user!.id) };
}

/** Gives `person` a password (they have none, to save the hashing) and answers it: for changes that ask for it. */
export async function givePassword(ctx: TestContext, person: Person, password = 'Sturdy-Passw0rd'): Promise<string> {
  await ctx.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, person.id));
  return password;
}

/** A person with the given first and last name and any other profile fields (search tests). */
export async function createNamedPerson(
  ctx: TestContext,
  first: string,
  last: string,
  extra: Partial<typeof profiles.$inferInsert> = {},
): Promise<Person> {
  const p = await createPerson(ctx, { firstName: first });
  await ctx.database.db
    .update(profiles)
    .set({ lastName: last, ...extra })
    .where(eq(profiles.userId, p.id));
  return p;
}

/** A company owned by `owner`. */
export async function createCompany(ctx: TestContext, owner: Person, name = `Company ${++counter}`): Promise<number> {
  return ctx.database.db.transaction((tx) => createCompanyWithOwner(tx, { name, industry: 'Software', ownerId: owner.id }));
}

/** Adds `person` to a company with `role`; returns the membership id. */
export async function addMember(
  ctx: TestContext,
  companyId: number,
  person: Person,
  role: Exclude<CompanyRoleName, 'owner'> = 'member',
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(companyMembers)
    .values({ companyId, userId: person.id, role })
    .returning({ id: companyMembers.id });
  return row!.id;
}

/** A company-host session for `person` in `companyId`, through the code and its exchange. */
export async function enterCompany(ctx: TestContext, person: Person, companyId: number): Promise<string> {
  const issued = await ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.handoff,
    headers: bearer(person.token),
    payload: { company_id: companyId },
  });
  if (issued.statusCode !== 201) throw new Error(`handoff refused: ${issued.statusCode} ${issued.body}`);
  const exchanged = await ctx.app.inject({
    method: 'POST',
    url: workspacePaths.exchange,
    payload: { code: issued.json().data.code },
    remoteAddress: `10.9.${counter % 250}.${++counter % 250}`,
  });
  if (exchanged.statusCode !== 201) throw new Error(`exchange refused: ${exchanged.statusCode} ${exchanged.body}`);
  return exchanged.json().data.token as string;
}

/** One person's place in a company: who, and their membership id. */
export interface Staff {
  person: Person;
  memberId: number;
}

/** A company with an owner, an admin and a member. */
export async function createStaffedCompany(ctx: TestContext): Promise<{ companyId: number; owner: Staff; admin: Staff; member: Staff }> {
  const [owner, admin, member] = [await createPerson(ctx), await createPerson(ctx), await createPerson(ctx)];
  const companyId = await createCompany(ctx, owner);
  const [ownerRow] = await ctx.database.db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, owner.id)));
  return {
    companyId,
    owner: { person: owner, memberId: ownerRow!.id },
    admin: { person: admin, memberId: await addMember(ctx, companyId, admin, 'admin') },
    member: { person: member, memberId: await addMember(ctx, companyId, member) },
  };
}

/** A new test context with 'Acme Ltd', owned by Olena, and her company-host session: most company tests start here. */
export async function createCompanyContext(): Promise<{ ctx: TestContext; owner: Person; companyId: number; ownerSession: string }> {
  const ctx = await createTestContext();
  const owner = await createPerson(ctx, { firstName: 'Olena' });
  const companyId = await createCompany(ctx, owner, 'Acme Ltd');
  return { ctx, owner, companyId, ownerSession: await enterCompany(ctx, owner, companyId) };
}
