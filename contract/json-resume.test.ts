import { validate as validateAgainstSchema } from '@jsonresume/schema';
import { describe, expect, it } from 'vitest';
import { ImportRequest, planImport } from './json-resume-import.ts';
import { isoDateOf, JsonResume, monthOf, languageCodeOf, proficiencyOf, toJsonResume } from './json-resume.ts';
import { emptyProfilePage as emptyPage } from './profile-page.fixture.ts';
import { sectionEntryLimit, type ProfilePage } from './profile-sections.ts';

/**
 * A page as the server gives it: each of the person's own jobs is also in `jobs` (unverified, same
 * id), the one list the profile and every export read.
 */
function withJobs(page: ProfilePage): ProfilePage {
  const own = page.employments.map((e) => ({
    id: e.id,
    verified: false,
    position: e.position,
    company: { id: null, name: e.company_name, logo_url: null, registered: false, verified_domain: null },
    start_date: e.start_date,
    end_date: e.end_date,
    is_current: e.is_current,
    months: 1,
    reviews: [],
    in_company_score: null,
    final_feedback: null,
  }));
  return { ...page, jobs: [...page.jobs, ...own] } as ProfilePage;
}

const fullPage: ProfilePage = withJobs({
  ...emptyPage,
  headline: 'Product designer',
  about: 'Calm interfaces.',
  location: 'Kyiv',
  website: 'https://olena.example',
  contact_email: 'olena@example.test',
  employments: [{ id: 1, position: 'Designer', company_name: 'Acme', start_date: '2020-01-01', end_date: null, is_current: true }],
  skills: [{ id: 2, name: 'Figma', endorsement_count: 0, endorsed_by_me: false, endorsers: [] }],
  languages: [{ id: 3, code: 'uk', proficiency: 'native' }],
  educations: [{ id: 4, school: 'KPI', degree: 'MSc', area_of_study: 'HCI', start_date: '2010-09-01', end_date: '2015-06-30' }],
  certifications: [
    {
      id: 5,
      name: 'CPACC',
      provider: 'IAAP',
      credential_id: 'X1',
      credential_url: 'https://iaap.example/x1',
      issue_date: '2021-05-01',
      expiration_date: null,
      media: null,
    },
  ],
  projects: [{ id: 6, title: 'Design system', description: 'Tokens', url: null, start_date: null, end_date: null, media: null }],
  recommendations: [
    { id: 7, author: { user_id: 9, first_name: 'Ivan', last_name: 'P' }, text: 'Great', status: 'accepted', created_at: '2026-01-01' },
    { id: 8, author: { user_id: 10, first_name: 'Eve', last_name: 'Q' }, text: 'Hidden', status: 'pending', created_at: '2026-01-01' },
  ],
});

