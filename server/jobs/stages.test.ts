// The company's own pipeline stages (decision 279) over the API, on PGlite and PostgreSQL alike: who may
// read and change them (anonymous, another person, another company's admin, a plain member, an admin,
// the owner); renaming, adding, ordering and removing the stages between applied and offer while
// applied, offer, hired and rejected keep their names, places and meaning; moving applicants to a
// company's own stage, which the applicant reads as applied and is never told of; removing a stage that
// holds applications only with them moved; bad input a clear 4xx in the caller's language; live news.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Applicant, applicationPaths, pipelinePaths, type MyApplication } from '../../contract/applications.ts';
import { ApplicantsPage } from '../../contract/jobs-pipeline.ts';
import { PipelineStage, stagePaths } from '../../contract/jobs-stages.ts';
import { channelNames } from '../../contract/realtime.ts';
import { notifications } from '../db/notification-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson, type Person } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { applyTo, hiringCompany, publishedOpening, type HiringCompany } from './fixtures.ts';

let ctx: TestContext;
let company: HiringCompany;
let outsider: Person;
let applicant: Person;
let openingId: number;
let applicationId: number;

type Who = keyof HiringCompany['sessions'] | 'anonymous' | 'outsider';
const headersOf = (who: Who): Record<string, string> =>
  who === 'anonymous' ? {} : who === 'outsider' ? bearer(outsider.token) : bearer(company.sessions[who]);
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method,
    url: `${url}${url.includes('?') ? '&' : '?'}locale=${locale}`,
    headers: { ...headersOf(who), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const stages = async (who: Who = 'owner') => {
  const res = await call(who, 'GET', stagePaths.stages(company.companyId));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as unknown[]).map((s) => PipelineStage.parse(s));
};
const keys = async () => (await stages()).map((s) => s.key);
const mine = async (person: Person): Promise<MyApplication[]> =>
  (await ctx.app.inject({ method: 'GET', url: applicationPaths.mine, headers: bearer(person.token) })).json().data;
const violation = (res: Awaited<ReturnType<typeof call>>, field: string) =>
  expectErrorAnswer(res).violations?.find((v) => v.field === field);

beforeAll(async () => {
  ctx = await createTestContext();
  company = await hiringCompany(ctx);
  outsider = await createPerson(ctx);
  applicant = await createPerson(ctx, { firstName: 'Olena', locale: 'uk_UA' });
  openingId = await publishedOpening(ctx, company.companyId, company.sessions.owner);
  applicationId = await applyTo(ctx, applicant, openingId);
});
afterAll(async () => ctx.close());

