// Finding openings on /jobs (decision 269): signed-in people only; words with typos, parts
// of words and either alphabet; each filter; the salary across periods in one currency; the ladder's
// word on each company; cursor pages; drafts, closed and expired openings and openings without a job
// page never found; bad input a clear 4xx; the header's suggestions offer openings. Both engines.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePaths } from '../../contract/company-routes.ts';
import { openingPaths, type SaveOpeningRequest } from '../../contract/jobs.ts';
import { jobSearchApiPaths, type JobResult, type JobSearchResults } from '../../contract/jobs-search.ts';
import { searchApiPaths, type Suggestions } from '../../contract/search.ts';
import { companyDomains } from '../db/company-schema.ts';
import { companies, users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let reader: Person;
let serial = 0;

interface Company {
  companyId: number;
  owner: Person;
  session: string;
  address: string;
}

async function company(name: string, isPublic = true): Promise<Company> {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner, name);
  const session = await enterCompany(ctx, owner, companyId);
  const address = `search-${Date.now().toString(36)}-${(serial += 1)}`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: workspacePaths.publicPageSettings(companyId),
    headers: { ...bearer(session), 'content-type': 'application/json' },
    payload: JSON.stringify({ address, is_public: isPublic, noindex: false }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { companyId, owner, session, address };
}

const opening = (more: Partial<SaveOpeningRequest> = {}): SaveOpeningRequest => ({
  title: 'Backend engineer',
  description: 'We build maps.',
  location: 'Kyiv',
  remote: false,
  employment_type: 'full_time',
  salary_min: 3000,
  salary_max: 4500,
  salary_currency: 'EUR',
  salary_period: 'month',
  competencies: [],
  skills: ['Go', 'PostgreSQL'],
  languages: [],
  team_id: null,
  closes_on: '2026-12-31',
  ...more,
});

async function post(c: Company, path: string, body?: unknown): Promise<{ id: number }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { ...bearer(c.session), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data as { id: number };
}
async function draft(c: Company, more: Partial<SaveOpeningRequest> = {}): Promise<number> {
  return (await post(c, openingPaths.openings(c.companyId), opening(more))).id;
}
async function published(c: Company, more: Partial<SaveOpeningRequest> = {}): Promise<number> {
  const id = await draft(c, more);
  await post(c, openingPaths.publish(c.companyId, id));
  return id;
}

const find = (query: string, who: Person | null = reader) =>
  ctx.app.inject({ method: 'GET', url: `${jobSearchApiPaths.search}?${query}`, headers: who ? bearer(who.token) : {} });
async function ids(query: string): Promise<number[]> {
  const res = await find(query);
  expect(res.statusCode, `${query} -> ${res.body}`).toBe(200);
  return (res.json().data as JobSearchResults).items.map((i) => i.id).sort((a, b) => a - b);
}

let northwind: Company;
let unverified: Company;
let hidden: Company;
const o: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createPerson(ctx);
  northwind = await company('Northwind Studio');
  unverified = await company('Contoso Labs');
  hidden = await company('Hidden Works', false);
  await ctx.database.db.insert(companyDomains).values({
    companyId: northwind.companyId,
    domain: 'northwind.test',
    token: 'search-token',
    status: 'verified',
    method: 'dns',
    verifiedAt: ctx.clock.now(),
  });
  o['backend'] = await published(northwind);
  o['designer'] = await published(northwind, {
    title: 'Product designer',
    location: 'Львів',
    remote: true,
    employment_type: 'part_time',
    salary_min: 40,
    salary_max: null,
    salary_currency: 'EUR',
    salary_period: 'hour',
    skills: ['Figma', 'Accessibility'],
  });
  o['ukrainian'] = await published(unverified, {
    title: 'Розробник мобільних застосунків',
    location: 'Київ',
    employment_type: 'contract',
    salary_min: 90_000,
    salary_max: 120_000,
    salary_currency: 'UAH',
    salary_period: 'month',
    skills: ['Kotlin'],
  });
  o['unsafe'] = await published(unverified, {
    title: '<script>alert(1)</script> Tester',
    location: null,
    remote: true,
    salary_min: null,
    salary_max: null,
    salary_currency: null,
    salary_period: null,
  });
  o['draft'] = await draft(northwind, { title: 'Backend engineer draft' });
  o['closed'] = await published(northwind, { title: 'Backend engineer closed' });
  await post(northwind, openingPaths.close(northwind.companyId, o['closed']!));
  o['expiring'] = await published(northwind, { title: 'Backend engineer expiring', closes_on: '2026-11-23' });
  o['noPage'] = await published(hidden, { title: 'Backend engineer hidden' });
});
afterAll(async () => ctx.close());

