// Workplace verification by work email (decision 260): who may call, what is refused and
// why (in the caller's language), the code's wrong, expired and locked answers, the mark on every
// read that shows the job (never the address), and the company's queue marking a request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { careersPaths, CareersResponse, companyCareersPaths, EmploymentDetails } from '../../contract/careers.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { channelNames } from '../../contract/realtime.ts';
import { defaultPublicProfileSections, publicProfileApiPaths } from '../../contract/public-profile.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { workEmailPaths } from '../../contract/work-email.ts';
import { companyDomains } from '../db/company-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;
const minute = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Northwind Studio');
  await ctx.database.db.insert(companyDomains).values({
    companyId: company.companyId,
    domain: 'northwind.test',
    token: 'work-email-token',
    status: 'verified',
    method: 'dns',
    verifiedAt: ctx.clock.now(),
  });
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, locale = 'en-GB') =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'accept-language': locale }, ...(payload ? { payload } : {}) });
const details = async (token: string, jobId: number) =>
  EmploymentDetails.parse((await call('GET', careersPaths.job(jobId), token)).json().data);

/** The newest code mailed to `to`. */
function codeMailedTo(to: string): string {
  const mail = ctx.mail.filter((m) => m.to === to).at(-1);
  const code = mail && /(\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

async function addAndConfirm(person: Person, jobId: number, email: string) {
  const added = await call('PUT', workEmailPaths.workEmail(jobId), person.token, { email });
  expect(added.statusCode, added.body).toBe(201);
  const confirmed = await call('POST', workEmailPaths.confirm(jobId), person.token, { code: codeMailedTo(email.toLowerCase()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return EmploymentDetails.parse(confirmed.json().data);
}

/**
 * The first violation of a 422 as the form shows it under its field: the title without the leading
 * 'The {field} ' the API puts before a message (src/lib/forms/server-violations.ts strips it too).
 */
function violation(res: { statusCode: number; body: string; json(): unknown }): string {
  expect(res.statusCode, res.body).toBe(422);
  const first = expectErrorAnswer(res).violations?.[0];
  return first ? first.title.replace(`The ${first.field} `, '') : '';
}

describe('work email: who may call', () => {
  it('answers 401 to anyone signed out and 404 on another person’s job, and lets the owner through', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Designer');
    const other = await createPerson(ctx, { firstName: 'Ostap' });
    const calls: [Method, string, object?][] = [
      ['PUT', workEmailPaths.workEmail(employmentId), { email: 'taras@northwind.test' }],
      ['POST', workEmailPaths.resend(employmentId)],
      ['POST', workEmailPaths.confirm(employmentId), { code: '123456' }],
      ['DELETE', workEmailPaths.workEmail(employmentId)],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await call(method, url, undefined, payload);
      expect([anonymous.statusCode, expectErrorAnswer(anonymous).code], `${method} ${url}`).toEqual([401, 'unauthenticated']);
      const stranger = await call(method, url, other.token, payload);
      expect(stranger.statusCode, `${method} ${url} ${stranger.body}`).toBe(404);
    }
    // Nothing the stranger tried reached the owner's job or mailbox.
    expect((await details(person.token, employmentId)).work_email).toEqual({ domain: 'northwind.test', address: null, status: 'none' });
    expect(ctx.mail.filter((m) => m.to === 'taras@northwind.test')).toEqual([]);
    const owned = await call('PUT', workEmailPaths.workEmail(employmentId), person.token, { email: 'Taras@Northwind.test' });
    expect(owned.statusCode, owned.body).toBe(201);
    expect(owned.json().data).toEqual({
      work_email: { domain: 'northwind.test', address: 'taras@northwind.test', status: 'pending' },
      resend_available_in: 60,
      expires_in: 600,
    });
  });
});

describe('work email: refusals say why, in the caller’s language', () => {
  it('refuses a malformed address, another domain, a look-alike domain and a malformed code on their fields', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Analyst');
    const put = (email: string, locale?: string) => call('PUT', workEmailPaths.workEmail(employmentId), person.token, { email }, locale);
    expect(violation(await put('not an email'))).toBe('Invalid email address');
    expect(violation(await put('taras@gmail.com'))).toBe('Enter your address at northwind.test or at one of its subdomains');
    expect(violation(await put('taras@evilnorthwind.test'))).toBe('Enter your address at northwind.test or at one of its subdomains');
    expect(violation(await put('taras@northwind.test.evil.example'))).toBe(
      'Enter your address at northwind.test or at one of its subdomains',
    );
    expect(violation(await put('taras@gmail.com', 'uk-UA'))).toBe(
      'Введіть свою адресу в домені northwind.test або в одному з його піддоменів',
    );
    const badCode = await call('POST', workEmailPaths.confirm(employmentId), person.token, { code: '12ab' });
    expect(violation(badCode)).toBe('The entered code is incorrect.');
    // Nothing to confirm, resend or remove yet.
    expect((await call('POST', workEmailPaths.confirm(employmentId), person.token, { code: '123456' })).statusCode).toBe(404);
    expect((await call('POST', workEmailPaths.resend(employmentId), person.token)).statusCode).toBe(404);
    expect((await call('DELETE', workEmailPaths.workEmail(employmentId), person.token)).statusCode).toBe(404);
  });

  it('refuses a job at a company without a verified domain, and a job that has ended', async () => {
    const person = await createPerson(ctx, { firstName: 'Halyna' });
    const add = async (company_name: string, is_current: boolean) => {
      const page = await call('POST', profileApiPaths.section('employments'), person.token, {
        position: 'Engineer',
        company_name,
        start_date: '2020-01-01',
        end_date: is_current ? null : '2022-01-01',
        is_current,
      });
      expect(page.statusCode, page.body).toBe(201);
      return (page.json().data.employments as { id: number; company_name: string; is_current: boolean }[]).find(
        (e) => e.company_name === company_name && e.is_current === is_current,
      )!.id;
    };
    const unregistered = await add('Contoso Ltd', true);
    const put = (jobId: number, locale?: string) =>
      call('PUT', workEmailPaths.workEmail(jobId), person.token, { email: 'halyna@contoso.example' }, locale);
    expect(violation(await put(unregistered))).toBe(
      'Contoso Ltd has not verified a domain on Profiles, so a work email cannot be checked for this job.',
    );
    expect(violation(await put(unregistered, 'uk-UA'))).toBe(
      'Компанія Contoso Ltd не підтвердила домен у Profiles, тож робочу адресу для цієї роботи перевірити не можна.',
    );
    expect((await details(person.token, unregistered)).work_email).toEqual({ domain: null, address: null, status: 'none' });
    const ended = await add('Northwind Studio', false);
    expect(violation(await put(ended))).toBe('A work email confirms a current job only: this job has ended, or you are leaving it.');
  });

  it('answers a wrong code, an expired code and too many wrong tries, and a resend within the countdown', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Tester');
    const email = `tester-${person.id}@northwind.test`;
    expect((await call('PUT', workEmailPaths.workEmail(employmentId), person.token, { email })).statusCode).toBe(201);
    const right = codeMailedTo(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const confirm = (code: string, locale?: string) => call('POST', workEmailPaths.confirm(employmentId), person.token, { code }, locale);
    expect(violation(await confirm(wrong))).toBe('The entered code is incorrect.');
    const early = await call('POST', workEmailPaths.resend(employmentId), person.token);
    expect([early.statusCode, expectErrorAnswer(early).code]).toEqual([429, 'too_soon']);

    ctx.clock.advance(11 * minute);
    expect(violation(await confirm(right))).toBe('This code has expired. Request a new one.');
    expect(violation(await confirm(right, 'uk-UA'))).toBe('Термін дії коду минув. Запросіть новий.');

    const resent = await call('POST', workEmailPaths.resend(employmentId), person.token);
    expect(resent.statusCode, resent.body).toBe(201);
    const fresh = codeMailedTo(email);
    expect(fresh).toMatch(/^\d{6}$/);
    const miss = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) expect(violation(await confirm(miss))).toBe('The entered code is incorrect.');
    expect(violation(await confirm(miss))).toBe('Too many wrong tries. Request a new code.');
    expect(violation(await confirm(fresh))).toBe('Too many wrong tries. Request a new code.');
    expect((await details(person.token, employmentId)).work_email.status).toBe('pending');
  });
});

describe('work email: the mark', () => {
  it('shows the domain, never the address, on careers, the profile, another person’s view and the public page', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Engineer');
    const email = `engineer-${person.id}@mail.northwind.test`;
    const job = await addAndConfirm(person, employmentId, email);
    expect(job.work_email).toEqual({ domain: 'northwind.test', address: email, status: 'confirmed' });
    expect(job.work_email_domain).toBe('northwind.test');
    const mail = ctx.mail.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe('Confirm your work email');
    expect(mail.text).toContain('Northwind Studio');

    const careers = CareersResponse.parse((await call('GET', careersPaths.jobs, person.token)).json().data).jobs;
    expect(careers.find((j) => j.id === employmentId)?.work_email_domain).toBe('northwind.test');
    const own = ProfilePage.parse((await call('GET', profileApiPaths.page, person.token)).json().data);
    expect(own.jobs.find((j) => j.id === employmentId)?.work_email_domain).toBe('northwind.test');
    const viewer = company.member.person;
    const seen = await call('GET', profileApiPaths.pageOf(String(person.id)), viewer.token);
    expect(ProfilePage.parse(seen.json().data).jobs.find((j) => j.id === employmentId)?.work_email_domain).toBe('northwind.test');
    expect(seen.body).not.toContain(email);

    const address = `work-email-${person.id}`;
    const on = await call('PUT', publicProfileApiPaths.settings, person.token, {
      address,
      is_public: true,
      noindex: false,
      sections: defaultPublicProfileSections,
    });
    expect(on.statusCode, on.body).toBe(200);
    const en = (await call('GET', `/in/${address}`)).body;
    expect(en).toContain('Work email at northwind.test confirmed');
    expect(en).not.toContain(email);
    expect((await call('GET', `/uk/in/${address}`)).body).toContain('Підтверджено робочу пошту в домені northwind.test');
  });

  it('marks the company’s confirmation queue for a self-declared job with a confirmed work email', async () => {
    const marked = await createPerson(ctx, { firstName: 'Marta' });
    const plain = await createPerson(ctx, { firstName: 'Petro' });
    const ask = async (person: Person) => {
      const page = await call('POST', profileApiPaths.section('employments'), person.token, {
        position: 'Researcher',
        company_name: 'Northwind Studio',
        start_date: '2024-01-01',
        end_date: null,
        is_current: true,
      });
      const jobId = page.json().data.employments[0].id as number;
      const asked = await call('POST', careersPaths.confirmation(jobId), person.token, { company_id: company.companyId });
      expect(asked.statusCode, asked.body).toBe(201);
      return jobId;
    };
    const markedJob = await ask(marked);
    await ask(plain);
    const from = ctx.realtime.sent.length;
    const job = await addAndConfirm(marked, markedJob, `marta-${marked.id}@northwind.test`);
    expect(job.work_email_domain).toBe('northwind.test');
    // The company's open queue reads its list again; the person's other tabs read the job again.
    const sent = () => ctx.realtime.sent.slice(from).map((m) => [m.event, m.channel, m.data]);
    // Published without holding the answer back: waited for, never slept on.
    await vi.waitFor(() => {
      expect(sent()).toContainEqual([
        'company.changed',
        channelNames.company(company.companyId),
        { company_id: company.companyId, lists: ['confirmations'] },
      ]);
      expect(sent()).toContainEqual([
        'employment.changed',
        channelNames.user(marked.id),
        { employment_id: markedJob, company_id: company.companyId },
      ]);
    });
    const queue = async () =>
      (
        (await call('GET', companyCareersPaths.confirmations(company.companyId), company.admin.session)).json().data as {
          person: { user_id: number };
          work_email_domain: string | null;
        }[]
      ).map((r) => [r.person.user_id, r.work_email_domain]);
    expect(await queue()).toEqual(
      expect.arrayContaining([
        [marked.id, 'northwind.test'],
        [plain.id, null],
      ]),
    );
    // The queue never carries the address.
    const raw = await call('GET', companyCareersPaths.confirmations(company.companyId), company.admin.session);
    expect(raw.body).not.toContain(`marta-${marked.id}@`);

    // Removing the address removes the mark, on the job and in the queue.
    const removed = await call('DELETE', workEmailPaths.workEmail(markedJob), marked.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(EmploymentDetails.parse(removed.json().data)).toMatchObject({
      work_email_domain: null,
      work_email: { domain: 'northwind.test', address: null, status: 'none' },
    });
    expect(await queue()).toEqual(
      expect.arrayContaining([
        [marked.id, null],
        [plain.id, null],
      ]),
    );
  });

  it('is gone once the person leaves the company', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, company, 'Writer');
    await addAndConfirm(person, employmentId, `writer-${person.id}@northwind.test`);
    const left = await call('POST', careersPaths.leave(employmentId), person.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.job).toMatchObject({ work_email_domain: null, work_email: { address: null, status: 'none' } });
    const careers = CareersResponse.parse((await call('GET', careersPaths.jobs, person.token)).json().data).jobs;
    expect(careers.find((j) => j.id === employmentId)?.work_email_domain).toBeNull();
  });

  it('is gone once the person ends a self-declared job, and back if they make it current again', async () => {
    const person = await createPerson(ctx, { firstName: 'Lesia' });
    const job = { position: 'Editor', company_name: 'Northwind Studio', start_date: '2022-05-01', end_date: null, is_current: true };
    const page = await call('POST', profileApiPaths.section('employments'), person.token, job);
    const jobId = page.json().data.employments[0].id as number;
    expect((await addAndConfirm(person, jobId, `lesia-${person.id}@northwind.test`)).work_email_domain).toBe('northwind.test');
    const mark = async () =>
      CareersResponse.parse((await call('GET', careersPaths.jobs, person.token)).json().data).jobs.find((j) => j.id === jobId)
        ?.work_email_domain;
    const ended = await call('PUT', profileApiPaths.sectionItem('employments', jobId), person.token, {
      ...job,
      end_date: '2025-12-31',
      is_current: false,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await mark()).toBeNull();
    expect((await details(person.token, jobId)).work_email.status).toBe('pending');
    await call('PUT', profileApiPaths.sectionItem('employments', jobId), person.token, job);
    expect(await mark()).toBe('northwind.test');
  });

  it('is refused to a second person for a confirmed address', async () => {
    const first = await hireThroughInvitation(ctx, company, 'Lead');
    const second = await hireThroughInvitation(ctx, company, 'Deputy');
    const email = `shared-${first.person.id}@northwind.test`;
    await addAndConfirm(first.person, first.employmentId, email);
    const taken = await call('PUT', workEmailPaths.workEmail(second.employmentId), second.person.token, { email });
    expect(violation(taken)).toBe('Another person has already confirmed this work email.');
  });
});

describe('work email: the company losing its domain', () => {
  it('removes the mark while the domain is not verified, and it comes back with a new proof', async () => {
    const other = await careersCompany(ctx, 'Fabrikam Labs');
    const [domain] = await ctx.database.db
      .insert(companyDomains)
      .values({
        companyId: other.companyId,
        domain: 'fabrikam.test',
        token: 'fabrikam-token',
        status: 'verified',
        method: 'dns',
        verifiedAt: ctx.clock.now(),
      })
      .returning();
    const { person, employmentId } = await hireThroughInvitation(ctx, other, 'Chemist');
    await addAndConfirm(person, employmentId, `chemist-${person.id}@fabrikam.test`);
    const { eq } = await import('drizzle-orm');
    const setStatus = (status: 'lapsed' | 'verified') =>
      ctx.database.db.update(companyDomains).set({ status }).where(eq(companyDomains.id, domain!.id));

    await setStatus('lapsed');
    const lapsed = await details(person.token, employmentId);
    expect(lapsed.work_email_domain).toBeNull();
    expect(lapsed.work_email.status).toBe('pending');
    expect(lapsed.company.verified_domain).toBeNull();
    const careers = CareersResponse.parse((await call('GET', careersPaths.jobs, person.token)).json().data).jobs;
    expect(careers.find((j) => j.id === employmentId)?.work_email_domain).toBeNull();

    await setStatus('verified');
    expect((await details(person.token, employmentId)).work_email_domain).toBe('fabrikam.test');
  });
});