describe('toJsonResume', () => {
  it('exports every section in JSON Resume v1.2 shape', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading a loosely shaped document
    const resume = toJsonResume(fullPage) as Record<string, any>;
    expect(resume['basics']).toMatchObject({ name: 'Olena Kovalenko', label: 'Product designer', url: 'https://olena.example' });
    expect(resume['work']).toEqual([
      { name: 'Acme', position: 'Designer', startDate: '2020-01', endDate: undefined, 'x-profiles-current': true },
    ]);
    expect(resume['education'][0]).toMatchObject({ institution: 'KPI', studyType: 'MSc', area: 'HCI' });
    expect(resume['certificates'][0]).toMatchObject({ name: 'CPACC', issuer: 'IAAP', url: 'https://iaap.example/x1' });
    expect(resume['projects'][0]).toMatchObject({ name: 'Design system', description: 'Tokens' });
    expect(resume['skills']).toEqual([{ name: 'Figma' }]);
    expect(resume['languages']).toEqual([{ language: 'Ukrainian', fluency: 'Native speaker', 'x-profiles-code': 'uk' }]);
    expect(resume['awards']).toEqual([]);
    expect(resume['references']).toEqual([{ name: 'Ivan P', reference: 'Great' }]);
  });

  // The official schema package's own validator (hardening issue, point 9): what we export is a JSON
  // Resume by the standard's definition, not only by our reading of it.
  const schemaErrors = (document: unknown) =>
    new Promise<unknown[]>((resolve) => validateAgainstSchema(JSON.parse(JSON.stringify(document)), (errors) => resolve(errors ?? [])));

  it('is valid against the official JSON Resume schema, full and empty', async () => {
    expect(await schemaErrors(toJsonResume(fullPage))).toEqual([]);
    expect(await schemaErrors(toJsonResume(emptyPage))).toEqual([]);
  });

  it('the schema check catches a document that breaks the standard', async () => {
    const broken = { ...toJsonResume(fullPage), work: [{ name: 'Acme', startDate: '2020-01-01T00:00' }] };
    expect((await schemaErrors(broken)).length).toBeGreaterThan(0);
  });

  it('writes month-level dates as YYYY-MM', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading a loosely shaped document
    const resume = toJsonResume(fullPage) as Record<string, any>;
    expect(resume['education'][0]).toMatchObject({ startDate: '2010-09', endDate: '2015-06' });
    expect(resume['certificates'][0]).toMatchObject({ date: '2021-05' });
    expect(monthOf('2019-03-01')).toBe('2019-03');
    expect(monthOf(null)).toBeUndefined();
  });
});

