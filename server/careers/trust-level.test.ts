// A confirmed job's level of trust (decision 257) on the reads that show jobs: a company that
// proved no domain confirms at level 2 ("identity not verified"); once it holds a verified domain, the
// same job is level 3 and names the domain; a pending or lapsed domain counts for nothing. The app's
// reads and the public page agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths } from '../../contract/careers.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { trustLevelOf } from '../../contract/trust.ts';
import { companyDomains } from '../db/company-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation } from './fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe("a confirmed job's level of trust", () => {
  it('follows whether the confirming company proved its domain, on the profile and the careers list, for the person and for others', async () => {
    const company = await careersCompany(ctx, 'Northwind Studio');
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Engineer');
    const viewer = company.member.person;
    const levels = async () => {
      const own = ProfilePage.parse((await get(profileApiPaths.page, person.token)).json().data);
      const seen = ProfilePage.parse((await get(profileApiPaths.pageOf(String(person.id)), viewer.token)).json().data);
      const careers = (await get(careersPaths.jobs, person.token)).json().data.jobs as {
        id: number;
        verified: boolean;
        company: { verified_domain: string | null };
      }[];
      return [own.jobs, seen.jobs, careers].map((jobs) => {
        const job = jobs.find((j) => j.id === employmentId)!;
        return [trustLevelOf(job), job.company.verified_domain];
      });
    };
    expect(await levels()).toEqual(Array(3).fill(['company_confirmed', null]));
    // The public page says the same in words.
    const address = `trust-${person.id}`;
    const on = await ctx.app.inject({
      method: 'PUT',
      url: publicProfileApiPaths.settings,
      headers: bearer(person.token),
      payload: { address, is_public: true, noindex: false, sections: defaultPublicProfileSections },
    });
    expect(on.statusCode, on.body).toBe(200);
    const publicBadge = async (path: string) =>
      /<li><h3>Engineer(<span class="badge[^"]*"[^>]*>[^<]*<\/span>)/.exec((await ctx.app.inject({ method: 'GET', url: path })).body)?.[1];
    expect(await publicBadge(`/in/${address}`)).toContain('>Verified · identity not verified<');
    expect(await publicBadge(`/uk/in/${address}`)).toContain('>Підтверджено компанією · особу компанії не перевірено<');

    const [pending] = await ctx.database.db
      .insert(companyDomains)
      .values({ companyId: company.companyId, domain: 'northwind.example', token: 'pending-token' })
      .returning();
    expect(await levels()).toEqual(Array(3).fill(['company_confirmed', null]));

    await ctx.database.db.insert(companyDomains).values({
      companyId: company.companyId,
      domain: 'xn--northwnd-h2a.example',
      token: 'verified-token',
      status: 'verified',
      method: 'dns',
      verifiedAt: ctx.clock.now(),
    });
    // The domain as people read it (Unicode), not its punycode.
    expect(await levels()).toEqual(Array(3).fill(['domain_verified', 'northwínd.example']));
    expect(await publicBadge(`/in/${address}`)).toContain('>✓ Verified · northwínd.example<');
    expect(await publicBadge(`/uk/in/${address}`)).toContain('>✓ Підтверджено компанією · northwínd.example<');
    expect(pending!.status).toBe('pending');
  });
});
