// Careers end to end through the API: a hire from an accepted invitation makes the verified
// job, a reviewer rates it in two rounds (one N/A), the company gives final feedback, and the person
// sees it all, chooses what the public sees, replies, describes the job and leaves the next day.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achievementApiPaths, AchievementsOverview } from '../../contract/achievements.ts';
import { CareersResponse, careersPaths, companyCareersPaths, EmploymentDetails } from '../../contract/careers.ts';
import { CompanyEmploymentDetails } from '../../contract/careers-company.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { publicProfileApiPaths } from '../../contract/public-profile.ts';
import { notifications } from '../db/notification-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { eq } from 'drizzle-orm';
import { addCompetency, assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany, moveClock } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Acme Ltd');
});
afterAll(async () => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('a hire from an accepted invitation', () => {
  it('makes the verified job, records Hired by the company and tells the person', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Engineer');
    const list = await get(careersPaths.jobs, person.token);
    expect(list.statusCode).toBe(200);
    const jobs = CareersResponse.parse(list.json().data).jobs;
    expect(jobs).toEqual([
      expect.objectContaining({
        id: employmentId,
        verified: true,
        position: 'Engineer',
        is_current: true,
        start_date: '2026-11-22',
        months: 1,
        company: expect.objectContaining({ name: 'Acme Ltd', registered: true }),
      }),
    ]);
    const details = EmploymentDetails.parse((await get(careersPaths.job(employmentId), person.token)).json().data);
    expect(details.events.map((e) => [e.kind, e.position])).toEqual([['hired', 'Engineer']]);
    expect(details.can_leave).toBe(true);
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told.map((n) => n.kind)).toContain('hired');
  });
});

