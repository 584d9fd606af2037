// The company guard runs before every workspace request: it reads the session, the membership and the
// company's sign-in rule in one statement, so a busy database costs every request one wait, not two.
// What it decides is tested with each route and in companies/session-endings.test.ts.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema.ts';
import { twoFactorSecrets } from '../../db/security-schema.ts';
import { countingStatements } from '../../test/statement-count.ts';
import { createCompanyContext, type Person } from '../../test/company-helpers.ts';
import type { TestContext } from '../../test/harness.ts';
import { companyActor, companyGuard } from './guard.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let ownerSession: string;
beforeAll(async () => {
  ({ ctx, owner, companyId, ownerSession } = await createCompanyContext());
});
afterAll(async () => ctx.close());

/** A request as the guard reads it: the bearer token and the company in the path. */
const requestFor = (token: string) =>
  ({ headers: { authorization: `Bearer ${token}` }, params: { companyId: String(companyId) } }) as unknown as FastifyRequest;

describe('the company guard', () => {
  it('reads the session and the sign-in rule in one statement', async () => {
    for (const required of [false, true]) {
      // Asked of an owner with two-step on: the rule lets them in, and it is read with the session.
      if (required) {
        await ctx.database.db.update(companies).set({ requireTwoFactor: true }).where(eq(companies.id, companyId));
        await ctx.database.db.insert(twoFactorSecrets).values({ userId: owner.id, secret: 'sealed', enabledAt: ctx.clock.now() });
      }
      const counted = countingStatements(ctx.database.db);
      const request = requestFor(ownerSession);
      await companyGuard({ db: counted.db, clock: ctx.clock }, 'applications.view')(request);
      expect(companyActor(request)).toMatchObject({ userId: owner.id, companyId, role: 'owner' });
      expect(counted.statements()).toBe(1);
    }
  });
});
