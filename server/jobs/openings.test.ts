// Openings (decision 255) over the API, on PGlite and PostgreSQL alike: who may do what
// (anonymous, another person, another company's admin, a plain member, an admin, the owner), the
// validation of every field with clear 4xx answers in both languages, and the lifecycle draft →
// published → closed → published, with the competencies, team and closing date checked against the
// company's own.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openingPaths, Opening, type SaveOpeningRequest } from '../../contract/jobs.ts';
import { competencies } from '../db/careers-schema.ts';
import { teams } from '../db/company-schema.ts';
import { jobOpenings } from '../db/jobs-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let companyId: number;
let otherCompanyId: number;
let sessions: Record<'owner' | 'admin' | 'member' | 'otherAdmin', string>;
let outsider: Person;
let competencyId: number;
let otherCompetencyId: number;
let teamId: number;
let otherTeamId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const [owner, admin, member, otherOwner, otherAdmin] = await Promise.all([1, 2, 3, 4, 5].map(() => createPerson(ctx)));
  outsider = await createPerson(ctx);
  companyId = await createCompany(ctx, owner!, 'Northwind Studio');
  otherCompanyId = await createCompany(ctx, otherOwner!, 'Other Ltd');
  await addMember(ctx, companyId, admin!, 'admin');
  await addMember(ctx, companyId, member!);
  await addMember(ctx, otherCompanyId, otherAdmin!, 'admin');
  sessions = {
    owner: await enterCompany(ctx, owner!, companyId),
    admin: await enterCompany(ctx, admin!, companyId),
    member: await enterCompany(ctx, member!, companyId),
    otherAdmin: await enterCompany(ctx, otherAdmin!, otherCompanyId),
  };
  const db = ctx.database.db;
  [{ id: competencyId }, { id: otherCompetencyId }] = (await db
    .insert(competencies)
    .values([
      { companyId, name: 'System design', weight: 2 },
      { companyId: otherCompanyId, name: 'Other', weight: 1 },
    ])
    .returning({ id: competencies.id })) as [{ id: number }, { id: number }];
  [{ id: teamId }, { id: otherTeamId }] = (await db
    .insert(teams)
    .values([
      { companyId, name: 'Platform' },
      { companyId: otherCompanyId, name: 'Elsewhere' },
    ])
    .returning({ id: teams.id })) as [{ id: number }, { id: number }];
});
afterAll(async () => ctx.close());

const valid = (): SaveOpeningRequest => ({
  title: 'Backend engineer',
  description: 'We build **maps**.\n\n- Go\n- PostgreSQL',
  location: 'Kyiv',
  remote: true,
  employment_type: 'full_time',
  salary_min: 3000,
  salary_max: 4500,
  salary_currency: 'EUR',
  salary_period: 'month',
  competencies: [{ competency_id: competencyId, min_level: 4 }],
  skills: ['Go', 'SQL'],
  languages: [{ code: 'en', level: 'B2' }],
  team_id: teamId,
  closes_on: '2026-12-31',
});