describe('reviews, the score and final feedback', () => {
  it('flows from the reviewer to the person, who chooses what the public sees', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Designer');
    const teamwork = await addCompetency(ctx, company, 'Teamwork', 2);
    const craft = await addCompetency(ctx, company, 'Craft', 1);
    const assigned = CompanyEmploymentDetails.parse(
      await assignReviewer(ctx, company, employmentId, company.reviewer.memberId, 'Designer'),
    );
    expect(assigned.events.map((e) => e.kind)).toEqual(['hired', 'reviewer_changed']);
    expect(assigned.events[1]!.reviewer_name).toBe(assigned.reviewer!.name);

    const first = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.reviewer.session, {
      reviewed_on: '2026-11-22',
      ratings: [
        { competency_id: teamwork, rating: 'good', comment: 'Listens well' },
        { competency_id: craft, rating: 'na' },
      ],
    });
    expect(first.statusCode, first.body).toBe(201);
    // Open workspaces of the company hear which list to read again (decision 091).
    await vi.waitFor(() =>
      expect(
        ctx.realtime.sent
          .filter((m) => m.event === 'company.changed' && m.channel === `private-company.${company.companyId}`)
          .map((m) => m.data),
      ).toContainEqual({
        company_id: company.companyId,
        lists: ['employments'],
      }),
    );
    expect(first.json().data.in_company_score_detail).toMatchObject({ score: 4, counted: 1, not_applicable: 1, total_weight: 2 });
    await moveClock(ctx, company, 86_400_000);
    const second = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.reviewer.session, {
      reviewed_on: '2026-11-23',
      ratings: [
        { competency_id: teamwork, rating: 'excellent' },
        { competency_id: craft, rating: 'satisfactory', comment: 'Getting there' },
      ],
    });
    expect(second.statusCode, second.body).toBe(201);
    // (5 × 2 + 3 × 1) / 3 = 4.33: the latest rating of each, weighted.
    expect(second.json().data.in_company_score_detail).toMatchObject({ score: 4.33, counted: 2, not_applicable: 0, total_weight: 3 });
    const feedback = await send('PUT', companyCareersPaths.endOfCollaboration(company.companyId, employmentId), company.reviewer.session, {
      planned_termination: '2027-06-30',
      final_feedback: 'A pleasure to work with.',
      collaboration_assessment: 'exceptional',
    });
    expect(feedback.statusCode, feedback.body).toBe(200);

    const details = EmploymentDetails.parse((await get(careersPaths.job(employmentId), person.token)).json().data);
    expect(details.reviews.map((r) => r.reviewed_on)).toEqual(['2026-11-23', '2026-11-22']);
    expect(details.reviews.every((r) => !r.is_public)).toBe(true);
    expect(details.competencies.find((c) => c.competency_id === craft)).toMatchObject({
      latest: 'satisfactory',
      history: [{ rating: 'na' }, { rating: 'satisfactory' }],
    });
    expect(details.in_company_score.score).toBe(4.33);
    expect(details.final_feedback).toMatchObject({ text: 'A pleasure to work with.', assessment: 'exceptional', is_public: false });
    expect(details).toMatchObject({ planned_termination: '2027-06-30', end_date: '2027-06-30', is_current: true });

    const [newer, older] = details.reviews;
    const shown = await send('PUT', careersPaths.reviewVisibility(employmentId, newer!.id), person.token, { is_public: true });
    expect(shown.statusCode, shown.body).toBe(200);
    await send('PUT', careersPaths.reviewVisibility(employmentId, older!.id), person.token, { is_public: true });
    const hidden = await send('PUT', careersPaths.reviewVisibility(employmentId, older!.id), person.token, { is_public: false });
    expect(hidden.json().data.reviews.map((r: { is_public: boolean }) => r.is_public)).toEqual([true, false]);
    const replied = await send('PUT', careersPaths.reviewReply(employmentId, newer!.id), person.token, { text: 'Thank you, team!' });
    expect(replied.json().data.reviews[0]).toMatchObject({ reply: 'Thank you, team!', replied_at: expect.any(String) });

    const visitor = await hireThroughInvitation(ctx, await careersCompany(ctx));
    const page = ProfilePage.parse((await get(profileApiPaths.pageOf(person.id), visitor.person.token)).json().data);
    const job = page.jobs.find((j) => j.id === employmentId)!;
    expect(job).toMatchObject({ verified: true, position: 'Designer', in_company_score: 4.33, final_feedback: null });
    expect(job.reviews).toEqual([expect.objectContaining({ id: newer!.id, reply: 'Thank you, team!' })]);

    // The same on the public profile, signed out (decision 208): the badge, the shown round
    // with its reply, never the hidden one.
    const address = `designer-${person.id}`;
    const sections = {
      experience: true,
      skills: true,
      languages: true,
      education: true,
      certifications: true,
      projects: true,
      contact: true,
    };
    const opened = await send('PUT', publicProfileApiPaths.settings, person.token, { address, is_public: true, noindex: false, sections });
    expect(opened.statusCode, opened.body).toBe(200);
    const html = (await ctx.app.inject({ method: 'GET', url: `/in/${address}` })).body;
    expect(html).toContain('Verified · identity not verified');
    expect(html).toContain('Thank you, team!');
    // The same figure as the app shows (two decimals at most), in each language's own way (decision 247).
    expect(html).toContain('In-company score: 4.33 of 6');
    const ukrainian = (await ctx.app.inject({ method: 'GET', url: `/uk/in/${address}` })).body;
    expect(ukrainian).toContain('Оцінка в компанії: 4,33 з 6');
    expect(ukrainian).toContain('Підтверджено компанією · особу компанії не перевірено');
    // The reply's author needs no declension and no second colon («Відповідь: Тарас:» read oddly).
    expect(ukrainian).toMatch(/<strong>[^<:]+ відповідає:<\/strong> Thank you, team!/);
    expect(html).not.toContain('Listens well');
    expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!).worksFor).toEqual([
      { '@type': 'Organization', name: 'Acme Ltd' },
    ]);
  });
});

describe('the score on the public profile', () => {
  it('is written with a decimal comma on the Ukrainian page and a point on the English one', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Researcher');
    const focus = await addCompetency(ctx, company, 'Focus', 1);
    const care = await addCompetency(ctx, company, 'Care', 1);
    await assignReviewer(ctx, company, employmentId, company.reviewer.memberId, 'Researcher');
    const round = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.reviewer.session, {
      reviewed_on: '2026-11-22',
      ratings: [
        { competency_id: focus, rating: 'good' },
        { competency_id: care, rating: 'excellent' },
      ],
    });
    expect(round.statusCode, round.body).toBe(201);
    expect(round.json().data.in_company_score_detail).toMatchObject({ score: 4.5 });
    const [review] = EmploymentDetails.parse((await get(careersPaths.job(employmentId), person.token)).json().data).reviews;
    expect((await send('PUT', careersPaths.reviewVisibility(employmentId, review!.id), person.token, { is_public: true })).statusCode).toBe(
      200,
    );
    const address = `researcher-${person.id}`;
    const opened = await send('PUT', publicProfileApiPaths.settings, person.token, {
      address,
      is_public: true,
      noindex: false,
      sections: { experience: true, skills: true, languages: true, education: true, certifications: true, projects: true, contact: true },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const ukrainian = (await ctx.app.inject({ method: 'GET', url: `/uk/in/${address}` })).body;
    expect(ukrainian).toContain('Оцінка в компанії: 4,5 з 6');
    // No decimal point anywhere a reader sees (the inline CSS and JSON-LD aside).
    const visible = ukrainian.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, ' ');
    expect(visible).not.toMatch(/\d\.\d/);
    const english = (await ctx.app.inject({ method: 'GET', url: `/in/${address}` })).body;
    expect(english).toContain('In-company score: 4.5 of 6');
  });
});

