// 'Download CV (PDF)' (decision 203): the person's own CV only (anonymous 401, no way to name
// another person, a bad language 422), in English and Ukrainian with the Cyrillic text extractable,
// each company-verified job marked with its company and carrying a short link and a QR code whose
// link leads to the job's credential, which a generic verifier reads as valid. Here beside the careers
// fixtures (a real hire through an invitation); it reads the profile's route through HTTP only.
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCareersPaths } from '../../contract/careers.ts';
import { credentialPublicPaths, linkTokenOf } from '../../contract/credentials.ts';
import { cvPathIn, cvPaths } from '../../contract/cv.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { profiles } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { verifyCredential, type FetchText } from '../test/generic-verifier.ts';
import { appNetwork } from '../test/app-network.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { imagesOf, textOf } from '../test/pdf-text.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let acme: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await careersCompany(ctx, 'Acme Ltd');
});
afterAll(async () => ctx.close());

/** The network as an outside verifier sees it (the app in memory). */
const network: FetchText = (url) => appNetwork(ctx)(url);

const getCv = (token: string | undefined, path: string = cvPaths.cv) =>
  ctx.app.inject({ method: 'GET', url: path, headers: token ? bearer(token) : {} });

/** The QR codes' texts: each image the PDF draws, decoded by pdf.js and read by jsQR. */
async function qrCodesOf(pdf: Buffer): Promise<string[]> {
  const found: string[] = [];
  for (const image of await imagesOf(pdf)) {
    const code = jsQR(image.rgba, image.width, image.height);
    if (code) found.push(code.data);
  }
  return found;
}