describe('who may read and change the stages', () => {
  it('every company has the six built-in stages in order, applied, offer, hired and rejected fixed', async () => {
    expect(await stages()).toEqual([
      { key: 'applied', name: null, fixed: true, applications: 1 },
      { key: 'screening', name: null, fixed: false, applications: 0 },
      { key: 'interview', name: null, fixed: false, applications: 0 },
      { key: 'offer', name: null, fixed: true, applications: 0 },
      { key: 'hired', name: null, fixed: true, applications: 0 },
      { key: 'rejected', name: null, fixed: true, applications: 0 },
    ]);
    expect(await stages('admin')).toHaveLength(6);
  });

  it('answers 401 to anonymous callers and personal sessions, 404 to another company, 403 to a plain member', async () => {
    const { companyId } = company;
    const calls = [
      ['GET', stagePaths.stages(companyId), undefined],
      ['POST', stagePaths.stages(companyId), { name: 'Test task' }],
      ['PUT', stagePaths.stage(companyId, 'screening'), { name: 'Phone call' }],
      ['DELETE', stagePaths.stage(companyId, 'interview'), undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await call('anonymous', method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call('outsider', method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call('otherAdmin', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      const member = await call('member', method, url, payload);
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(expectErrorAnswer(member).code).toBe('role_forbidden');
    }
    expect(await keys()).toEqual(['applied', 'screening', 'interview', 'offer', 'hired', 'rejected']);
    expect((await stages()).every((s) => s.name === null)).toBe(true);
  });
});

describe('renaming, adding and ordering', () => {
  it('adds the company’s own stage just before offer, renames and reorders the ones between', async () => {
    const added = await call('admin', 'POST', stagePaths.stages(company.companyId), { name: '  Test task <b>x</b> ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data.map((s: PipelineStage) => s.key)).toEqual([
      'applied',
      'screening',
      'interview',
      'custom_1',
      'offer',
      'hired',
      'rejected',
    ]);
    expect((await stages())[3]).toEqual({ key: 'custom_1', name: 'Test task <b>x</b>', fixed: false, applications: 0 });

    const renamed = await call('owner', 'PUT', stagePaths.stage(company.companyId, 'screening'), { name: 'Phone call', position: 2 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await keys()).toEqual(['applied', 'interview', 'custom_1', 'screening', 'offer', 'hired', 'rejected']);
    expect((await stages()).find((s) => s.key === 'screening')!.name).toBe('Phone call');
    // Null gives a built-in stage its own (translated) name back.
    expect((await call('owner', 'PUT', stagePaths.stage(company.companyId, 'screening'), { name: null, position: 0 })).statusCode).toBe(
      200,
    );
    expect(await keys()).toEqual(['applied', 'screening', 'interview', 'custom_1', 'offer', 'hired', 'rejected']);
    expect((await stages())[1]!.name).toBeNull();
  });

  it('keeps applied, offer, hired and rejected as they are, and every name its own', async () => {
    const { companyId } = company;
    for (const key of ['applied', 'offer', 'hired', 'rejected']) {
      const res = await call('owner', 'PUT', stagePaths.stage(companyId, key), { name: 'Mine' }, 'uk_UA');
      expect(res.statusCode, key).toBe(422);
      expect(violation(res, 'name')?.title).toMatch(/Пропозиція/);
      expect((await call('owner', 'DELETE', stagePaths.stage(companyId, key))).statusCode, key).toBe(422);
    }
    const taken = await call('owner', 'POST', stagePaths.stages(companyId), { name: 'test TASK <b>x</b>' });
    expect(taken.statusCode).toBe(422);
    expect(violation(taken, 'name')?.title).toBe('Another stage already has this name');
    const unnamed = await call('owner', 'PUT', stagePaths.stage(companyId, 'custom_1'), { name: null });
    expect(unnamed.statusCode).toBe(422);
    expect(violation(unnamed, 'name')).toBeDefined();
    expect((await call('owner', 'PUT', stagePaths.stage(companyId, 'custom_9'), { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('answers empty, oversized and malformed input with a clear 4xx in the caller’s language', async () => {
    const { companyId } = company;
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(41) }, 'name'],
      [{ name: 42 }, 'name'],
      [{}, 'name'],
    ] as const) {
      const res = await call('owner', 'POST', stagePaths.stages(companyId), payload, 'uk_UA');
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(violation(res, field)?.title, JSON.stringify(payload)).toMatch(/[а-яіїє]/i);
    }
    for (const [payload, field] of [
      [{}, 'name'],
      [{ position: -1 }, 'position'],
      [{ position: 10 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ position: 3 }, 'position'],
    ] as const) {
      const res = await call('owner', 'PUT', stagePaths.stage(companyId, 'custom_1'), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(violation(res, field), JSON.stringify(payload)).toBeDefined();
    }
    expect((await call('owner', 'POST', stagePaths.stages(companyId), '{"name":')).statusCode).toBe(400);
    expect((await call('owner', 'PUT', stagePaths.stage(companyId, 'Bad-Key'), { name: 'x' })).statusCode).toBe(422);
    expect((await call('owner', 'DELETE', `${stagePaths.stage(companyId, 'custom_1')}?move_to=%3Cscript%3E`)).statusCode).toBe(422);
  });

  it('takes ten stages between applied and offer at most', async () => {
    const { companyId } = company;
    for (let n = 2; n <= 8; n++) {
      expect((await call('owner', 'POST', stagePaths.stages(companyId), { name: `Round ${n}` })).statusCode, `Round ${n}`).toBe(201);
    }
    const eleventh = await call('owner', 'POST', stagePaths.stages(companyId), { name: 'Round 9' });
    expect(eleventh.statusCode).toBe(422);
    expect(violation(eleventh, 'name')?.title).toBe('Add at most 10');
    for (let n = 2; n <= 8; n++) {
      expect((await call('owner', 'DELETE', stagePaths.stage(companyId, `custom_${n}`))).statusCode, `custom_${n}`).toBe(200);
    }
    expect(await keys()).toEqual(['applied', 'screening', 'interview', 'custom_1', 'offer', 'hired', 'rejected']);
  });

  it('never gives a removed stage’s key to a stage added later', async () => {
    const { companyId } = company;
    const add = async (name: string) => {
      const res = await call('owner', 'POST', stagePaths.stages(companyId), { name });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().data as PipelineStage[]).find((s) => s.name === name)!.key;
    };
    // custom_2 to custom_8 were given and removed above: the next key is past them all.
    const portfolio = await add('Portfolio review');
    expect(portfolio).toBe('custom_9');
    expect((await call('owner', 'DELETE', stagePaths.stage(companyId, portfolio))).statusCode).toBe(200);
    const again = await add('Portfolio review');
    expect(again).toBe('custom_10');
    expect((await call('owner', 'DELETE', stagePaths.stage(companyId, again))).statusCode).toBe(200);
    // A move naming the removed key (a stale page) finds no stage, never the new one.
    const stale = await call('owner', 'PUT', pipelinePaths.stage(companyId, applicationId), { stage: portfolio });
    expect(stale.statusCode).toBe(422);
    expect(violation(stale, 'stage')?.title).toBe('Choose a stage of this company');
    expect(await keys()).toEqual(['applied', 'screening', 'interview', 'custom_1', 'offer', 'hired', 'rejected']);
  });
});

describe('applicants at the company’s own stages', () => {
  it('moves an applicant to a stage of the company’s own; the applicant reads applied and is not told', async () => {
    const res = await call('owner', 'PUT', pipelinePaths.stage(company.companyId, applicationId), { stage: 'custom_1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Applicant.parse(res.json().data).stage).toBe('custom_1');
    expect((await mine(applicant))[0]?.stage).toBe('applied');
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id))).toEqual([]);
    const page = ApplicantsPage.parse((await call('owner', 'GET', pipelinePaths.applicants(company.companyId, openingId))).json().data);
    expect(page.stages.find((s) => s.key === 'custom_1')).toEqual({ key: 'custom_1', name: 'Test task <b>x</b>', fixed: false, count: 1 });
    expect((await stages()).find((s) => s.key === 'custom_1')!.applications).toBe(1);
  });

  it('refuses a stage the company does not have, another company’s own included', async () => {
    await call('otherAdmin', 'POST', stagePaths.stages(company.otherCompanyId), { name: 'Elsewhere' });
    for (const stage of ['custom_5', 'nothing', 'hired']) {
      const res = await call('owner', 'PUT', pipelinePaths.stage(company.companyId, applicationId), { stage }, 'uk_UA');
      expect(res.statusCode, stage).toBe(422);
      expect(violation(res, 'stage')?.title, stage).toMatch(/[а-яіїє]/i);
    }
    expect((await call('owner', 'PUT', pipelinePaths.stage(company.companyId, applicationId), { stage: 'Custom 1' })).statusCode).toBe(422);
  });

  it('removes a stage that holds applications only when they move to applied or another stage between', async () => {
    const url = stagePaths.stage(company.companyId, 'custom_1');
    const held = await call('owner', 'DELETE', url);
    expect(held.statusCode).toBe(422);
    expect(violation(held, 'move_to')?.title).toBe('Applications are at this stage: choose the stage they move to');
    for (const moveTo of ['offer', 'hired', 'rejected', 'custom_1', 'custom_7']) {
      const res = await call('owner', 'DELETE', `${url}?move_to=${moveTo}`);
      expect(res.statusCode, moveTo).toBe(422);
      expect(violation(res, 'move_to')?.title, moveTo).toBe('Choose a stage of this company');
    }
    expect(await keys()).toContain('custom_1');
    const from = ctx.realtime.sent.length;
    const removed = await call('admin', 'DELETE', `${url}?move_to=interview`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.map((s: PipelineStage) => s.key)).toEqual([
      'applied',
      'screening',
      'interview',
      'offer',
      'hired',
      'rejected',
    ]);
    const page = ApplicantsPage.parse((await call('owner', 'GET', pipelinePaths.applicants(company.companyId, openingId))).json().data);
    expect(page.items[0]).toMatchObject({ id: applicationId, stage: 'interview' });
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.userId, applicant.id))).toEqual([]);
    // Every member looking at a pipeline reads it again: names only on the company channel.
    await expect
      .poll(() =>
        ctx.realtime.sent
          .slice(from)
          .filter((m) => m.event === 'company.changed' && m.channel === channelNames.company(company.companyId))
          .map((m) => (m.data as { lists: string[] }).lists),
      )
      .toEqual([['applications']]);
    expect((await call('owner', 'DELETE', url)).statusCode).toBe(404);
  });

  it('answers a move racing the removal of its stage with 422, never 500', async () => {
    const added = await call('owner', 'POST', stagePaths.stages(company.companyId), { name: 'Race' });
    const race = (added.json().data as PipelineStage[]).find((s) => s.name === 'Race')!.key;
    const move = () => call('owner', 'PUT', pipelinePaths.stage(company.companyId, applicationId), { stage: race });
    const pool = ctx.database.pool;
    if (!pool) {
      // PGlite has one connection, so the two take turns: the removal first, then the move.
      expect((await call('owner', 'DELETE', stagePaths.stage(company.companyId, race))).statusCode).toBe(200);
      expect(violation(await move(), 'stage')?.title).toBe('Choose a stage of this company');
      return;
    }
    // PostgreSQL: the removal holds its row while the move arrives, and commits once the move waits.
    const removal = await pool.connect();
    try {
      await removal.query('BEGIN');
      await removal.query('DELETE FROM pipeline_stages WHERE company_id = $1 AND key = $2', [company.companyId, race]);
      const moving = move();
      await expect
        .poll(
          async () =>
            (
              await pool.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
              )
            ).rows[0].n,
        )
        .toBeGreaterThan(0);
      await removal.query('COMMIT');
      const res = await moving;
      expect(res.statusCode, res.body).toBe(422);
      expect(violation(res, 'stage')?.title).toBe('Choose a stage of this company');
    } finally {
      removal.release();
    }
  });

  it('removes a built-in stage between applied and offer when it is empty', async () => {
    expect((await call('owner', 'DELETE', stagePaths.stage(company.companyId, 'screening'))).statusCode).toBe(200);
    const added = await call('owner', 'POST', stagePaths.stages(company.companyId), { name: 'Test task' });
    // Past every key the company ever gave (decision 286): custom_1 to custom_10, and the race's custom_11.
    expect(added.json().data.map((s: PipelineStage) => s.key)).toEqual(['applied', 'interview', 'custom_12', 'offer', 'hired', 'rejected']);
  });
});
