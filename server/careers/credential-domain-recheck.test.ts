// Before a credential is issued, the company's verified domain is checked again when its last check is
// over an hour old (decision 248): the issue never rests on an older proof, and a proof gone
// past its grace lapses then and there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialPaths } from '../../contract/credentials.ts';
import { companyDomains } from '../db/company-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { startDomainServers, type DomainServers } from '../test/domain-servers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let servers: DomainServers;
let acme: CareersCompany;
const hour = 60 * 60 * 1000;

beforeAll(async () => {
  servers = await startDomainServers();
  ctx = await createTestContext({
    DNS_SERVERS: servers.dnsServer,
    DOMAIN_CHECK_TEST_PORT: String(servers.httpPort),
    DOMAIN_CHECK_TIMEOUT_SECONDS: '2',
  });
  acme = await careersCompany(ctx, 'Acme Ltd');
});
afterAll(async () => {
  await ctx.close();
  await servers.close();
});

async function verifiedDomain(name: string, lastCheckedAt: Date, failingSince: Date | null = null) {
  const token = `token-of-${name}`;
  const [row] = await ctx.database.db
    .insert(companyDomains)
    .values({
      companyId: acme.companyId,
      domain: name,
      token,
      status: 'verified',
      method: 'dns',
      verifiedAt: lastCheckedAt,
      lastCheckedAt,
      failingSince,
    })
    .returning();
  return { row: row!, token };
}

const rowOf = async (id: number) => (await ctx.database.db.select().from(companyDomains).where(eq(companyDomains.id, id)))[0]!;

describe('a credential issued', () => {
  it('checks a stale verified domain first, leaves a fresh one alone, and lapses one whose grace is over', async () => {
    const { person, employmentId } = await hireThroughInvitation(ctx, acme, 'Engineer');
    const now = ctx.clock.now();
    const stale = await verifiedDomain('stale.test', new Date(now.getTime() - 2 * hour));
    servers.zone.set('_profiles-challenge.stale.test', { txt: [stale.token] });
    const fresh = await verifiedDomain('fresh.test', new Date(now.getTime() - 10 * 60 * 1000));
    const gone = await verifiedDomain('gone.test', new Date(now.getTime() - 2 * hour), new Date(now.getTime() - 80 * hour));

    const res = await ctx.app.inject({
      method: 'POST',
      url: credentialPaths.credential(employmentId),
      headers: bearer(person.token),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await rowOf(stale.row.id)).toMatchObject({ status: 'verified', lastCheckedAt: now, lastDnsFailure: null });
    expect((await rowOf(fresh.row.id)).lastCheckedAt).toEqual(fresh.row.lastCheckedAt);
    expect(await rowOf(gone.row.id)).toMatchObject({ status: 'lapsed', lapseReason: 'proof_gone', lastDnsFailure: 'no_record' });
  });
});