async function cvPerson(locale: 'en_GB' | 'uk_UA', names: { first: string; last: string; headline: string; about: string }) {
  const { person, employmentId } = await hireThroughInvitation(ctx, acme, locale === 'uk_UA' ? 'Інженерка з даних' : 'Data engineer');
  await ctx.database.db
    .update(profiles)
    .set({
      firstName: names.first,
      lastName: names.last,
      headline: names.headline,
      about: names.about,
      contactEmail: 'cv-reader@example.test',
      contactPhone: '+380441234567',
      // The email is public; the phone only for signed-in people, so a CV (which leaves the site) leaves it out.
      contactVisibility: { contact_email: 'everyone', contact_phone: 'signed_in' },
    })
    .where(eq(profiles.userId, person.id));
  // The names changed after the hire: the company confirms them, so the credential states them (decision 256).
  const confirmed = await ctx.app.inject({
    method: 'PUT',
    url: companyCareersPaths.confirmedName(acme.companyId, employmentId),
    headers: bearer(acme.owner.session),
    payload: { name: `${names.first} ${names.last}` },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const add = async (path: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url: path, headers: bearer(person.token), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  await add(profileApiPaths.section('educations'), {
    school: locale === 'uk_UA' ? 'Київський політехнічний інститут' : 'University of Leeds',
    degree: 'MSc',
    area_of_study: null,
    start_date: '2012-09-01',
    end_date: '2014-06-30',
  });
  await add(profileApiPaths.section('skills'), { name: 'PostgreSQL' });
  await add(profileApiPaths.section('languages'), { code: 'uk', proficiency: 'native' });
  await add(profileApiPaths.section('employments'), {
    position: 'Analyst',
    company_name: 'Initech',
    start_date: '2015-01-01',
    end_date: '2019-12-31',
    is_current: false,
  });
  return { person, employmentId };
}

describe('Download CV (PDF)', () => {
  it('answers the signed-in person their own CV only: anonymous 401, no other person can be named, a bad language 422', async () => {
    const { person } = await cvPerson('en_GB', { first: 'Alice', last: 'Owner', headline: 'Builds pipelines', about: 'About Alice.' });
    const stranger = await createPerson(ctx, { firstName: 'Bob' });

    expect(expectErrorAnswer(await getCv(undefined)).code).toBe('unauthenticated');
    expect((await getCv(undefined, cvPathIn('uk_UA'))).statusCode).toBe(401);

    const bad = await getCv(person.token, `${cvPaths.cv}?language=fr_FR`);
    expect([bad.statusCode, expectErrorAnswer(bad).code]).toEqual([422, 'validation_failed']);
    // No parameter names a person: asking for someone else's is refused, not answered with theirs.
    const someoneElse = await getCv(stranger.token, `${cvPaths.cv}?user_id=${person.id}`);
    expect(someoneElse.statusCode).toBe(422);

    const theirs = await getCv(stranger.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirText = await textOf(theirs.rawPayload);
    expect(theirText).toContain('Bob');
    expect(theirText).not.toContain('Alice');

    const mine = await getCv(person.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-disposition']).toContain('filename="cv-alice-owner.pdf"');
    expect(mine.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('prints the English CV: name, headline, public contact only, sections, and the verified job with a link and QR code that verify', async () => {
    const { person } = await cvPerson('en_GB', {
      first: 'Alice',
      last: 'Walker',
      headline: 'Builds data pipelines',
      about: 'Ten years of careful data work.',
    });
    const res = await getCv(person.token, cvPathIn('en_GB'));
    expect(res.statusCode, res.body).toBe(200);
    if (process.env['CV_SAMPLE_DIR']) writeFileSync(`${process.env['CV_SAMPLE_DIR']}/cv-en.pdf`, res.rawPayload);
    expect(res.headers['content-language']).toBe('en-GB');
    // Small: the fonts travel as subsets.
    expect(res.rawPayload.length).toBeLessThan(120_000);

    const text = await textOf(res.rawPayload);
    for (const expected of [
      'Alice Walker',
      'Builds data pipelines',
      'cv-reader@example.test',
      'Experience',
      'Data engineer',
      'Confirmed by Acme Ltd · identity not verified',
      'Initech',
      'Education',
      'University of Leeds',
      'Sep 2012 – Jun 2014',
      'Skills',
      'PostgreSQL',
      'Languages',
      'Ukrainian — Native',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('+380441234567');
    // Only the company-verified job is marked.
    expect(text.match(/Confirmed by/g)).toHaveLength(1);

    const codes = await qrCodesOf(res.rawPayload);
    expect(codes).toHaveLength(1);
    const link = new URL(codes[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${ctx.config.publicSiteUrl}/verify`);
    // The link printed under the mark is the one the QR code carries.
    expect(text.replace(/ /g, '')).toContain(codes[0]!);
    const token = linkTokenOf(link.hash);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);

    // What /verify fetches for that link: the credential, public and cacheable; a generic verifier says valid.
    const credential = await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.byLink(token!) });
    expect(credential.statusCode).toBe(200);
    expect(credential.headers['content-type']).toBe('application/vc+jwt');
    expect(credential.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(credential.headers['access-control-allow-origin']).toBe('*');
    const checked = await verifyCredential(network, credential.body, ctx.clock.now());
    expect(checked.verdict).toBe('valid');
    expect(checked.credential).toMatchObject({
      credentialSubject: { name: 'Alice Walker', worksFor: { roleName: 'Data engineer', worksFor: { name: 'Acme Ltd' } } },
    });

    // The same job again: the same link (no new credential).
    expect(await qrCodesOf((await getCv(person.token)).rawPayload)).toEqual(codes);
    // A link no one was given: not found.
    expect((await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.byLink('AAAAAAAAAAAAAAAA') })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: credentialPublicPaths.byLink('not-a-token') })).statusCode).toBe(404);
  });

  it('prints the Ukrainian CV in Cyrillic with the Ukrainian /verify link', async () => {
    const { person } = await cvPerson('uk_UA', {
      first: 'Олена',
      last: 'Коваленко',
      headline: 'Будую конвеєри даних',
      about: 'Десять років роботи з даними.',
    });
    const res = await getCv(person.token, cvPathIn('uk_UA'));
    expect(res.statusCode, res.body).toBe(200);
    if (process.env['CV_SAMPLE_DIR']) writeFileSync(`${process.env['CV_SAMPLE_DIR']}/cv-uk.pdf`, res.rawPayload);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('cv-олена-коваленко.pdf')}`);
    const text = await textOf(res.rawPayload);
    for (const expected of [
      'Олена Коваленко',
      'Будую конвеєри даних',
      'Досвід роботи',
      'Інженерка з даних',
      'Підтверджено компанією Acme Ltd · особу компанії не перевірено',
      'Освіта',
      'Київський політехнічний інститут',
      'вересень 2012 – червень 2014',
      'Навички',
      'Мови',
      'Українська — Рідна',
    ]) {
      expect(text).toContain(expected);
    }
    const [code] = await qrCodesOf(res.rawPayload);
    const link = new URL(code!);
    expect(link.pathname).toBe('/uk/verify');
    const credential = await network(`${ctx.config.publicSiteUrl}${credentialPublicPaths.byLink(linkTokenOf(link.hash)!)}`);
    expect((await verifyCredential(network, credential.text, ctx.clock.now())).verdict).toBe('valid');

    // Without a language, the profile's own (English here: the person's locale was never changed).
    expect(await textOf((await getCv(person.token)).rawPayload)).toContain('Confirmed by Acme Ltd · identity not verified');
  });
});
