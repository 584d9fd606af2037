// The pipeline's pages (decision 279), on PGlite and PostgreSQL alike: an opening's applicants come a
// page at a time in the filter's order, every applicant exactly once however the pages are cut, the
// company's stages with the kept applicants at each on every page, a board's column read on its own, and
// a cursor that is not the sort's a clear 422.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinePaths } from '../../contract/applications.ts';
import { ApplicantsPage } from '../../contract/jobs-pipeline.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createPerson } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { applyTo, hiringCompany, publishedOpening, type HiringCompany } from './fixtures.ts';

let ctx: TestContext;
let company: HiringCompany;
let openingId: number;
/** Application ids, newest first. */
let newest: number[];

const read = async (query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${pipelinePaths.applicants(company.companyId, openingId)}?${query}`,
    headers: bearer(company.sessions.owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ApplicantsPage.parse(res.json().data);
};
/** Every page of `query`, `limit` at a time. */
const walk = async (query: string, limit: number) => {
  const pages: number[][] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await read(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page.items.map((a) => a.id));
    cursor = page.next_cursor;
  }
  return pages;
};

beforeAll(async () => {
  ctx = await createTestContext();
  company = await hiringCompany(ctx);
  openingId = await publishedOpening(ctx, company.companyId, company.sessions.owner);
  const ids: number[] = [];
  for (let i = 0; i < 7; i++) {
    ids.push(await applyTo(ctx, await createPerson(ctx, { firstName: `Applicant ${i}` }), openingId));
    ctx.clock.advance(60_000);
  }
  newest = ids.reverse();
  const stageOf = (id: number, stage: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: pipelinePaths.stage(company.companyId, id),
      headers: bearer(company.sessions.owner),
      payload: { stage },
    });
  for (const id of newest.slice(0, 3)) expect((await stageOf(id, 'interview')).statusCode).toBe(200);
  const rate = (id: number, rating: number) =>
    ctx.app.inject({
      method: 'PUT',
      url: pipelinePaths.rating(company.companyId, id),
      headers: bearer(company.sessions.owner),
      payload: { rating },
    });
  await rate(newest[4]!, 5);
  await rate(newest[1]!, 3);
});
afterAll(async () => ctx.close());

describe('pages of applicants', () => {
  it('pages newest first, each applicant once, with the total and every stage’s count on each page', async () => {
    const first = await read('limit=3');
    expect(first.items.map((a) => a.id)).toEqual(newest.slice(0, 3));
    expect(first.total).toBe(7);
    expect(first.stages.map((s) => [s.key, s.count])).toEqual([
      ['applied', 4],
      ['screening', 0],
      ['interview', 3],
      ['offer', 0],
      ['hired', 0],
      ['rejected', 0],
    ]);
    expect(await walk('', 3)).toEqual([newest.slice(0, 3), newest.slice(3, 6), newest.slice(6)]);
    expect((await read('')).items).toHaveLength(7);
  });

  it('reads a board’s column on its own, and sorts across pages as over the whole list', async () => {
    expect(await walk('stage=interview', 2)).toEqual([newest.slice(0, 2), newest.slice(2, 3)]);
    const column = await read('stage=applied&limit=2');
    expect(column.total).toBe(4);
    expect(column.items.map((a) => a.stage)).toEqual(['applied', 'applied']);
    expect((await read('stage=offer')).items).toEqual([]);
    // Rated first (5, then 3), then the unrated newest first: the same order page by page.
    const byRating = [newest[4], newest[1], ...newest.filter((id) => id !== newest[4] && id !== newest[1])];
    expect((await walk('sort=rating', 2)).flat()).toEqual(byRating);
    expect((await read('sort=rating')).items.map((a) => a.id)).toEqual(byRating);
  });

  it('holds its place while applicants come and go', async () => {
    const first = await read('limit=2');
    await applyTo(ctx, await createPerson(ctx), openingId);
    const second = await read(`limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((a) => a.id)).toEqual(newest.slice(2, 4));
  });

  it('answers a cursor of another sort, a broken one and a bad limit with 422', async () => {
    const { next_cursor } = await read('limit=2');
    for (const query of [`sort=rating&cursor=${next_cursor}`, 'cursor=bm90IGpzb24', 'cursor=a.b', 'limit=0', 'limit=51', 'stage=Bad']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${pipelinePaths.applicants(company.companyId, openingId)}?${query}&locale=uk_UA`,
        headers: bearer(company.sessions.owner),
      });
      expect(res.statusCode, query).toBe(422);
      expect(expectErrorAnswer(res).violations?.[0]?.title, query).toMatch(/[а-яіїє]/i);
    }
  });
});