type Who = keyof typeof sessions | 'anonymous' | 'outsider';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous' ? {} : who === 'outsider' ? bearer(outsider.token) : bearer(sessions[who]);
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method,
    url: `${url}?locale=${locale}`,
    headers: { ...headersOf(who), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

async function create(who: Who = 'owner', body: SaveOpeningRequest = valid()): Promise<Opening> {
  const res = await call(who, 'POST', openingPaths.openings(companyId), body);
  expect(res.statusCode, res.body).toBe(201);
  return Opening.parse(res.json().data);
}
async function act(action: 'publish' | 'close' | 'reopen', id: number, who: Who = 'owner') {
  return call(who, 'POST', openingPaths[action](companyId, id));
}

describe('who may do what with openings', () => {
  it('owners and admins create, edit, publish, close and reopen; the opening keeps what they sent', async () => {
    for (const who of ['owner', 'admin'] as const) {
      const opening = await create(who);
      expect(opening).toMatchObject({
        status: 'draft',
        title: 'Backend engineer',
        competencies: [{ competency_id: competencyId, min_level: 4, name: 'System design' }],
        skills: ['Go', 'SQL'],
        languages: [{ code: 'en', level: 'B2' }],
        team_id: teamId,
        salary_currency: 'EUR',
        published_at: null,
        public_path: null,
      });
      const edited = await call(who, 'PUT', openingPaths.opening(companyId, opening.id), {
        ...valid(),
        title: 'Senior backend engineer',
        competencies: [],
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toMatchObject({ title: 'Senior backend engineer', competencies: [] });
      const published = await act('publish', opening.id, who);
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().data.status).toBe('published');
      expect(published.json().data.published_at).toBe(ctx.clock.now().toISOString());
      const closed = await act('close', opening.id, who);
      expect(closed.json().data).toMatchObject({ status: 'closed', closed_at: ctx.clock.now().toISOString() });
      const reopened = await act('reopen', opening.id, who);
      expect(reopened.json().data).toMatchObject({ status: 'published', closed_at: null });
      // datePosted stays the first publication.
      expect(reopened.json().data.published_at).toBe(published.json().data.published_at);
    }
  });

  it('a plain member reads published and closed openings but never drafts, and may change nothing', async () => {
    const draft = await create();
    const open = await create();
    expect((await act('publish', open.id)).statusCode).toBe(200);
    const list = await call('member', 'GET', openingPaths.openings(companyId));
    expect(list.statusCode).toBe(200);
    const ids = (list.json().data as Opening[]).map((o) => o.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(draft.id);
    expect((await call('member', 'GET', openingPaths.opening(companyId, open.id))).statusCode).toBe(200);
    expectErrorAnswer(await call('member', 'GET', openingPaths.opening(companyId, draft.id)));
    expect((await call('member', 'GET', openingPaths.opening(companyId, draft.id))).statusCode).toBe(404);
    const writes = [
      call('member', 'POST', openingPaths.openings(companyId), valid()),
      call('member', 'PUT', openingPaths.opening(companyId, open.id), valid()),
      act('publish', draft.id, 'member'),
      act('close', open.id, 'member'),
      act('reopen', open.id, 'member'),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.statusCode, res.body).toBe(403);
      expectErrorAnswer(res);
    }
    // The refused writes changed nothing.
    expect((await call('owner', 'GET', openingPaths.opening(companyId, draft.id))).json().data.status).toBe('draft');
  });

  it('anonymous callers get 401; a personal session and another company’s admin get nothing of this company', async () => {
    const opening = await create();
    const requests = (who: Who) => [
      call(who, 'GET', openingPaths.openings(companyId)),
      call(who, 'GET', openingPaths.opening(companyId, opening.id)),
      call(who, 'POST', openingPaths.openings(companyId), valid()),
      call(who, 'PUT', openingPaths.opening(companyId, opening.id), valid()),
      act('publish', opening.id, who),
      act('close', opening.id, who),
      act('reopen', opening.id, who),
    ];
    for (const res of await Promise.all(requests('anonymous'))) expect(res.statusCode, res.body).toBe(401);
    // A personal-site session is no company session.
    for (const res of await Promise.all(requests('outsider'))) expect(res.statusCode, res.body).toBe(401);
    // Another company's admin: this company does not exist for them.
    for (const res of await Promise.all(requests('otherAdmin'))) {
      expect(res.statusCode, res.body).toBe(404);
      expectErrorAnswer(res);
    }
    // Nor does this company's opening under their own company's path.
    const viaOwn = await call('otherAdmin', 'GET', openingPaths.opening(otherCompanyId, opening.id));
    expect(viaOwn.statusCode).toBe(404);
    const publishViaOwn = await call('otherAdmin', 'POST', openingPaths.publish(otherCompanyId, opening.id));
    expect(publishViaOwn.statusCode).toBe(404);
    expect((await call('owner', 'GET', openingPaths.opening(companyId, opening.id))).json().data.status).toBe('draft');
  });
});

describe('the status moves', () => {
  it('refuses moves its status does not allow with 409 opening_status', async () => {
    const opening = await create();
    expect(expectErrorAnswer(await act('close', opening.id)).code).toBe('opening_status');
    expect(expectErrorAnswer(await act('reopen', opening.id)).code).toBe('opening_status');
    await act('publish', opening.id);
    expect((await act('publish', opening.id)).statusCode).toBe(409);
    expect((await act('reopen', opening.id)).statusCode).toBe(409);
    await act('close', opening.id);
    expect((await act('close', opening.id)).statusCode).toBe(409);
  });

  it('does not publish or reopen past the closing date; a new date lets it', async () => {
    // Time passing is the stored date falling behind today (the company session would not outlive a moved clock).
    const backdate = (id: number, day: string) => ctx.database.db.update(jobOpenings).set({ closesOn: day }).where(eq(jobOpenings.id, id));
    const opening = await create('owner', { ...valid(), closes_on: '2026-11-23' });
    await backdate(opening.id, '2026-11-20');
    const res = await act('publish', opening.id);
    expect(res.statusCode).toBe(422);
    expect(expectErrorAnswer(res).violations?.[0]?.field).toBe('closes_on');
    const moved = await call('owner', 'PUT', openingPaths.opening(companyId, opening.id), { ...valid(), closes_on: '2026-11-30' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await act('publish', opening.id)).statusCode).toBe(200);
    // Past its date a published opening says so, and is not public.
    await backdate(opening.id, '2026-11-21');
    const read = await call('owner', 'GET', openingPaths.opening(companyId, opening.id));
    expect(read.json().data).toMatchObject({ status: 'published', expired: true, public_path: null });
    await act('close', opening.id);
    expect((await act('reopen', opening.id)).statusCode).toBe(422);
    // A closed opening may be corrected with its past date kept.
    const corrected = await call('owner', 'PUT', openingPaths.opening(companyId, opening.id), {
      ...valid(),
      title: 'Fixed',
      closes_on: '2026-11-21',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });
});

describe('validation', () => {
  const violations = async (body: unknown, locale = 'en_GB') => {
    const res = await call('owner', 'POST', openingPaths.openings(companyId), body, locale);
    expect(res.statusCode, res.body).toBe(422);
    return Object.fromEntries(expectErrorAnswer(res).violations!.map((v) => [v.field, v.title]));
  };

  it('names each field that is wrong, in the page’s language', async () => {
    expect(await violations({ ...valid(), title: '   ' })).toHaveProperty('title');
    expect(await violations({ ...valid(), location: null, remote: false })).toMatchObject({ location: expect.stringMatching(/remote/) });
    expect(await violations({ ...valid(), location: null, remote: false }, 'uk_UA')).toMatchObject({
      location: expect.stringMatching(/віддален/),
    });
    expect(await violations({ ...valid(), salary_max: 100 })).toMatchObject({ salary_max: expect.stringMatching(/lowest/) });
    expect(await violations({ ...valid(), salary_currency: null })).toHaveProperty('salary_currency');
    expect(await violations({ ...valid(), salary_currency: 'XYZ' })).toHaveProperty('salary_currency');
    expect(await violations({ ...valid(), employment_type: 'forever' })).toHaveProperty('employment_type');
    expect(await violations({ ...valid(), closes_on: '2026-11-21' })).toMatchObject({ closes_on: expect.stringMatching(/today/) });
    expect(await violations({ ...valid(), closes_on: '2026-02-30' })).toHaveProperty('closes_on');
    expect(await violations({ ...valid(), skills: ['Go', 'go'] })).toHaveProperty(['skills.1']);
    expect(
      await violations({
        ...valid(),
        languages: [
          { code: 'en', level: 'B2' },
          { code: 'EN', level: 'C1' },
        ],
      }),
    ).toHaveProperty(['languages.1.code']);
    expect(await violations({ ...valid(), languages: [{ code: 'english', level: 'B2' }] })).toHaveProperty(['languages.0.code']);
    expect(await violations({ ...valid(), competencies: [{ competency_id: competencyId, min_level: 7 }] })).toHaveProperty([
      'competencies.0.min_level',
    ]);
    expect(await violations({ ...valid(), description: 'x'.repeat(10_001) })).toMatchObject({
      description: expect.stringMatching(/10000/),
    });
    expect(await violations({ ...valid(), skills: Array.from({ length: 31 }, (_, i) => `s${i}`) })).toHaveProperty('skills');
  });

  it('takes only the company’s own team and competencies, and no retired competency', async () => {
    expect(await violations({ ...valid(), team_id: otherTeamId })).toMatchObject({
      team_id: expect.stringMatching(/team of this company/),
    });
    expect(await violations({ ...valid(), competencies: [{ competency_id: otherCompetencyId, min_level: 2 }] })).toHaveProperty([
      'competencies.0.competency_id',
    ]);
    const [retired] = await ctx.database.db
      .insert(competencies)
      .values({ companyId, name: 'Retired one', weight: 1, retiredAt: ctx.clock.now() })
      .returning({ id: competencies.id });
    expect(await violations({ ...valid(), competencies: [{ competency_id: retired!.id, min_level: 2 }] })).toHaveProperty([
      'competencies.0.competency_id',
    ]);
  });

  it('answers malformed and oversized input with a 4xx, never a 5xx', async () => {
    const bodies: unknown[] = [
      '{"title":',
      '[]',
      'null',
      { ...valid(), remote: 'yes' },
      { ...valid(), salary_min: 1e12 },
      { ...valid(), salary_min: -1 },
      { ...valid(), title: 'a\u0000b' },
      { ...valid(), team_id: 'x' },
    ];
    for (const body of bodies) {
      const res = await call('owner', 'POST', openingPaths.openings(companyId), body);
      expect(res.statusCode, `${JSON.stringify(body)} -> ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectErrorAnswer(res);
    }
    for (const bad of ['0', 'abc', '99999999999999999999']) {
      const res = await call('owner', 'GET', openingPaths.opening(companyId, bad));
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('keeps HTML in free text as text, and stores the description in one form', async () => {
    const opening = await create('owner', {
      ...valid(),
      title: '<script>alert(1)</script>',
      description: 'Hello<img src=x onerror=alert(1)>\r\n\r\n\r\n\r\nbye  ',
      skills: ['<b>Go</b>'],
    });
    expect(opening.title).toBe('<script>alert(1)</script>');
    expect(opening.description).toBe('Hello<img src=x onerror=alert(1)>\n\nbye');
    expect(opening.skills).toEqual(['<b>Go</b>']);
  });
});
