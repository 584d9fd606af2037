import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '../../contract/envelope.ts';
import { ProfilePage, sectionEntryLimit, sectionNames, type SectionName } from '../../contract/profile-sections.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { importsPerMinute } from './portability-routes.ts';
import { bearer, createUser, registerAccount, type TestUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx, { firstName: 'Olena', locale: 'uk_UA' });
  other = await createUser(ctx, { firstName: 'Ivan' });
});
afterAll(async () => ctx.close());

const validInputs: Record<SectionName, Record<string, unknown>> = {
  employments: { position: 'Designer', company_name: 'Acme', start_date: '2020-01-01', end_date: null, is_current: true },
  skills: { name: 'Figma' },
  languages: { code: 'uk', proficiency: 'native' },
  educations: { school: 'KPI', degree: 'MSc', area_of_study: 'HCI', start_date: '2010-09-01', end_date: '2015-06-30' },
  certifications: {
    name: 'CPACC',
    provider: 'IAAP',
    credential_id: 'X1',
    credential_url: 'https://iaap.example/x1',
    issue_date: '2021-05-01',
    expiration_date: null,
  },
  projects: { title: 'Design system', description: 'Tokens', url: 'https://ds.example', start_date: null, end_date: null },
};

/** A second valid body per section that differs from `validInputs` in every field it can. */
const changedInputs: Record<SectionName, Record<string, unknown>> = {
  employments: { position: 'Lead designer', company_name: 'Globex', start_date: '2019-03-01', end_date: '2022-12-31', is_current: false },
  skills: { name: 'Sketch' },
  languages: { code: 'de', proficiency: 'B2' },
  educations: { school: 'LNU', degree: 'BSc', area_of_study: 'Mathematics', start_date: '2005-09-01', end_date: '2009-06-30' },
  certifications: {
    name: 'WAS',
    provider: 'W3C',
    credential_id: 'Y2',
    credential_url: 'https://w3c.example/y2',
    issue_date: '2022-02-02',
    expiration_date: '2025-02-02',
  },
  projects: { title: 'Icon set', description: 'Glyphs', url: 'https://icons.example', start_date: '2023-01-01', end_date: '2023-06-30' },
};

async function page(user: TestUser, of?: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: of ? profileApiPaths.pageOf(of) : profileApiPaths.page,
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return ProfilePage.parse(res.json().data);
}

async function add(user: TestUser, section: SectionName, body: Record<string, unknown> = validInputs[section]) {
  return ctx.app.inject({ method: 'POST', url: profileApiPaths.section(section), headers: bearer(user.token), payload: body });
}

describe('the profile page read', () => {
  it('gives the owner their whole page, empty sections included', async () => {
    const p = await page(owner);
    expect(p).toMatchObject({ is_owner: true, user_id: owner.id, first_name: 'Olena', locale: 'uk_UA', skills: [], employments: [] });
  });

  it("gives another person the page read-only, with the owner's locale and without the birth date", async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.update,
      headers: bearer(owner.token),
      payload: { first_name: 'Olena', last_name: 'K', open_to_work: true, birth_date: '1990-04-12' },
    });
    expect(res.statusCode).toBe(200);
    const p = await page(other, owner.id);
    expect(p).toMatchObject({ is_owner: false, locale: 'uk_UA', birth_date: null, open_to_work: true });
  });

  it.each(['abc', '0', '999999'])('answers 404 "Profile not found" for %s', async (identifier) => {
    const res = await ctx.app.inject({ method: 'GET', url: profileApiPaths.pageOf(identifier), headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Profile not found', code: 'profile_not_found' });
  });
});

describe('GET /api/profile/show', () => {
  it("answers `skills` as exactly the skills section's names, in its order, for the owner and for others", async () => {
    const person = await createUser(ctx, { firstName: 'Skilled' });
    const show = async (viewer: TestUser) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: viewer.id === person.id ? apiPaths.profileShow : apiPaths.profileShowOf(person.id),
        headers: bearer(viewer.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.skills as string[];
    };
    const sectionNamesOf = async () => (await page(person)).skills.map((s) => s.name);
    expect(await show(person)).toEqual([]);
    for (const name of ['TypeScript', 'Accessibility', 'Figma']) expect((await add(person, 'skills', { name })).statusCode).toBe(201);
    const figma = (await page(person)).skills.find((s) => s.name === 'Figma')!;
    await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.sectionItem('skills', figma.id),
      headers: bearer(person.token),
      payload: { name: 'Sketch' },
    });
    const first = (await page(person)).skills[0]!;
    await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.sectionItem('skills', first.id), headers: bearer(person.token) });
    expect(await sectionNamesOf()).toEqual(['Accessibility', 'Sketch']);
    expect(await show(person)).toEqual(await sectionNamesOf());
    expect(await show(other)).toEqual(await sectionNamesOf());
  });
});