describe('leaving a company', () => {
  it('takes effect the next day: the workspace refuses the person from then on, and the company is told at once', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Analyst');
    const { enterCompany } = await import('../test/company-helpers.ts');
    const session = await enterCompany(ctx, person, company.companyId);
    const left = await send('POST', careersPaths.leave(employmentId), person.token);
    expect(left.statusCode, left.body).toBe(200);
    const tomorrow = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect(left.json().data).toMatchObject({ leaves_on: tomorrow, job: { leaves_on: tomorrow, can_leave: false, is_current: true } });
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, company.owner.person.id));
    expect(told.filter((n) => n.kind === 'member_left' && n.actorId === person.id)).toHaveLength(1);
    // Still today: the session works.
    expect((await get(workspacePaths.workspace(company.companyId), session)).statusCode).toBe(200);
    await moveClock(ctx, company, new Date(`${tomorrow}T00:00:00Z`));
    expect((await get(workspacePaths.workspace(company.companyId), session)).statusCode).toBe(401);
    const again = await send('POST', '/api/company-access', person.token, { company_id: company.companyId });
    expect(again.statusCode).toBe(403);
    const details = EmploymentDetails.parse((await get(careersPaths.job(employmentId), person.token)).json().data);
    expect(details).toMatchObject({
      is_current: false,
      end_date: new Date(new Date(`${tomorrow}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10),
    });
    expect(details.events.map((e) => e.kind)).toEqual(['hired', 'left']);
  });
});

describe('confirming a self-declared job', () => {
  it('shows the job once, as verified, carries the person’s words and documents, and loses nothing when either side goes', async () => {
    const { createPerson } = await import('../test/company-helpers.ts');
    const { multipartFile } = await import('../test/multipart.ts');
    const { sampleFiles } = await import('../test/sample-files.ts');
    const person = await createPerson(ctx, { firstName: 'Iryna' });
    const page = await send('POST', profileApiPaths.section('employments'), person.token, {
      position: 'Support lead',
      company_name: ' acme ltd ',
      start_date: '2018-03-01',
      end_date: '2021-08-31',
      is_current: false,
    });
    const selfId = page.json().data.employments[0].id as number;
    const before = CareersResponse.parse((await get(careersPaths.jobs, person.token)).json().data).jobs;
    expect(before).toEqual([
      expect.objectContaining({
        id: selfId,
        verified: false,
        company: expect.objectContaining({ id: company.companyId, registered: true, name: 'acme ltd' }),
        confirmation: null,
      }),
    ]);
    await send('PUT', careersPaths.experience(selfId), person.token, {
      experience_description: 'Ran the help desk.',
      technical_skills: ['Zendesk'],
    });
    const upload = multipartFile(sampleFiles.pdf(), 'reference.pdf');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: careersPaths.documents(selfId),
          headers: { ...upload.headers, ...bearer(person.token) },
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(201);

    const asked = await send('POST', careersPaths.confirmation(selfId), person.token, {
      company_id: company.companyId,
      message: 'I worked in support.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().data.confirmation).toEqual({ status: 'pending', company_id: company.companyId });
    const askedTwice = await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId });
    expect([askedTwice.statusCode, askedTwice.json().code]).toEqual([409, 'confirmation_already_requested']);
    const open = (await get(companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data;
    const request = open.find((r: { person: { user_id: number } }) => r.person.user_id === person.id);
    expect(request).toMatchObject({
      position: 'Support lead',
      start_date: '2018-03-01',
      end_date: '2021-08-31',
      message: 'I worked in support.',
      status: 'pending',
    });
    const decided = await send('POST', companyCareersPaths.confirmationDecision(company.companyId, request.id), company.admin.session, {
      decision: 'confirm',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const verifiedId = decided.json().data.employment_id as number;
    const decidedTwice = await send(
      'POST',
      companyCareersPaths.confirmationDecision(company.companyId, request.id),
      company.admin.session,
      { decision: 'decline' },
    );
    expect([decidedTwice.statusCode, decidedTwice.json().code]).toEqual([409, 'request_already_decided']);
    const askedForVerified = await send('POST', careersPaths.confirmation(verifiedId), person.token, { company_id: company.companyId });
    expect([askedForVerified.statusCode, askedForVerified.json().code]).toEqual([409, 'job_already_verified']);

    const after = CareersResponse.parse((await get(careersPaths.jobs, person.token)).json().data).jobs;
    expect(after).toEqual([
      expect.objectContaining({
        id: verifiedId,
        verified: true,
        self_declared_id: selfId,
        position: 'Support lead',
        end_date: '2021-08-31',
        is_current: false,
      }),
    ]);
    // The self-declared id opens the verified job, with the person's words and documents.
    const details = EmploymentDetails.parse((await get(careersPaths.job(selfId), person.token)).json().data);
    expect(details).toMatchObject({
      id: verifiedId,
      verified: true,
      experience_description: 'Ran the help desk.',
      technical_skills: ['Zendesk'],
      can_leave: false,
    });
    expect(details.documents.map((d) => d.name)).toEqual(['reference.pdf']);
    expect(details.events.map((e) => e.kind)).toEqual(['confirmed']);

    // Deleting the self-declared entry keeps the company's record (decision 092).
    expect((await send('DELETE', profileApiPaths.sectionItem('employments', selfId), person.token)).statusCode).toBe(200);
    expect(
      CareersResponse.parse((await get(careersPaths.jobs, person.token)).json().data).jobs.map((j) => [
        j.id,
        j.verified,
        j.self_declared_id,
      ]),
    ).toEqual([[verifiedId, true, null]]);
    expect(
      EmploymentDetails.parse((await get(careersPaths.job(verifiedId), person.token)).json().data).documents.map((d) => d.name),
    ).toEqual(['reference.pdf']);
  });

  it('tells the owner and admins who decide it, not other members; a decline tells the person', async () => {
    const { createPerson } = await import('../test/company-helpers.ts');
    const kindsOf = async (userId: number) =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => ({
        kind: n.kind,
        scope: n.scope,
        actorId: n.actorId,
        companyId: n.companyId,
      }));
    const person = await createPerson(ctx, { firstName: 'Bohdan' });
    const page = await send('POST', profileApiPaths.section('employments'), person.token, {
      position: 'Tester',
      company_name: 'Acme Ltd',
      start_date: '2019-01-01',
      end_date: '2020-01-31',
      is_current: false,
    });
    const selfId = page.json().data.employments[0].id as number;
    const asked = await send('POST', careersPaths.confirmation(selfId), person.token, { company_id: company.companyId });
    expect(asked.statusCode, asked.body).toBe(201);

    const request = { kind: 'confirmation_requested', scope: 'company', actorId: person.id, companyId: company.companyId };
    expect(await kindsOf(company.owner.person.id)).toContainEqual(request);
    expect(await kindsOf(company.admin.person.id)).toContainEqual(request);
    expect((await kindsOf(company.member.person.id)).map((n) => n.kind)).not.toContain('confirmation_requested');
    expect((await kindsOf(company.reviewer.person.id)).map((n) => n.kind)).not.toContain('confirmation_requested');
    expect((await kindsOf(person.id)).map((n) => n.kind)).not.toContain('confirmation_requested');

    const open = (await get(companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data;
    const { id } = open.find((r: { person: { user_id: number } }) => r.person.user_id === person.id);
    const declined = await send('POST', companyCareersPaths.confirmationDecision(company.companyId, id), company.admin.session, {
      decision: 'decline',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await kindsOf(person.id)).toContainEqual({
      kind: 'confirmation_declined',
      scope: 'personal',
      actorId: company.admin.person.id,
      companyId: company.companyId,
    });
  });
});

describe('the competency achievement', () => {
  const excellence = async (token: string) => {
    const answer = await get(achievementApiPaths.own, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return AchievementsOverview.parse(answer.json().data).items.find((item) => item.code === 'competency_excellent')!;
  };

  it('unlocks when a round rates a competency Excellent or above, not before, and the person is told', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Analyst');
    const insight = await addCompetency(ctx, company, 'Insight', 1);
    await assignReviewer(ctx, company, employmentId, company.reviewer.memberId, 'Analyst');
    const good = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.reviewer.session, {
      reviewed_on: '2026-11-22',
      ratings: [{ competency_id: insight, rating: 'good' }],
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(await excellence(person.token)).toMatchObject({ progress: 0, unlocked_at: null });

    const excellent = await send('POST', companyCareersPaths.reviews(company.companyId, employmentId), company.reviewer.session, {
      reviewed_on: '2026-11-23',
      ratings: [{ competency_id: insight, rating: 'exceptional' }],
    });
    expect(excellent.statusCode, excellent.body).toBe(201);
    expect(await excellence(person.token)).toMatchObject({ progress: 1, unlocked_at: expect.any(String) });
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told.filter((n) => n.kind === 'achievement_unlocked')).not.toHaveLength(0);
  });
});