describe('who may search openings', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await find('q=backend', null);
    expect(res.statusCode).toBe(401);
    expectErrorAnswer(res);
  });

  it('refuses an account that proved neither an email nor a phone, as people search does (403 verify_to_search)', async () => {
    const throwaway = await createPerson(ctx, { email: `throwaway-${++serial}@example.test` });
    await ctx.database.db.update(users).set({ emailVerifiedAt: null, phoneVerifiedAt: null }).where(eq(users.id, throwaway.id));
    const res = await find('q=backend', throwaway);
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([403, 'verify_to_search']);
  });

  it('answers any signed-in person, a company owner too, with the same openings', async () => {
    expect(await ids('q=backend')).toContain(o['backend']);
    const res = await find('q=backend', northwind.owner);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as JobSearchResults).items.map((i) => i.id)).toContain(o['backend']);
  });
});

describe('what is found', () => {
  it('never finds drafts, closed openings, those past their closing date or without a job page', async () => {
    const found = await ids('q=backend engineer');
    expect(found).toContain(o['backend']);
    expect(found).toContain(o['expiring']);
    for (const key of ['draft', 'closed', 'noPage']) expect(found, key).not.toContain(o[key]);
    expect(await ids('')).not.toContain(o['draft']);
  });

  it('forgives a typo and finds parts of words, in title, company, place and skills', async () => {
    for (const q of ['bakend enginer', 'engin', 'northwnd backend', 'postgres', 'figma designer'])
      expect((await ids(`q=${encodeURIComponent(q)}`)).length, q).toBeGreaterThan(0);
    expect(await ids('q=bakend')).toContain(o['backend']);
    expect(await ids('q=figma')).toEqual([o['designer']]);
  });

  it('finds a Ukrainian title and place typed in either alphabet and the usual spellings', async () => {
    for (const q of ['розробник', 'rozrobnyk', 'розробнік', 'мобільних', 'Kyiv розробник', 'Kiev kotlin'])
      expect(await ids(`q=${encodeURIComponent(q)}`), q).toContain(o['ukrainian']);
    expect(await ids(`location=${encodeURIComponent('Lviv')}`)).toEqual([o['designer']]);
    expect(await ids(`location=${encodeURIComponent('Київ')}`)).toEqual(
      [o['backend'], o['ukrainian'], o['expiring']].sort((a, b) => a! - b!),
    );
  });

  it('narrows by remote, place or remote, employment type, skill and company', async () => {
    expect(await ids('remote=true')).toEqual([o['designer'], o['unsafe']]);
    expect(await ids('remote=true&location=Kyiv')).toEqual([o['backend'], o['designer'], o['ukrainian'], o['unsafe'], o['expiring']]);
    expect(await ids('type=contract')).toEqual([o['ukrainian']]);
    expect(await ids('skill=kotlin')).toEqual([o['ukrainian']]);
    expect(await ids('skill=acessibility')).toEqual([o['designer']]);
    expect(await ids(`company=${encodeURIComponent('contoso')}`)).toEqual([o['ukrainian'], o['unsafe']]);
    expect(await ids(`company=${encodeURIComponent('Nortwind')}&q=designer`)).toEqual([o['designer']]);
    // The company's name, not the rest of what an opening is found by: a title's word names no company.
    expect(await ids('company=designer')).toEqual([]);
    expect(await ids('company=kotlin')).toEqual([]);
  });

  it('compares a salary minimum per year in its own currency, never across currencies', async () => {
    // Backend: up to 4,500 EUR a month (54,000 a year); designer: 40 EUR an hour (83,200 a year).
    expect(await ids('salary_min=50000&currency=EUR&period=year')).toEqual([o['backend'], o['designer'], o['expiring']]);
    expect(await ids('salary_min=5000&currency=EUR')).toEqual([o['designer']]);
    expect(await ids('salary_min=30&currency=EUR&period=hour')).toEqual([o['designer']]);
    expect(await ids('salary_min=100000&currency=UAH&period=month')).toEqual([o['ukrainian']]);
    expect(await ids('salary_min=1&currency=USD')).toEqual([]);
  });

  it('keeps to companies that proved their domain when asked, and says the ladder on each result', async () => {
    expect(await ids('verified=true')).toEqual([o['backend'], o['designer'], o['expiring']]);
    const res = await find('q=backend');
    const items = (res.json().data as JobSearchResults).items;
    const backend = items.find((i) => i.id === o['backend'])!;
    expect(backend.company).toMatchObject({ name: 'Northwind Studio', verified_domain: 'northwind.test', address: northwind.address });
    const contoso = (await find('company=contoso')).json().data.items[0] as JobResult;
    expect(contoso.company.verified_domain).toBeNull();
  });

  it('returns markup in any field as the text it is', async () => {
    const res = await find(`q=${encodeURIComponent('<script> tester')}`);
    expect(res.statusCode).toBe(200);
    const item = (res.json().data as JobSearchResults).items.find((i) => i.id === o['unsafe'])!;
    expect(item.title).toBe('<script>alert(1)</script> Tester');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('pages by cursor without repeating or losing an opening', async () => {
    const all = await ids('');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await find(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as JobSearchResults;
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.sort((a, b) => a - b)).toEqual(all);
  });

  it("finds an opening by its company's new name once the company is renamed", async () => {
    await ctx.database.db.update(companies).set({ name: 'Contoso Quantum' }).where(eq(companies.id, unverified.companyId));
    expect(await ids('q=quantum')).toEqual([o['ukrainian'], o['unsafe']]);
    await ctx.database.db.update(companies).set({ name: 'Contoso Labs' }).where(eq(companies.id, unverified.companyId));
    expect(await ids('q=quantum')).toEqual([]);
  });

  it('offers openings in the header suggestions', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${searchApiPaths.suggestions}?q=bakend`, headers: bearer(reader.token) });
    expect(res.statusCode).toBe(200);
    const jobs = (res.json().data as Suggestions).jobs;
    expect(jobs.map((j) => j.id)).toContain(o['backend']);
    expect(jobs.map((j) => j.id)).not.toContain(o['draft']);
    expect(jobs.length).toBeLessThanOrEqual(3);
  });

  it('drops an opening the day after its closing date', async () => {
    ctx.clock.advance(2 * 24 * 3600_000);
    expect(await ids('q=expiring')).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['salary_min=100', 'currency'],
    ['salary_min=-1&currency=EUR', 'salary_min'],
    ['salary_min=abc&currency=EUR', 'salary_min'],
    ['salary_min=100000001&currency=EUR', 'salary_min'],
    ['currency=BTC', 'currency'],
    ['period=fortnight', 'period'],
    ['type=forever', 'type'],
    ['remote=maybe', 'remote'],
    ['verified=yes', 'verified'],
    ['limit=0', 'limit'],
    ['limit=51', 'limit'],
    [`q=${'a'.repeat(101)}`, 'q'],
    [`location=${encodeURIComponent('Kyiv\u0000')}`, 'location'],
    ['cursor=not!base64', 'cursor'],
    ['cursor=WyJ4Il0', 'cursor'],
  ])('refuses %s on %s with 422, never a 5xx', async (query, field) => {
    const res = await find(query);
    expect(res.statusCode, res.body).toBe(422);
    const body = expectErrorAnswer(res, query);
    expect(body.violations?.map((v) => v.field)).toContain(field);
  });

  it('finds nothing for single letters and answers words of LIKE characters as themselves', async () => {
    expect(await ids('q=a')).toEqual([]);
    for (const q of ['%', '_%_', '\\', "'; drop table job_openings; --"]) {
      const res = await find(`q=${encodeURIComponent(q)}&location=${encodeURIComponent(q)}&skill=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
  });
});