describe.each(sectionNames)('the %s section', (section) => {
  it('lets the owner add, edit and delete an entry, and reads each change back', async () => {
    const created = await add(owner, section);
    expect(created.statusCode).toBe(201);
    const item = (ProfilePage.parse(created.json().data)[section] as { id: number }[]).at(-1)!;
    expect(item).toMatchObject(validInputs[section]);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.sectionItem(section, item.id),
      headers: bearer(owner.token),
      payload: changedInputs[section],
    });
    expect(edited.statusCode).toBe(200);
    const stored = ((await page(owner))[section] as { id: number }[]).find((i) => i.id === item.id);
    expect(stored).toMatchObject(changedInputs[section]);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: profileApiPaths.sectionItem(section, item.id),
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(((await page(owner))[section] as { id: number }[]).some((i) => i.id === item.id)).toBe(false);
  });

  it('answers 401 to an anonymous visitor and changes nothing', async () => {
    const before = await page(owner);
    expect(
      (await ctx.app.inject({ method: 'POST', url: profileApiPaths.section(section), payload: validInputs[section] })).statusCode,
    ).toBe(401);
    expect(await page(owner)).toEqual(before);
  });

  it("answers 404 when another user edits or deletes the owner's entry, and changes nothing", async () => {
    const created = await add(owner, section);
    const item = (ProfilePage.parse(created.json().data)[section] as { id: number }[]).at(-1)!;
    const before = await page(owner);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.sectionItem(section, item.id),
      headers: bearer(other.token),
      payload: validInputs[section],
    });
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: profileApiPaths.sectionItem(section, item.id),
      headers: bearer(other.token),
    });
    expect(edit.statusCode).toBe(404);
    expect(remove.statusCode).toBe(404);
    expect(await page(owner)).toEqual(before);
    await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.sectionItem(section, item.id), headers: bearer(owner.token) });
  });

  it('refuses an empty body with 422 violations', async () => {
    const res = await add(owner, section, {});
    expect(res.statusCode).toBe(422);
    expect(ErrorResponse.parse(res.json()).violations!.length).toBeGreaterThan(0);
  });
});

describe('mass assignment', () => {
  it('ignores user_id, id and other unknown fields in a body', async () => {
    const res = await add(owner, 'skills', { name: 'Typography', user_id: other.id, id: 1, verified: true });
    expect(res.statusCode).toBe(201);
    expect((await page(other)).skills).toEqual([]);
    expect((await page(owner)).skills.map((s) => s.name)).toContain('Typography');
  });

  it("cannot change another person's header through extra fields", async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.update,
      headers: bearer(other.token),
      payload: { first_name: 'Ivan', last_name: 'P', open_to_work: false, user_id: owner.id },
    });
    expect(res.statusCode).toBe(200);
    expect((await page(owner)).first_name).toBe('Olena');
  });
});

describe('the profile status (decision 170)', () => {
  const header = (user: TestUser, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.update,
      headers: bearer(user.token),
      payload: { first_name: 'Stat', last_name: 'Us', ...body },
    });
  const extra = async (viewer: TestUser, of: TestUser) =>
    (await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowExtraOf(of.id), headers: bearer(viewer.token) })).json().data;

  it('is set by its owner, shows on their page and on the page others see, and is cleared with null', async () => {
    const person = await createUser(ctx);
    expect((await page(person)).profile_status).toBeNull();
    for (const status of ['hiring', 'providing_services', 'not_looking', 'open_to_work'] as const) {
      const res = await header(person, { profile_status: status });
      expect(res.statusCode, res.body).toBe(200);
      expect(ProfilePage.parse(res.json().data)).toMatchObject({ profile_status: status, open_to_work: status === 'open_to_work' });
      expect(await page(other, person.id)).toMatchObject({ profile_status: status, open_to_work: status === 'open_to_work' });
      expect(await extra(other, person)).toMatchObject({ profile_status: status });
    }
    // A header saved without the field keeps the status.
    expect((await header(person, { headline: 'Still open' })).statusCode).toBe(200);
    expect((await page(person)).profile_status).toBe('open_to_work');
    expect((await header(person, { profile_status: null })).statusCode).toBe(200);
    expect(await page(other, person.id)).toMatchObject({ profile_status: null, open_to_work: false });
  });

  it('refuses a value off the list with 422 on the field, and changes nothing', async () => {
    const person = await createUser(ctx);
    await header(person, { profile_status: 'hiring' });
    for (const value of ['looking', 'HIRING', '', 42, true]) {
      const res = await header(person, { profile_status: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation_failed', violations: [expect.objectContaining({ field: 'profile_status' })] });
    }
    expect((await page(person)).profile_status).toBe('hiring');
  });

  it("follows an older client's open_to_work switch without losing another status", async () => {
    const person = await createUser(ctx);
    await header(person, { open_to_work: true });
    expect((await page(person)).profile_status).toBe('open_to_work');
    await header(person, { open_to_work: false });
    expect((await page(person)).profile_status).toBeNull();
    await header(person, { profile_status: 'hiring' });
    await header(person, { open_to_work: false });
    expect((await page(person)).profile_status).toBe('hiring');
  });
});

