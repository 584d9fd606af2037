// A published opening's public page (decision 255), signed out: plain HTML with no script,
// JobPosting JSON-LD that parses and carries what Google's job search requires, Open Graph, canonical
// and language links, ETag/304; 404 for drafts, unknown ids and other companies' ids; 410 once closed
// or past its closing date; the company page's list of open jobs; the sitemap; free text inert.
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePaths } from '../../contract/company-routes.ts';
import { openingPaths, type SaveOpeningRequest } from '../../contract/jobs.ts';
import { companyDomains } from '../db/company-schema.ts';
import { jobOpenings } from '../db/jobs-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let site: string;
beforeAll(async () => {
  ctx = await createTestContext();
  site = ctx.config.publicSiteUrl.replace(/\/+$/, '');
});
afterAll(async () => ctx.close());

let serial = 0;
interface Company {
  companyId: number;
  session: string;
  address: string;
}

async function company(name: string, page: { is_public?: boolean; noindex?: boolean } = {}): Promise<Company> {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner, name);
  const session = await enterCompany(ctx, owner, companyId);
  const address = `jobs-${Date.now().toString(36)}-${(serial += 1)}`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: workspacePaths.publicPageSettings(companyId),
    headers: { ...bearer(session), 'content-type': 'application/json' },
    payload: JSON.stringify({ address, is_public: page.is_public ?? true, noindex: page.noindex ?? false }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { companyId, session, address };
}

const opening = (more: Partial<SaveOpeningRequest> = {}): SaveOpeningRequest => ({
  title: 'Backend engineer',
  description: 'We build **maps**.\n\n- Go\n- [PostgreSQL](https://www.postgresql.org/)',
  location: 'Kyiv',
  remote: false,
  employment_type: 'full_time',
  salary_min: 3000,
  salary_max: 4500,
  salary_currency: 'EUR',
  salary_period: 'month',
  competencies: [],
  skills: ['Go'],
  languages: [{ code: 'uk', level: 'C1' }],
  team_id: null,
  closes_on: '2026-12-31',
  ...more,
});

async function post(c: Company, path: string, body?: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { ...bearer(c.session), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
}
async function published(c: Company, more: Partial<SaveOpeningRequest> = {}): Promise<number> {
  const { id } = await post(c, openingPaths.openings(c.companyId), opening(more));
  await post(c, openingPaths.publish(c.companyId, id));
  return id;
}
const visit = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });
const jsonLdOf = (html: string) => {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(block).not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, unknown>;
};
/** The sitemap as made now: it is kept five minutes, so the clock moves past that first. */
const freshSitemap = async () => {
  ctx.clock.advance(301_000);
  return (await visit('/sitemap.xml')).body;
};

