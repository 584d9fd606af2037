// The demo data `npm start` seeds: the demo person signs in and finds a company-verified job with its
// score and a public review beside her own earlier job, her company's workspace with a request to
// decide, and the news of all of it; a second start changes nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CareersResponse, careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { NotificationList, notificationApiPaths } from '../../contract/notifications.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { companyDomains } from '../db/company-schema.ts';
import { files } from '../db/profile-schema.ts';
import { companies, users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { demoApplicantEmail, demoCompanyName, demoCompanyOwnerEmail } from './company.ts';
import { demoCompanyDomain } from './domain.ts';
import { seedDemo } from './seed.ts';

const demo = { email: 'demo@profiles.test', password: 'Demo-Passw0rd' };
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.database.db, demo, ctx.store, ctx.clock.now())).toBe(true);
});
afterAll(async () => ctx.close());

async function signIn(login: string): Promise<{ id: number; email: string; token: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { login, password: demo.password } });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.token as string;
  const me = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(token) });
  return { id: me.json().data.user_id as number, email: login, token };
}

describe('the demo data', () => {
  it('gives the demo person a verified, reviewed job beside her own earlier one', async () => {
    const olena = await signIn(demo.email);
    const jobs = CareersResponse.parse(
      (await ctx.app.inject({ method: 'GET', url: careersPaths.jobs, headers: bearer(olena.token) })).json().data,
    ).jobs;
    expect(jobs.map((j) => [j.company.name, j.position, j.verified, j.is_current])).toEqual([
      [demoCompanyName, 'Lead product designer', true, true],
      ['Lumen Bank', 'Product designer', false, false],
    ]);

    // Visitors see the round she chose to show, her reply and the score it carries (5 of 6).
    const visitor = await signIn(demoCompanyOwnerEmail);
    const page = ProfilePage.parse(
      (await ctx.app.inject({ method: 'GET', url: profileApiPaths.pageOf(olena.id), headers: bearer(visitor.token) })).json().data,
    );
    const verified = page.jobs.find((j) => j.verified)!;
    expect(verified.reviews.map((r) => [r.reviewed_on, r.reply])).toEqual([
      ['2025-12-05', 'Thank you: the system is the whole team’s work.'],
    ]);
    expect(verified.in_company_score).toBe(5);
    // And a profile worth reading: endorsed skills, languages, education, an accepted recommendation.
    expect(page.skills.map((s) => [s.name, s.endorsement_count, s.endorsed_by_me])).toEqual([
      ['Product design', 1, true],
      ['Accessibility', 1, true],
      ['Design systems', 1, true],
      ['User research', 0, false],
    ]);
    expect(page.languages.map((l) => [l.code, l.proficiency])).toEqual([
      ['uk', 'native'],
      ['en', 'C1'],
    ]);
    expect(page.educations.map((e) => e.school)).toEqual(['Kyiv Polytechnic Institute']);
    expect(page.recommendations.map((r) => r.status)).toEqual(['accepted']);
  });

  it('makes her an admin of the company, with a request to confirm a job waiting and its news', async () => {
    const olena = await signIn(demo.email);
    const companyId = (await ctx.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, demoCompanyName)))[0]!
      .id;
    const session = await enterCompany(ctx, olena, companyId);
    const open = await ctx.app.inject({ method: 'GET', url: companyCareersPaths.confirmations(companyId), headers: bearer(session) });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data.map((r: { person: { name: string }; position: string }) => [r.person.name, r.position])).toEqual([
      ['Maksym Bondar', 'Frontend engineer'],
    ]);

    const news = NotificationList.parse(
      (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(olena.token) })).json().data,
    );
    expect(new Set(news.items.map((n) => n.kind))).toEqual(
      new Set(['hired', 'review_received', 'achievement_unlocked', 'confirmation_requested']),
    );
  });

  it('shows faces: every demo person has a photo and a cover, and the company a logo and a cover, served as images', async () => {
    const olena = await signIn(demo.email);
    const served = async (url: string | null | undefined, type: string) => {
      expect(url).toMatch(/^\/api\/files\//);
      const res = await ctx.app.inject({ method: 'GET', url: url!, headers: bearer(olena.token) });
      expect(res.statusCode, url!).toBe(200);
      expect(res.headers['content-type']).toContain(type);
      expect(res.rawPayload.length).toBeGreaterThan(5_000);
    };
    for (const email of [demo.email, demoCompanyOwnerEmail, demoApplicantEmail]) {
      const [person] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const page = ProfilePage.parse(
        (await ctx.app.inject({ method: 'GET', url: profileApiPaths.pageOf(person!.id), headers: bearer(olena.token) })).json().data,
      );
      await served(page.photo_url, 'image/png');
      await served(page.cover_url, 'image/jpeg');
    }
    const jobs = CareersResponse.parse(
      (await ctx.app.inject({ method: 'GET', url: careersPaths.jobs, headers: bearer(olena.token) })).json().data,
    ).jobs;
    await served(jobs.find((j) => j.verified)!.company.logo_url, 'image/png');
    // Stored as uploads are: one photo and one cover row each, and the company's two, nothing more.
    expect((await ctx.database.db.select({ n: count() }).from(files))[0]!.n).toBe(8);
  });

  it('gives the company its verified domain, shown to its owner in the workspace', async () => {
    const owner = await signIn(demoCompanyOwnerEmail);
    const [company] = await ctx.database.db.select({ id: companies.id }).from(companies).where(eq(companies.name, demoCompanyName));
    const session = await enterCompany(ctx, owner, company!.id);
    const res = await ctx.app.inject({ method: 'GET', url: workspacePaths.domains(company!.id), headers: bearer(session) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ domain: demoCompanyDomain, status: 'verified', method: 'demo', last_failure: null }),
    ]);
  });

  it('changes nothing when seeded again', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
    expect(await seedDemo(ctx.database.db, demo, ctx.store, ctx.clock.now())).toBe(false);
    expect((await ctx.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    expect((await ctx.database.db.select({ n: count() }).from(companies).where(eq(companies.name, demoCompanyName)))[0]!.n).toBe(1);
    expect((await ctx.database.db.select({ n: count() }).from(files))[0]!.n).toBe(8);
    expect((await ctx.database.db.select({ n: count() }).from(companyDomains))[0]!.n).toBe(1);
  });
});
