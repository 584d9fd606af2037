// Decision 232: the companies' revocation lists are anonymous reads that grew with
// the data (every credential's facts compared and the list signed again on every read). Each is now
// kept signed with the version of what it is made from: the same list, byte for byte, while nothing
// changed, with an ETag, 304 to If-None-Match and `public, max-age=60`; a change makes it again at the
// next read; and one address may read only so many a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialPaths, credentialPublicPaths, statusListMaxAge } from '../../contract/credentials.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { statusBitOf } from './credential-status.ts';
import { assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';
import { StatusListCopies } from './status-list-copies.ts';

let ctx: TestContext;
let acme: CareersCompany;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await careersCompany(ctx, 'Acme Ltd');
});
afterAll(async () => ctx.close());

const payloadOf = (jws: string): ReturnType<typeof JSON.parse> => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString('utf8'));

async function credentialOf(token: string, jobId: number): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: credentialPaths.credential(jobId), headers: bearer(token), payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.jwt as string;
}

const readList = (companyId: number, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
  ctx.app.inject({ method: 'GET', url: credentialPublicPaths.statusList(companyId), headers, remoteAddress });

const bitOf = (list: string, credential: string) =>
  statusBitOf(payloadOf(list).credentialSubject.encodedList, Number(payloadOf(credential).credentialStatus.statusListIndex));

describe("a company's revocation list", () => {
  it('is kept: the same signed list while nothing changed, with an ETag, 304 to If-None-Match and public max-age 60', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    await credentialOf(person.token, employmentId);
    const first = await readList(acme.companyId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/vc+jwt');
    expect(first.headers['cache-control']).toBe(`public, max-age=${statusListMaxAge}`);
    expect(statusListMaxAge).toBeGreaterThanOrEqual(60);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    // Later, with nothing changed: not signed again (a new list would carry a new validFrom).
    ctx.clock.advance(10 * 60_000);
    const again = await readList(acme.companyId);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['etag']).toBe(etag);

    const revalidated = await readList(acme.companyId, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['etag']).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(`public, max-age=${statusListMaxAge}`);
  });

  it('is made again at the next read after a change, with the bit set and another ETag', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Designer');
    const credential = await credentialOf(person.token, employmentId);
    const before = await readList(acme.companyId);
    expect(bitOf(before.body, credential)).toBe(false);
    const etag = String(before.headers['etag']);
    expect((await readList(acme.companyId, { 'if-none-match': etag })).statusCode).toBe(304);

    // The company corrects the job: what the credential states is no longer what the job says.
    await assignReviewer(ctx, acme, employmentId, null, 'Senior Designer');
    const after = await readList(acme.companyId, { 'if-none-match': etag });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(bitOf(after.body, credential)).toBe(true);
    // And kept again from there.
    expect((await readList(acme.companyId, { 'if-none-match': String(after.headers['etag']) })).statusCode).toBe(304);
  });

  it('reads one version query while nothing changed, and makes a list once however many ask at once', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Analyst');
    await credentialOf(person.token, employmentId);
    // Making a list is a transaction (compare every credential's facts, sign); reading the version is not.
    let made = 0;
    const db = new Proxy(ctx.database.db, {
      get(target, key) {
        if (key === 'transaction') made += 1;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const copies = new StatusListCopies({ db, clock: ctx.clock, config: ctx.config });
    const lists = await Promise.all(Array.from({ length: 5 }, () => copies.listOf(acme.companyId)));
    expect(made).toBe(1);
    expect(new Set(lists.map((list) => list.jwt)).size).toBe(1);
    for (let i = 0; i < 5; i += 1) expect((await copies.listOf(acme.companyId)).jwt).toBe(lists[0]!.jwt);
    expect(made).toBe(1);
  });

  it('answers 404 for a company that never issued, kept or not', async () => {
    const quiet = await careersCompany(ctx, 'Quiet Ltd');
    expect((await readList(quiet.companyId)).statusCode).toBe(404);
    expect((await readList(quiet.companyId)).statusCode).toBe(404);
  });

  it('lets one address (an IPv6 /64) read 120 lists a minute, then answers 429 with Retry-After; another address still reads', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Tester');
    await credentialOf(person.token, employmentId);
    // Addresses of one /64 share one budget.
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await readList(acme.companyId, {}, `2001:db8:41:4::${(i + 1).toString(16)}`)).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    const refused = await readList(acme.companyId, {}, '2001:db8:41:4::ffff');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('too_many_requests');
    expect((await readList(acme.companyId, {}, '2001:db8:41:5::1')).statusCode).toBe(200);
    expect((await readList(acme.companyId, {}, '198.51.100.7')).statusCode).toBe(200);
  });
});
