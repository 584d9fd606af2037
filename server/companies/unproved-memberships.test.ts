// Pre-hijacking through companies (decision 235): someone registers another person's email, never
// proves it, and joins other people's companies with it. When the email's owner takes the account back
// with a reset by email (the first proof of the email), every membership, open join request and
// accepted invitation the unproved account gathered goes, as its factors and phones do; a company the
// account signed up itself stays the owner's.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { companyInvitations, companyJoinRequests } from '../db/company-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { hire } from './hires.ts';
import { bearer, lastCodeSentTo, nextAddress, registerAccount, resetByEmail, type RegisteredAccount } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

async function askToJoin(squatter: RegisteredAccount, companyId: number): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.joinRequests(companyId),
    headers: bearer(squatter.token),
    payload: { message: 'Let me in' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const membershipsOf = async (userId: number) =>
  (
    await db()
      .select({ companyId: companyMembers.companyId, role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId))
  ).sort((a, b) => a.companyId - b.companyId);

describe('an unproved account that joined other people’s companies', () => {
  it('is in none of them, with no open request and no accepted invitation, once the email’s owner resets the password', async () => {
    const squatter = await registerAccount(ctx, 'company');
    const status = await ctx.app.inject({ method: 'GET', url: apiPaths.accountStatus, headers: bearer(squatter.token) });
    const ownCompany = status.json().data.companies[0].id as number;

    const boss = await createPerson(ctx);
    const approving = await createCompany(ctx, boss);
    const pending = await createCompany(ctx, boss);
    const inviting = await createCompany(ctx, boss);
    const bossSession = await enterCompany(ctx, boss, approving);

    // A join request the company approved: a membership and a verified job.
    const approved = await askToJoin(squatter, approving);
    const decision = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.joinRequestDecision(approving, approved),
      headers: bearer(bossSession),
      payload: { decision: 'approve' },
    });
    expect(decision.statusCode, decision.body).toBe(200);
    // A request still open.
    await askToJoin(squatter, pending);
    // An invitation accepted (answering one needs a proved email now; an account may have got one
    // before that rule or by any other way in).
    const now = ctx.clock.now();
    const [invitation] = await db()
      .insert(companyInvitations)
      .values({
        companyId: inviting,
        email: squatter.email,
        invitedBy: boss.id,
        tokenHash: `unproved-${squatter.id}`,
        status: 'accepted',
        sentAt: now,
        expiresAt: new Date(now.getTime() + 7 * 24 * 3600_000),
        respondedAt: now,
        respondedBy: squatter.id,
      })
      .returning({ id: companyInvitations.id });
    await db().transaction((tx) =>
      hire(tx, {
        companyId: inviting,
        userId: squatter.id,
        position: null,
        teamId: null,
        source: 'invitation',
        sourceId: invitation!.id,
        at: now,
      }),
    );
    expect((await membershipsOf(squatter.id)).map((m) => m.companyId)).toEqual([ownCompany, approving, inviting].sort((a, b) => a - b));

    await resetByEmail(ctx, squatter.email);

    // Only the company the account signed up itself is left: the email's owner takes it back.
    expect(await membershipsOf(squatter.id)).toEqual([{ companyId: ownCompany, role: 'owner' }]);
    const jobs = await db()
      .select({ companyId: companyEmployments.companyId })
      .from(companyEmployments)
      .where(eq(companyEmployments.userId, squatter.id));
    expect(jobs.filter((job) => job.companyId !== ownCompany)).toEqual([]);
    const open = await db()
      .select()
      .from(companyJoinRequests)
      .where(and(eq(companyJoinRequests.userId, squatter.id), eq(companyJoinRequests.status, 'pending')));
    expect(open).toEqual([]);
    // The mail to the address the reset proved names the companies it left.
    const mail = ctx.mail
      .filter((m) => m.to === squatter.email && m.subject === 'Your password reset secured your Profiles account')
      .at(-1);
    const names = await db()
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.id, [approving, inviting]));
    for (const { name } of names) expect(mail?.text).toContain(`Membership of “${name}”`);
    const [own] = await db().select({ name: companies.name }).from(companies).where(eq(companies.id, ownCompany));
    expect(mail?.text).not.toContain(`Membership of “${own!.name}”`);
    const [accepted] = await db()
      .select({ status: companyInvitations.status })
      .from(companyInvitations)
      .where(eq(companyInvitations.id, invitation!.id));
    expect(accepted?.status).toBe('revoked');
  });

  it('keeps the companies an account joined after proving its email through a later reset', async () => {
    const person = await registerAccount(ctx);
    const proved = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.verifyEmail,
      headers: bearer(person.token),
      payload: { code: lastCodeSentTo(ctx, person.email) },
      remoteAddress: nextAddress(),
    });
    expect(proved.statusCode, proved.body).toBe(200);
    const boss = await createPerson(ctx);
    const company = await createCompany(ctx, boss);
    const request = await askToJoin(person, company);
    const decision = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.joinRequestDecision(company, request),
      headers: bearer(await enterCompany(ctx, boss, company)),
      payload: { decision: 'approve' },
    });
    expect(decision.statusCode, decision.body).toBe(200);

    await resetByEmail(ctx, person.email);

    expect(await membershipsOf(person.id)).toEqual([{ companyId: company, role: 'member' }]);
  });
});
