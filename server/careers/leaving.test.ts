// Leaving a company (SPEC §4; decision 120): the next day on the test clock, computed from
// stored days (a new app over the same database sees the same), the owner refused, never twice, and
// coming back only by a new invitation, which starts a new verified employment.
import type { AccountStatus } from '../../contract/auth.ts';
import { apiPaths } from '../../contract/routes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths, EmploymentDetails } from '../../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { buildApp } from '../app.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, enterCompany } from '../test/company-helpers.ts';
import { notifications } from '../db/notification-schema.ts';
import { eq } from 'drizzle-orm';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany, moveClock } from './fixtures.ts';
import { createMemoryTransport, createRealtime } from '../shared/realtime/publisher.ts';

let ctx: TestContext;
let company: CareersCompany;
const day = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Acme Ltd');
});
afterAll(async () => ctx.close());

const leave = (token: string, jobId: number) => ctx.app.inject({ method: 'POST', url: careersPaths.leave(jobId), headers: bearer(token) });
const jobOf = async (token: string, jobId: number) =>
  EmploymentDetails.parse((await ctx.app.inject({ method: 'GET', url: careersPaths.job(jobId), headers: bearer(token) })).json().data);

describe('leaving', () => {
  it('keeps access for the rest of today, ends it from the next day, for sessions, hand-over, realtime and the members list', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Analyst');
    // Late in the day: the next day is an hour away, not 24.
    await moveClock(ctx, company, new Date('2026-11-24T23:00:00Z'));
    const session = await enterCompany(ctx, person, company.companyId);
    expect((await leave(person.token, employmentId)).json().data.leaves_on).toBe('2026-11-25');
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.session, headers: bearer(session) })).statusCode).toBe(200);
    const members = async () =>
      (
        (
          await ctx.app.inject({ method: 'GET', url: workspacePaths.members(company.companyId), headers: bearer(company.owner.session) })
        ).json().data as { user_id: number }[]
      ).map((m) => m.user_id);
    expect(await members()).toContain(person.id);
    // The person's own list of companies says when they leave, so nothing offers to leave again.
    const status = await ctx.app.inject({ method: 'GET', url: apiPaths.accountStatus, headers: bearer(person.token) });
    expect((status.json().data as AccountStatus).companies).toContainEqual(
      expect.objectContaining({ id: company.companyId, leaves_on: '2026-11-25' }),
    );

    await moveClock(ctx, company, new Date('2026-11-25T00:00:00Z'));
    expect((await ctx.app.inject({ method: 'GET', url: workspacePaths.session, headers: bearer(session) })).statusCode).toBe(401);
    const handoff = await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.handoff,
      headers: bearer(person.token),
      payload: { company_id: company.companyId },
    });
    expect(handoff.statusCode).toBe(403);
    expect(expectErrorAnswer(handoff).code).toBe('company_access_denied');
    expect(await members()).not.toContain(person.id);
    const publicPage = await ctx.app.inject({
      method: 'GET',
      url: companyPublicPaths.publicPage(company.companyId),
      headers: bearer(person.token),
    });
    expect(publicPage.json().data.is_member).toBe(false);
    const channel = await ctx.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      headers: bearer(person.token),
      payload: { socket_id: '123.456', channel_name: `private-company.${company.companyId}`, app_key: ctx.config.realtime.apps.jobs.key },
    });
    expect(channel.statusCode).toBe(403);
    // Nor does the company's news reach them any more.
    const asker = await createPerson(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: companyPublicPaths.joinRequests(company.companyId),
          headers: bearer(asker.token),
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    const news = await ctx.database.db.select().from(notifications).where(eq(notifications.actorId, asker.id));
    expect(news.map((n) => n.userId)).toContain(company.owner.person.id);
    expect(news.map((n) => n.userId)).not.toContain(person.id);
    const job = await jobOf(person.token, employmentId);
    expect(job).toMatchObject({ is_current: false, end_date: '2026-11-24', leaves_on: '2026-11-25', can_leave: false });
    expect(job.events.map((e) => [e.kind, e.occurred_at])).toEqual([
      ['hired', expect.any(String)],
      ['left', '2026-11-25T00:00:00.000Z'],
    ]);

    // A new app over the same database (a restart) decides the same from the stored days.
    const restarted = await buildApp({
      config: ctx.config,
      db: ctx.database.db,
      clock: ctx.clock,
      mailer: { send: async () => undefined },
      sms: { send: async () => undefined },
      tokens: ctx.tokens,
      realtime: createRealtime(createMemoryTransport(), () => {}),
      store: ctx.store,
    } as Parameters<typeof buildApp>[0]);
    expect((await restarted.inject({ method: 'GET', url: workspacePaths.session, headers: bearer(session) })).statusCode).toBe(401);
    await restarted.close();
  });

  it("has the company's sockets authorise again, the leaver's grant then ending with the leaving day", async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Designer');
    const channel = `private-company.${company.companyId}`;
    const authorise = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/broadcasting/auth',
          headers: bearer(person.token),
          payload: { socket_id: '123.456', channel_name: channel, app_key: ctx.config.realtime.apps.jobs.key },
        })
      ).json() as { channel_data?: string };
    // Before leaving, the grant ends with the person's session (decision 243), no sooner.
    const sessionEnds = (await ctx.tokens.expiryOf(person.token))!.getTime() / 1000;
    expect(JSON.parse((await authorise()).channel_data!).until).toBe(Math.floor(sessionEnds));
    const before = ctx.realtime.sent.length;
    const left = await leave(person.token, employmentId);
    expect(left.statusCode, left.body).toBe(200);
    // A socket authorised before named the session's end: it is closed now, and authorised again it names the day.
    expect(
      ctx.realtime.sent
        .slice(before)
        .filter((m) => m.event === 'subscriptions.revoked')
        .map((m) => m.channel),
    ).toContain(channel);
    const leavesOn = (left.json().data as { leaves_on: string }).leaves_on;
    expect(JSON.parse((await authorise()).channel_data!).until).toBe(new Date(`${leavesOn}T00:00:00Z`).getTime() / 1000);
  });

  it('is refused to the owner, twice, and on an ended job', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Tester');
    expect((await leave(person.token, employmentId)).statusCode).toBe(200);
    const twice = await leave(person.token, employmentId);
    expect(twice.statusCode).toBe(409);
    expect(expectErrorAnswer(twice).code).toBe('already_left');

    const owned = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.employments(company.companyId),
      headers: bearer(company.admin.session),
      payload: { member_id: company.owner.memberId, position: 'Founder', start_date: '2020-01-01' },
    });
    expect(owned.statusCode, owned.body).toBe(201);
    expect((await jobOf(company.owner.person.token, owned.json().data.id)).can_leave).toBe(false);
    const ownerLeaves = await leave(company.owner.person.token, owned.json().data.id);
    expect(ownerLeaves.statusCode).toBe(409);
    expect(expectErrorAnswer(ownerLeaves).code).toBe('owner_cannot_leave');

    const ending = await hireThroughInvitation(ctx, company, 'Seasonal');
    const today = ctx.clock.now().toISOString().slice(0, 10);
    await ctx.app.inject({
      method: 'PUT',
      url: companyCareersPaths.endOfCollaboration(company.companyId, ending.employmentId),
      headers: bearer(company.owner.session),
      payload: { planned_termination: today },
    });
    await moveClock(ctx, company, day);
    expect((await jobOf(ending.person.token, ending.employmentId)).is_current).toBe(false);
    const ended = await leave(ending.person.token, ending.employmentId);
    expect([ended.statusCode, expectErrorAnswer(ended).code]).toEqual([409, 'employment_ended']);
  });

  it('needs a new invitation to come back, which starts a new verified employment', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Writer');
    expect((await leave(person.token, employmentId)).statusCode).toBe(200);
    await moveClock(ctx, company, day);
    const invited = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.invitations(company.companyId),
      headers: bearer(company.owner.session),
      payload: { email: person.email, position: 'Senior writer' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i += 1) {
      const mail = ctx.mail.filter((m) => m.to === person.email && m.text.includes('/invitation?token=')).at(-1);
      const found = mail && /\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
      if (found && ctx.mail.filter((m) => m.to === person.email && m.text.includes('/invitation?token=')).length >= 2)
        token = decodeURIComponent(found);
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: companyPublicPaths.invitationAccept(token!), headers: bearer(person.token) }))
        .statusCode,
    ).toBe(200);
    const jobs = (await ctx.app.inject({ method: 'GET', url: careersPaths.jobs, headers: bearer(person.token) })).json().data.jobs as {
      id: number;
      position: string;
      is_current: boolean;
    }[];
    expect(jobs.map((j) => [j.position, j.is_current])).toEqual([
      ['Senior writer', true],
      ['Writer', false],
    ]);
    expect((await enterCompany(ctx, person, company.companyId)).length).toBeGreaterThan(10);
  });

  it('ends the job the same day when the membership ends at once: leaving from settings, or removal by the company', async () => {
    const fromSettings = await hireThroughInvitation(ctx, company, 'Editor');
    const left = await ctx.app.inject({
      method: 'DELETE',
      url: settingsApiPaths.membership(company.companyId),
      headers: bearer(fromSettings.person.token),
    });
    expect(left.statusCode, left.body).toBe(204);
    const removed = await hireThroughInvitation(ctx, company, 'Porter');
    const memberId = (
      await ctx.app.inject({
        method: 'GET',
        url: companyCareersPaths.employment(company.companyId, removed.employmentId),
        headers: bearer(company.owner.session),
      })
    ).json().data.person.member_id;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: workspacePaths.member(company.companyId, memberId),
          headers: bearer(company.owner.session),
        })
      ).statusCode,
    ).toBe(204);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    for (const { person, employmentId } of [fromSettings, removed]) {
      const job = await jobOf(person.token, employmentId);
      expect(job).toMatchObject({ end_date: today, can_leave: false });
      expect(job.events.map((e) => e.kind)).toEqual(['hired', 'left']);
    }
    await moveClock(ctx, company, day);
    expect((await jobOf(removed.person.token, removed.employmentId)).is_current).toBe(false);
  });
});