describe('a published opening’s public page', () => {
  it('links Apply to the site’s application page in its language, which asks a signed-out visitor to sign in (decision 262)', async () => {
    const c = await company('Applying Ltd');
    const id = await published(c);
    expect((await visit(`/company/${c.address}/jobs/${id}`)).body).toContain(
      `<a class="button" href="/applications?apply=${id}">Apply</a>`,
    );
    expect((await visit(`/uk/company/${c.address}/jobs/${id}`)).body).toContain(
      `<a class="button" href="/uk/applications?apply=${id}">Подати заявку</a>`,
    );
  });

  it('is plain HTML with JobPosting JSON-LD carrying every field Google requires', async () => {
    const c = await company('Northwind Studio');
    await ctx.database.db.insert(companyDomains).values({
      companyId: c.companyId,
      domain: 'northwind.example',
      token: 't',
      status: 'verified',
      method: 'dns',
      verifiedAt: ctx.clock.now(),
    });
    const id = await published(c);
    const res = await visit(`/company/${c.address}/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    const ld = jsonLdOf(res.body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Backend engineer',
      datePosted: ctx.clock.now().toISOString(),
      validThrough: '2026-12-31T23:59:59Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Northwind Studio',
        url: `${site}/company/${c.address}`,
        sameAs: ['https://northwind.example/'],
      },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Kyiv' } },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'EUR',
        value: { '@type': 'QuantitativeValue', minValue: 3000, maxValue: 4500, unitText: 'MONTH' },
      },
    });
    expect(ld['description']).toBe(
      '<p>We build <strong>maps</strong>.</p><ul><li>Go</li><li><a href="https://www.postgresql.org/" rel="nofollow noopener ugc">PostgreSQL</a></li></ul>',
    );
    expect(ld).not.toHaveProperty('jobLocationType');
    // The page: canonical, language alternates, Open Graph, and what it shows.
    expect(res.body).toContain(`<link rel="canonical" href="${site}/company/${c.address}/jobs/${id}">`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="uk" href="${site}/uk/company/${c.address}/jobs/${id}">`);
    expect(res.body).toContain('<meta property="og:title" content="Backend engineer — Northwind Studio">');
    expect(res.body).toContain('3000–4500 EUR per month'.replace('3000', '3,000').replace('4500', '4,500'));
    expect(res.body).toContain('Ukrainian');
    const uk = await visit(`/uk/company/${c.address}/jobs/${id}`);
    expect(uk.statusCode).toBe(200);
    expect(uk.body).toContain('<html lang="uk">');
    expect(uk.body).toContain('Повна зайнятість');
    expect(uk.body).toContain(`<link rel="canonical" href="${site}/uk/company/${c.address}/jobs/${id}">`);
  });

  it('marks a remote job TELECOMMUTE with where applicants may be, and leaves out a salary not given', async () => {
    const c = await company('Remote Co');
    const id = await published(c, {
      remote: true,
      location: null,
      salary_min: null,
      salary_max: null,
      salary_currency: null,
      salary_period: null,
      employment_type: 'contract',
    });
    const ld = jsonLdOf((await visit(`/company/${c.address}/jobs/${id}`)).body);
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'AdministrativeArea' },
      employmentType: 'CONTRACTOR',
    });
    expect(ld).not.toHaveProperty('baseSalary');
    expect(ld).not.toHaveProperty('jobLocation');
    expect((ld['hiringOrganization'] as Record<string, unknown>)['sameAs']).toBeUndefined();
  });

  it('stays within 14 KB gzip with every field at its longest, and carries no script to run', async () => {
    const c = await company('A company with a long enough name to matter');
    const paragraph = 'We build **maps** of the sea floor with [open data](https://example.org/data) and care. '.repeat(12);
    const id = await published(c, {
      title: 'T'.repeat(160),
      description: Array.from({ length: 8 }, () => paragraph)
        .join('\n\n')
        .slice(0, 10_000),
      skills: Array.from({ length: 30 }, (_, i) => `Skill number ${i} with a longer name`),
      languages: ['en', 'uk', 'de', 'fr', 'pl', 'es', 'it', 'pt', 'nl', 'cs'].map((code) => ({ code, level: 'B2' as const })),
    });
    const res = await visit(`/company/${c.address}/jobs/${id}`, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThanOrEqual(14 * 1024);
    expect(gunzipSync(res.rawPayload).toString()).not.toMatch(/<script(?! type="application\/ld\+json")/);
  });

  it('answers 304 to its ETag and gzip when asked', async () => {
    const c = await company('Etag Co');
    const id = await published(c);
    const first = await visit(`/company/${c.address}/jobs/${id}`);
    const tag = String(first.headers['etag']);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect((await visit(`/company/${c.address}/jobs/${id}`, { 'if-none-match': tag })).statusCode).toBe(304);
    expect((await visit(`/company/${c.address}/jobs/${id}`, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('keeps HTML and scripts typed into every field inert', async () => {
    const c = await company('<img src=x onerror=alert(1)> Co');
    const id = await published(c, {
      title: '</script><script>alert(1)</script>',
      description: '<script>alert(2)</script>\n\n[x](javascript:alert(3))',
      location: '"><svg onload=alert(4)>',
      skills: ['<b>x</b>'],
    });
    const res = await visit(`/company/${c.address}/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>|<svg|<img src=x|<b>x|href="javascript/);
    const ld = jsonLdOf(res.body);
    expect(ld['title']).toBe('</script><script>alert(1)</script>');
    const companyPage = await visit(`/company/${c.address}`);
    expect(companyPage.body).not.toMatch(/<script>|<img src=x/);
  });
});

describe('what is not, or no longer, public', () => {
  it('answers 404 for a draft, an unknown id, another company’s opening and a malformed id', async () => {
    const c = await company('Drafts Co');
    const other = await company('Other Co');
    const { id: draft } = await post(c, openingPaths.openings(c.companyId), opening());
    const othersId = await published(other);
    for (const path of [
      `/company/${c.address}/jobs/${draft}`,
      `/company/${c.address}/jobs/999999`,
      `/company/${c.address}/jobs/${othersId}`,
      `/company/${c.address}/jobs/abc`,
      `/company/nobody-here/jobs/${othersId}`,
    ]) {
      const res = await visit(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('noindex');
    }
  });

  it('answers 410 with a page saying so once closed or past its date, and leaves the sitemap; reopened it returns', async () => {
    const c = await company('Closing Co');
    const id = await published(c);
    const expiring = await published(c, { title: 'Expiring job', closes_on: '2026-11-25' });
    const path = `/company/${c.address}/jobs/${id}`;
    let sitemap = await freshSitemap();
    expect(sitemap).toContain(`<loc>${site}${path}</loc>`);
    expect(sitemap).toContain(`<loc>${site}/uk${path}</loc>`);
    expect(sitemap).toContain(`/jobs/${expiring}</loc>`);

    await post(c, openingPaths.close(c.companyId, id));
    const gone = await visit(path);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This job is closed');
    expect(gone.body).toContain('<meta name="robots" content="noindex">');
    expect(gone.body).toContain(`href="/company/${c.address}"`);
    expect((await visit(`/uk${path}`)).body).toContain('Вакансію закрито');
    // Past its closing date: the same.
    await ctx.database.db.update(jobOpenings).set({ closesOn: '2026-11-01' }).where(eq(jobOpenings.id, expiring));
    expect((await visit(`/company/${c.address}/jobs/${expiring}`)).statusCode).toBe(410);
    sitemap = await freshSitemap();
    expect(sitemap).not.toContain(`/jobs/${id}<`);
    expect(sitemap).not.toContain(`/jobs/${expiring}<`);
    const companyPage = (await visit(`/company/${c.address}`)).body;
    expect(companyPage).not.toContain(`/jobs/${id}"`);
    expect(companyPage).not.toContain('Expiring job');

    await post(c, openingPaths.reopen(c.companyId, id));
    expect((await visit(path)).statusCode).toBe(200);
    expect(await freshSitemap()).toContain(`<loc>${site}${path}</loc>`);
  });

  it('follows the company page: off means 404, noindex carries over and keeps it out of the sitemap', async () => {
    const off = await company('Off Co', { is_public: false });
    const offId = await published(off);
    expect((await visit(`/company/${off.address}/jobs/${offId}`)).statusCode).toBe(404);
    const hidden = await company('Hidden Co', { noindex: true });
    const hiddenId = await published(hidden);
    const page = await visit(`/company/${hidden.address}/jobs/${hiddenId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    const sitemap = await freshSitemap();
    expect(sitemap).not.toContain(hidden.address);
    expect(sitemap).not.toContain(off.address);
  });

  it('moves with the company’s address (301), and another spelling of it', async () => {
    const c = await company('Moving Co');
    const id = await published(c);
    const res = await visit(`/company/${c.address.toUpperCase()}/jobs/${id}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers['location']).toBe(`/company/${c.address}/jobs/${id}`);
  });
});

describe('the company page', () => {
  it('lists its open jobs with links, in both languages', async () => {
    const c = await company('Listing Co');
    const id = await published(c, { title: 'Data analyst', remote: true });
    const { id: draft } = await post(c, openingPaths.openings(c.companyId), opening({ title: 'Secret draft' }));
    const en = (await visit(`/company/${c.address}`)).body;
    expect(en).toContain('Open jobs');
    expect(en).toContain(`<a href="/company/${c.address}/jobs/${id}">Data analyst</a>`);
    expect(en).toContain('Full-time · Kyiv · Remote');
    expect(en).not.toContain('Secret draft');
    expect(en).not.toContain(`/jobs/${draft}"`);
    const uk = (await visit(`/uk/company/${c.address}`)).body;
    expect(uk).toContain('Відкриті вакансії');
    expect(uk).toContain(`<a href="/uk/company/${c.address}/jobs/${id}">Data analyst</a>`);
  });
});
