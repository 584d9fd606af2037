// The pipeline is live for every member looking at it: a new application, a stage move, a
// note, a hire and a withdrawal each tell the company's channel that its applications changed (names
// only, no applicant data: every member's socket hears it, and each reads again what its role may see).
// A hire also tells the person's own pages that they have a new job. On PGlite and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPaths, pipelinePaths } from '../../contract/applications.ts';
import { channelNames } from '../../contract/realtime.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompanyContext, createPerson, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';
import { publishedOpening } from './fixtures.ts';

let ctx: TestContext;
let companyId: number;
let session: string;
let openingId: number;
let applicant: Person;

beforeAll(async () => {
  ({ ctx, companyId, ownerSession: session } = await createCompanyContext());
  openingId = await publishedOpening(ctx, companyId, session);
  applicant = await createPerson(ctx);
});
afterAll(async () => ctx.close());

/** The company channel's `company.changed` lists published since `from`. */
const companyNews = (from: number) =>
  ctx.realtime.sent
    .slice(from)
    .filter((m) => m.event === 'company.changed' && m.channel === channelNames.company(companyId))
    .map((m) => (m.data as { lists: string[] }).lists);

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

describe('the pipeline is live for every member', () => {
  it('announces a new application, a move, a note, a hire and a withdrawal on the company channel', async () => {
    let from = ctx.realtime.sent.length;
    const applied = await send('POST', applicationPaths.mine, applicant.token, { opening_id: openingId });
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().data.id as number;
    await expect.poll(() => companyNews(from)).toEqual([['applications']]);
    // Names only: nothing of the applicant travels on the channel every member's socket holds.
    expect(JSON.stringify(ctx.realtime.sent.slice(from))).not.toContain(applicant.email);

    from = ctx.realtime.sent.length;
    expect((await send('PUT', pipelinePaths.stage(companyId, id), session, { stage: 'interview' })).statusCode).toBe(200);
    await expect.poll(() => companyNews(from)).toEqual([['applications']]);

    from = ctx.realtime.sent.length;
    expect((await send('POST', pipelinePaths.notes(companyId, id), session, { body: 'Good' })).statusCode).toBe(201);
    await expect.poll(() => companyNews(from)).toEqual([['applications']]);

    from = ctx.realtime.sent.length;
    const hired = await send('POST', pipelinePaths.hire(companyId, id), session, { start_date: '2026-12-01' });
    expect(hired.statusCode, hired.body).toBe(200);
    await expect.poll(() => companyNews(from)).toContainEqual(['applications', 'members', 'teams', 'notifications', 'employments']);
    await expect
      .poll(() =>
        ctx.realtime.sent.slice(from).filter((m) => m.event === 'employment.changed' && m.channel === channelNames.user(applicant.id)),
      )
      .toHaveLength(1);

    const other = await createPerson(ctx);
    const second = await send('POST', applicationPaths.mine, other.token, { opening_id: openingId });
    from = ctx.realtime.sent.length;
    expect((await send('DELETE', applicationPaths.application(second.json().data.id), other.token)).statusCode).toBe(204);
    await expect.poll(() => companyNews(from)).toEqual([['applications']]);
  });

  it('announces nothing when a call is refused', async () => {
    const from = ctx.realtime.sent.length;
    expect((await send('POST', applicationPaths.mine, applicant.token, { opening_id: 999_999 })).statusCode).toBe(404);
    expect((await send('DELETE', applicationPaths.application(999_999), applicant.token)).statusCode).toBe(404);
    expect((await send('PUT', pipelinePaths.stage(companyId, 999_999), session, { stage: 'offer' })).statusCode).toBe(404);
    expect(companyNews(from)).toEqual([]);
  });
});
