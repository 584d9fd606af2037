// Account management: leaving a company from the settings. The membership, the
// company-host sessions and hand-over codes end at once and the company's members are told; the
// owner is refused; another person's membership or an unknown company is 404.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../contract/routes.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { companyHandoffCodes, companySessions } from '../db/company-schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createStaffedCompany, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const leave = (token: string | null, companyId: number | string, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'DELETE',
    url: `${settingsApiPaths.membership(companyId)}?locale=${locale}`,
    headers: token ? bearer(token) : {},
  });
const isMember = async (person: Person, companyId: number) =>
  (
    await ctx.database.db
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, person.id)))
  ).length === 1;

describe('leaving a company from the settings', () => {
  it('ends the membership, its company sessions and codes at once, and tells the other members', async () => {
    const c = await createStaffedCompany(ctx);
    const session = await enterCompany(ctx, c.member.person, c.companyId);
    // A hand-over code asked for but never used goes too.
    await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.handoff,
      headers: bearer(c.member.person.token),
      payload: { company_id: c.companyId },
    });
    const res = await leave(c.member.person.token, c.companyId);
    expect(res.statusCode, res.body).toBe(204);
    expect(await isMember(c.member.person, c.companyId)).toBe(false);
    // The session is ended, kept only as the marker that says why (decision 243).
    const sessions = await ctx.database.db
      .select({ endReason: companySessions.endReason })
      .from(companySessions)
      .where(eq(companySessions.userId, c.member.person.id));
    expect(sessions).toEqual([{ endReason: 'left' }]);
    expect(await ctx.database.db.select().from(companyHandoffCodes).where(eq(companyHandoffCodes.userId, c.member.person.id))).toEqual([]);
    // The company-host session no longer opens the workspace.
    const workspace = await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(c.companyId), headers: bearer(session) });
    expect([workspace.statusCode, workspace.json().code, workspace.json().reason]).toEqual([401, 'company_session_ended', 'left']);
    // The owner and the admin are told, the leaver is not.
    const told = await ctx.database.db
      .select({ userId: notifications.userId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.companyId, c.companyId), eq(notifications.kind, 'member_left')));
    expect(told.map((n) => n.userId).sort()).toEqual([c.owner.person.id, c.admin.person.id].sort());
    expect(told.every((n) => n.actorId === c.member.person.id)).toBe(true);
    // The company no longer appears among the person's accounts.
    const status = await ctx.app.inject({ method: 'GET', url: apiPaths.accountStatus, headers: bearer(c.member.person.token) });
    expect(status.json().data.companies).toEqual([]);
    // Leaving again: the person is no longer a member.
    expect((await leave(c.member.person.token, c.companyId)).statusCode).toBe(404);
  });

  it('answers 404 once a leaving day has come, and ends a pending leave at once', async () => {
    const c = await createStaffedCompany(ctx);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    await ctx.database.db.update(companyMembers).set({ leavesOn: today }).where(eq(companyMembers.userId, c.member.person.id));
    expect((await leave(c.member.person.token, c.companyId)).statusCode).toBe(404);
    const tomorrow = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.update(companyMembers).set({ leavesOn: tomorrow }).where(eq(companyMembers.userId, c.admin.person.id));
    expect((await leave(c.admin.person.token, c.companyId)).statusCode).toBe(204);
    expect(await isMember(c.admin.person, c.companyId)).toBe(false);
  });

  it('lets an admin leave too', async () => {
    const c = await createStaffedCompany(ctx);
    expect((await leave(c.admin.person.token, c.companyId)).statusCode).toBe(204);
    expect(await isMember(c.admin.person, c.companyId)).toBe(false);
  });

  it('refuses the owner with a clear message in either language and changes nothing', async () => {
    const c = await createStaffedCompany(ctx);
    const res = await leave(c.owner.person.token, c.companyId);
    expect(res.statusCode).toBe(409);
    expect(expectErrorAnswer(res)).toMatchObject({
      code: 'owner_cannot_leave',
      message: 'The owner cannot leave the company. Make another member the owner first.',
    });
    const uk = await leave(c.owner.person.token, c.companyId, 'uk_UA');
    expect(uk.statusCode).toBe(409);
    expect(expectErrorAnswer(uk).code).toBe('owner_cannot_leave');
    expect(await isMember(c.owner.person, c.companyId)).toBe(true);
    expect(
      await ctx.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, c.companyId), eq(notifications.kind, 'member_left'))),
    ).toEqual([]);
  });

  it("answers 404 for a company the person is not in, and never touches another person's membership", async () => {
    const a = await createStaffedCompany(ctx);
    const b = await createStaffedCompany(ctx);
    expect((await leave(a.member.person.token, b.companyId)).statusCode).toBe(404);
    expect((await leave(a.member.person.token, 99_999_999)).statusCode).toBe(404);
    expect(await isMember(b.member.person, b.companyId)).toBe(true);
  });

  it('answers 401 to an anonymous visitor and 4xx to a malformed id', async () => {
    const c = await createStaffedCompany(ctx);
    const anonymous = await leave(null, c.companyId);
    expect(anonymous.statusCode).toBe(401);
    expectErrorAnswer(anonymous);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999']) {
      const res = await leave(c.member.person.token, id);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
      expectErrorAnswer(res);
    }
    expect(await isMember(c.member.person, c.companyId)).toBe(true);
  });
});