describe('field rules', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x.example', 'http://'])(
    'refuses the URL %s with a field message',
    async (url) => {
      const res = await add(owner, 'projects', { title: 'P', url });
      expect(res.statusCode).toBe(422);
      expect(res.json().violations).toEqual([{ field: 'url', title: 'Enter a link starting with http:// or https://' }]);
    },
  );

  it('keeps text exactly as typed, markup included', async () => {
    const text = '<img src=x onerror=alert(1)> & "quotes" \u{1F600}';
    const res = await add(owner, 'projects', { title: text, description: text });
    expect(res.statusCode).toBe(201);
    const project = ProfilePage.parse(res.json().data).projects.find((p) => p.title === text);
    expect(project?.description).toBe(text);
  });

  it('refuses an end date before the start date', async () => {
    const res = await add(owner, 'educations', { school: 'KPI', start_date: '2015-01-01', end_date: '2014-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].field).toBe('end_date');
  });

  it('refuses a second skill of the same name, whatever the case', async () => {
    await add(owner, 'skills', { name: 'Research' });
    const res = await add(owner, 'skills', { name: 'RESEARCH' });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'name', title: 'This is already on your profile' }]);
  });

  it('refuses a language code that is not ISO 639-1 and a level off the scale', async () => {
    const res = await add(owner, 'languages', { code: 'ukr', proficiency: 'D1' });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { field: string }) => v.field)
        .sort(),
    ).toEqual(['code', 'proficiency']);
  });

  it('refuses media that belongs to someone else', async () => {
    const res = await add(owner, 'certifications', { ...validInputs.certifications, media_file_id: 999999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].field).toBe('media_file_id');
  });
});

describe('endorsements', () => {
  it('lets another person endorse a skill once and withdraw it; the owner sees who', async () => {
    const created = await add(owner, 'skills', { name: 'Accessibility' });
    const skill = ProfilePage.parse(created.json().data).skills.find((s) => s.name === 'Accessibility')!;
    const endorse = () => ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skill.id), headers: bearer(other.token) });
    expect((await endorse()).statusCode).toBe(200);
    const twice = await endorse();
    const seen = ProfilePage.parse(twice.json().data).skills.find((s) => s.id === skill.id)!;
    expect(seen).toMatchObject({ endorsement_count: 1, endorsed_by_me: true, endorsers: [] });
    const ownerView = (await page(owner)).skills.find((s) => s.id === skill.id)!;
    expect(ownerView.endorsers).toEqual([{ user_id: other.id, first_name: 'Ivan', last_name: expect.any(String) }]);
    const withdraw = await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.endorsement(skill.id), headers: bearer(other.token) });
    expect(ProfilePage.parse(withdraw.json().data).skills.find((s) => s.id === skill.id)).toMatchObject({
      endorsement_count: 0,
      endorsed_by_me: false,
    });
  });

  it('does not let the owner endorse their own skill', async () => {
    const skill = (await page(owner)).skills[0]!;
    const res = await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skill.id), headers: bearer(owner.token) });
    expect(res.statusCode).toBe(422);
  });

  it('answers 401 anonymously and 404 for an unknown skill', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(1) })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(999999), headers: bearer(other.token) })).statusCode,
    ).toBe(404);
  });
});