describe('planImport', () => {
  it('round-trips an exported profile into an empty one', () => {
    const exported = JSON.parse(JSON.stringify(toJsonResume(fullPage)));
    const plan = planImport(JsonResume.parse(exported), { ...emptyPage, first_name: '', last_name: '' });
    expect(plan.header).toMatchObject({ first_name: 'Olena', last_name: 'Kovalenko', headline: 'Product designer', location: 'Kyiv' });
    expect(plan.employments).toEqual([
      { company_name: 'Acme', position: 'Designer', start_date: '2020-01-01', end_date: null, is_current: true },
    ]);
    expect(plan.languages).toEqual([{ code: 'uk', proficiency: 'native' }]);
    expect(plan.skills).toEqual([{ name: 'Figma' }]);
    expect(plan.educations).toHaveLength(1);
    expect(plan.certifications).toHaveLength(1);
    expect(plan.projects).toHaveLength(1);
    expect(plan.skipped).toEqual([{ section: 'references', name: 'Ivan P', reason: 'notImportable' }]);
    expect(ImportRequest.safeParse(plan).success).toBe(true);
  });

  it('exports each company-verified job as a work entry carrying its credential, and an import skips it', async () => {
    const verifiedJob = {
      id: 41,
      verified: true,
      position: 'Engineer',
      company: { id: 3, name: 'Northwind', logo_url: null, registered: true, verified_domain: null },
      start_date: '2024-02-01',
      end_date: null,
      is_current: true,
      months: 10,
      reviews: [],
      in_company_score: null,
      final_feedback: null,
    };
    const page = {
      ...fullPage,
      jobs: [verifiedJob, ...fullPage.jobs],
    } as ProfilePage;
    const exported = JSON.parse(JSON.stringify(toJsonResume(page, new Map([[41, 'header.payload.signature']]))));
    expect(await new Promise<unknown[]>((resolve) => validateAgainstSchema(exported, (errors) => resolve(errors ?? [])))).toEqual([]);
    const verifiedWork = exported.work.filter((w: Record<string, unknown>) => w['x-profiles-verified'] === true);
    expect(verifiedWork).toEqual([
      {
        name: 'Northwind',
        position: 'Engineer',
        startDate: '2024-02',
        'x-profiles-current': true,
        'x-profiles-verified': true,
        'x-profiles-credential': 'header.payload.signature',
      },
    ]);
    const plan = planImport(JsonResume.parse(exported), { ...emptyPage, first_name: '', last_name: '' });
    expect(plan.employments.map((e) => e.company_name)).toEqual(['Acme']);
    expect(plan.skipped).toContainEqual({ section: 'employments', name: 'Northwind', reason: 'notImportable' });
  });

  it('adds nothing twice and never overwrites what the person wrote', () => {
    const exported = JSON.parse(JSON.stringify(toJsonResume(fullPage)));
    const plan = planImport(JsonResume.parse(exported), { ...fullPage, headline: 'Mine' });
    expect(plan.header).toEqual({});
    expect(plan.employments).toEqual([]);
    expect(
      plan.skipped
        .filter((s) => s.reason === 'duplicate')
        .map((s) => s.section)
        .sort(),
    ).toEqual(['certifications', 'educations', 'employments', 'languages', 'projects', 'skills']);
  });

  it('skips incomplete entries and unknown languages, and drops unsafe links', () => {
    const plan = planImport(
      JsonResume.parse({
        basics: { url: 'javascript:alert(1)', email: 'not-an-email' },
        work: [{ name: 'NoStart', position: 'X' }, 'garbage'],
        languages: [{ language: 'Klingon', fluency: 'fluent' }],
        certificates: [{ name: 'C', issuer: 'I', url: 'javascript:alert(1)' }],
        projects: [{ name: 'P', url: 'data:text/html,x' }],
      }),
      emptyPage,
    );
    expect(plan.header).toEqual({});
    expect(plan.employments).toEqual([]);
    expect(plan.certifications[0]?.credential_url).toBeNull();
    expect(plan.projects[0]?.url).toBeNull();
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        { section: 'employments', name: 'NoStart', reason: 'incomplete' },
        { section: 'languages', name: 'Klingon', reason: 'unknownLanguage' },
      ]),
    );
  });

  it("lists everything it will not import, takes keywords as skills and reads older files' work[].company (hardening issue, point 9)", () => {
    const plan = planImport(
      JsonResume.parse({
        basics: { profiles: [{ network: 'GitHub', url: 'https://github.com/olena' }] },
        work: [
          {
            company: 'Old Format Ltd',
            position: 'Engineer',
            startDate: '2019-03',
            summary: 'Led the mobile team',
            description: 'A studio of twelve',
            highlights: ['Shipped the app'],
          },
        ],
        education: [{ institution: 'KPI', courses: ['Algorithms', 'Databases'] }],
        projects: [{ name: 'Atlas', highlights: ['Ten thousand users'] }],
        skills: [{ name: 'Web', keywords: ['TypeScript', 'web'] }],
        volunteer: [{ organization: 'Red Cross' }],
        publications: [{ name: 'A paper' }],
        interests: [{ name: 'Chess' }],
      }),
      emptyPage,
    );
    expect(plan.employments).toMatchObject([{ company_name: 'Old Format Ltd', position: 'Engineer' }]);
    expect(plan.skills.map((s) => s.name)).toEqual(['Web', 'TypeScript']);
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        { section: 'summary', name: 'Led the mobile team', reason: 'notSupported' },
        { section: 'description', name: 'A studio of twelve', reason: 'notSupported' },
        { section: 'highlights', name: 'Shipped the app', reason: 'notSupported' },
        { section: 'courses', name: 'Algorithms', reason: 'notSupported' },
        { section: 'courses', name: 'Databases', reason: 'notSupported' },
        { section: 'highlights', name: 'Ten thousand users', reason: 'notSupported' },
        { section: 'volunteer', name: 'Red Cross', reason: 'notSupported' },
        { section: 'publications', name: 'A paper', reason: 'notSupported' },
        { section: 'interests', name: 'Chess', reason: 'notSupported' },
        { section: 'profiles', name: 'GitHub', reason: 'notSupported' },
      ]),
    );
  });

  it('keeps month precision through an import and an export (hardening issue, point 9)', () => {
    const plan = planImport(
      JsonResume.parse({ work: [{ name: 'Acme', position: 'Engineer', startDate: '2019-03', endDate: '2021-11' }] }),
      emptyPage,
    );
    expect(plan.employments).toMatchObject([{ start_date: '2019-03-01', end_date: '2021-11-01', is_current: false }]);
    const imported: ProfilePage = withJobs({
      ...emptyPage,
      employments: [
        { id: 1, position: 'Engineer', company_name: 'Acme', start_date: '2019-03-01', end_date: '2021-11-01', is_current: false },
      ],
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reading a loosely shaped document
    expect((toJsonResume(imported) as Record<string, any>)['work'][0]).toMatchObject({ startDate: '2019-03', endDate: '2021-11' });
  });

  it('leaves out one over-long entry with its own message and imports the rest (hardening issue, point 9)', () => {
    const plan = planImport(
      JsonResume.parse({
        basics: { label: 'x'.repeat(5000), summary: 'Fine summary' },
        work: [
          { name: 'Acme', position: 'P'.repeat(200), startDate: '2019-03' },
          { name: 'Beta', position: 'Engineer', startDate: '2020-01' },
        ],
        skills: [{ name: 'S'.repeat(81) }, { name: 'Go' }],
      }),
      emptyPage,
    );
    expect(plan.employments.map((e) => e.company_name)).toEqual(['Beta']);
    expect(plan.skills.map((s) => s.name)).toEqual(['Go']);
    expect(plan.header).toEqual({ about: 'Fine summary' });
    expect(plan.skipped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'employments', reason: 'tooLong', field: 'position', maximum: 160 }),
        expect.objectContaining({ section: 'skills', reason: 'tooLong', field: 'name', maximum: 80 }),
        expect.objectContaining({ section: 'basics', reason: 'tooLong', field: 'headline' }),
      ]),
    );
    // What the preview sends is accepted as a whole.
    expect(ImportRequest.safeParse({ header: plan.header, employments: plan.employments, skills: plan.skills }).success).toBe(true);
  });

  it('adds a section only up to its limit and names each entry it leaves out (decision 157)', () => {
    const held = Array.from({ length: sectionEntryLimit - 1 }, (_, i) => ({
      id: i + 1,
      name: `Held ${i}`,
      endorsement_count: 0,
      endorsed_by_me: false,
      endorsers: [],
    }));
    const plan = planImport(JsonResume.parse({ skills: [{ name: 'Fits' }, { name: 'Too many' }, { name: 'Also too many' }] }), {
      ...emptyPage,
      skills: held,
    } as ProfilePage);
    expect(plan.skills).toEqual([{ name: 'Fits' }]);
    expect(plan.skipped).toEqual([
      { section: 'skills', name: 'Too many', reason: 'sectionFull', maximum: sectionEntryLimit },
      { section: 'skills', name: 'Also too many', reason: 'sectionFull', maximum: sectionEntryLimit },
    ]);
  });

  it('reads a resume with wrong types without throwing', () => {
    expect(() => planImport(JsonResume.parse({ basics: 5, work: 'x', skills: [null, { name: 3 }] }), emptyPage)).not.toThrow();
  });
});

describe('helpers', () => {
  it.each([
    ['2020', '2020-01-01'],
    ['2020-05', '2020-05-01'],
    ['2020-05-17', '2020-05-17'],
    ['May 2020', null],
    [undefined, null],
  ])('isoDateOf(%j) is %j', (input, output) => expect(isoDateOf(input)).toBe(output));

  it.each([
    ['C2', 'C2'],
    ['b1', 'B1'],
    ['Native speaker', 'native'],
    ['Fluent', 'C1'],
    ['Professional working proficiency', 'B2'],
    ['Limited working proficiency', 'B1'],
    ['Elementary', 'A2'],
    ['Beginner', 'A1'],
    [undefined, 'B1'],
  ])('proficiencyOf(%j) is %s', (input, output) => expect(proficiencyOf(input)).toBe(output));

  it.each([
    ['uk', 'uk'],
    ['Ukrainian', 'uk'],
    ['українська', 'uk'],
    ['English', 'en'],
    ['Klingon', undefined],
  ])('languageCodeOf(%j) is %j', (input, output) => expect(languageCodeOf(input)).toBe(output));
});