describe('recommendations', () => {
  it('shows a recommendation publicly only after the owner accepts it', async () => {
    const write = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.recommendationsOf(owner.id),
      headers: bearer(other.token),
      payload: { text: 'Olena is a careful designer.' },
    });
    expect(write.statusCode).toBe(201);
    expect(ProfilePage.parse(write.json().data).recommendations).toEqual([]);
    const pending = (await page(owner)).recommendations[0]!;
    expect(pending).toMatchObject({ status: 'pending', text: 'Olena is a careful designer.', author: { user_id: other.id } });

    const byOther = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.recommendation(pending.id),
      headers: bearer(other.token),
      payload: { status: 'accepted' },
    });
    expect(byOther.statusCode).toBe(404);

    const accept = await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.recommendation(pending.id),
      headers: bearer(owner.token),
      payload: { status: 'accepted' },
    });
    expect(accept.statusCode).toBe(200);
    expect((await page(other, owner.id)).recommendations.map((r) => r.text)).toEqual(['Olena is a careful designer.']);
  });

  it('does not let a person recommend themselves', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.recommendationsOf(owner.id),
      headers: bearer(owner.token),
      payload: { text: 'Me!' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('JSON Resume', () => {
  it('exports the profile as a downloadable JSON Resume', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: profileApiPaths.exportResume, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="profile.resume.json"');
    const resume = res.json();
    expect(resume.basics.name).toMatch(/^Olena/);
    expect(resume.skills.map((s: { name: string }) => s.name)).toContain('Accessibility');
  });

  it('imports confirmed entries in one go, skipping duplicates', async () => {
    const fresh = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.importResume,
      headers: bearer(fresh.token),
      payload: {
        header: { headline: 'Imported headline' },
        skills: [{ name: 'A' }, { name: 'a' }],
        employments: [validInputs.employments],
        languages: [{ code: 'en', proficiency: 'C1' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const p = ProfilePage.parse(res.json().data);
    expect(p.headline).toBe('Imported headline');
    expect(p.skills.map((s) => s.name)).toEqual(['A']);
    expect(p.employments).toHaveLength(1);
    expect(p.languages).toEqual([{ id: expect.any(Number), code: 'en', proficiency: 'C1' }]);
  });

  it('imports nothing when one entry is invalid', async () => {
    const fresh = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.importResume,
      headers: bearer(fresh.token),
      payload: { skills: [{ name: 'Kept?' }], projects: [{ title: 'P', url: 'javascript:x' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].field).toBe('projects.0.url');
    expect((await page(fresh)).skills).toEqual([]);
  });

  it('takes a JSON Resume larger than the 64 KiB other forms take, up to 1 MiB (decision 268)', async () => {
    const fresh = await createUser(ctx);
    // A headline and a padding field the import ignores: about 200 KB in all.
    const payload = JSON.stringify({ header: { headline: 'Large import' }, meta: { note: 'x'.repeat(200_000) } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.importResume,
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).not.toBe(413);
    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.importResume,
      headers: { ...bearer(fresh.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ meta: { note: 'x'.repeat(1_100_000) } }),
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('a closed account', () => {
  it('is not shown to anyone, and its endorsements and recommendations disappear from other pages', async () => {
    const closing = await createUser(ctx, { firstName: 'Leaving' });
    const skill = ProfilePage.parse((await add(owner, 'skills', { name: 'Closing-test skill' })).json().data).skills.find(
      (s) => s.name === 'Closing-test skill',
    )!;
    await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skill.id), headers: bearer(closing.token) });
    await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.recommendationsOf(owner.id),
      headers: bearer(closing.token),
      payload: { text: 'From someone who leaves' },
    });
    const { users } = await import('../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, closing.id));

    for (const url of [profileApiPaths.pageOf(closing.id), `/api/profile/show/${closing.id}`, `/api/profile/show-extra/${closing.id}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(other.token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Profile not found', code: 'profile_not_found' });
    }
    const ownerPage = await page(owner);
    expect(ownerPage.skills.find((s) => s.id === skill.id)?.endorsement_count).toBe(0);
    expect(ownerPage.recommendations.map((r) => r.text)).not.toContain('From someone who leaves');
  });
});

describe('an account whose email is not verified (hardening issue, point 7)', () => {
  it('can neither endorse nor recommend, and nothing is recorded', async () => {
    const unverified = await registerAccount(ctx);
    await add(owner, 'skills', { name: 'Vouching' });
    const skill = (await page(owner)).skills.find((s) => s.name === 'Vouching')!;
    const endorse = await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skill.id), headers: bearer(unverified.token) });
    expect(endorse.statusCode, endorse.body).toBe(403);
    const recommend = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.recommendationsOf(owner.id),
      headers: bearer(unverified.token),
      payload: { text: 'Sock puppet' },
    });
    expect(recommend.statusCode, recommend.body).toBe(403);
    const after = await page(owner);
    expect(after.skills.find((s) => s.id === skill.id)!.endorsement_count).toBe(0);
    expect(after.recommendations.some((r) => r.author.user_id === unverified.id)).toBe(false);
  });
});

describe('the most entries a section holds (decision 157)', () => {
  const skillsNamed = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ name: `Skill ${from + i}` }));
  const importSkills = (user: TestUser, skills: { name: string }[]) =>
    ctx.app.inject({ method: 'POST', url: profileApiPaths.importResume, headers: bearer(user.token), payload: { skills } });

  it('refuses an entry past the limit with 409 section_full, and takes one again once an entry is removed', async () => {
    const person = await createUser(ctx);
    expect((await importSkills(person, skillsNamed(0, sectionEntryLimit))).statusCode).toBe(200);
    const refused = await add(person, 'skills', { name: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(ErrorResponse.parse(refused.json())).toMatchObject({ code: 'section_full', maximum: sectionEntryLimit });
    const full = await page(person);
    expect(full.skills).toHaveLength(sectionEntryLimit);
    expect(full.skills.map((s) => s.name)).not.toContain('One too many');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: profileApiPaths.sectionItem('skills', full.skills[0]!.id),
      headers: bearer(person.token),
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await add(person, 'skills', { name: 'One too many' })).statusCode).toBe(201);
    expect((await page(person)).skills).toHaveLength(sectionEntryLimit);
  });

  it('lets an import add only up to the limit, keeping what is there', async () => {
    const person = await createUser(ctx);
    expect((await importSkills(person, skillsNamed(0, sectionEntryLimit - 2))).statusCode).toBe(200);
    expect((await importSkills(person, skillsNamed(1000, 5))).statusCode).toBe(200);
    const names = (await page(person)).skills.map((s) => s.name);
    expect(names).toHaveLength(sectionEntryLimit);
    expect(names).toEqual(expect.arrayContaining(['Skill 0', 'Skill 1000', 'Skill 1001']));
    expect(names).not.toContain('Skill 1002');
  });

  it('refuses an import with more than the limit in one section, importing nothing', async () => {
    const person = await createUser(ctx);
    const res = await importSkills(person, skillsNamed(0, sectionEntryLimit + 1));
    expect(res.statusCode).toBe(422);
    expect((await page(person)).skills).toEqual([]);
  });
});

describe('a large import beside other people (hardening issue, point 5)', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      position: `Role ${i}`,
      company_name: `Company ${i}`,
      start_date: '2020-01-01',
      end_date: null,
      is_current: true,
    }));

  it("lets another person's read through while it is written, on the one-connection embedded database", async () => {
    const importer = await createUser(ctx);
    const reader = await createUser(ctx);
    const finished: string[] = [];
    const importing = ctx.app
      .inject({
        method: 'POST',
        url: profileApiPaths.importResume,
        headers: bearer(importer.token),
        payload: { employments: many(sectionEntryLimit), skills: many(sectionEntryLimit).map((_, i) => ({ name: `Skill ${i}` })) },
      })
      .then((res) => {
        finished.push('import');
        return res;
      });
    // A request arriving while the import runs (the next turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    const read = await ctx.app.inject({ method: 'GET', url: '/api/profile/show', headers: bearer(reader.token) });
    finished.push('read');
    expect(read.statusCode).toBe(200);
    expect((await importing).statusCode).toBe(200);
    if (ctx.database.kind === 'pglite') expect(finished).toEqual(['read', 'import']);
    const p = await page(importer);
    expect(p.employments).toHaveLength(sectionEntryLimit);
    expect(p.skills).toHaveLength(sectionEntryLimit);
  });

  it('answers 429 with Retry-After past a few imports a minute per person', async () => {
    const person = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < importsPerMinute + 1; i += 1) {
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: profileApiPaths.importResume,
            headers: bearer(person.token),
            payload: { skills: [{ name: `S${i}` }] },
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    // Another person is not affected.
    const other = await createUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'POST', url: profileApiPaths.importResume, headers: bearer(other.token), payload: {} })).statusCode,
    ).toBe(200);
  });
});
