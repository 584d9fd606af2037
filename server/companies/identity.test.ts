// Who a company is beyond a name anyone can type (decision 266): its verified domain, or
// plainly "Identity not verified", and "Not affiliated with …" when its name could pass for a
// domain-verified company's, on the signed-out company page and in the app's company page alike.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyPublicPage, Workspace } from '../../contract/companies.ts';
import { channelNames, parseRealtimeEvent } from '../../contract/realtime.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { companyDomains } from '../db/company-schema.ts';
import { lookalikeKey } from '../shared/companies/trust.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

let serial = 0;

/** A company named `name` with its public page on; returns its id and page address. */
async function companyWithPage(name: string): Promise<{ companyId: number; address: string }> {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner, name);
  const session = await enterCompany(ctx, owner, companyId);
  const address = `identity-${Date.now().toString(36)}-${(serial += 1)}`;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: workspacePaths.publicPageSettings(companyId),
    headers: { ...bearer(session), 'content-type': 'application/json' },
    payload: JSON.stringify({ address, is_public: true, noindex: false }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { companyId, address };
}

async function proveDomain(companyId: number, domain: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(companyDomains)
    .values({ companyId, domain, token: `token-${domain}`, status: 'verified', method: 'dns', verifiedAt: ctx.clock.now() })
    .returning();
  return row!.id;
}

const pageText = async (address: string, prefix = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `${prefix}/company/${address}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};

async function inApp(companyId: number) {
  const viewer = await createPerson(ctx);
  const res = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.publicPage(companyId), headers: bearer(viewer.token) });
  expect(res.statusCode, res.body).toBe(200);
  return CompanyPublicPage.parse(res.json().data).identity;
}

describe('a company’s identity on its pages', () => {
  it('says plainly when a company has not proved a domain, and names the domain once it has', async () => {
    const { companyId, address } = await companyWithPage(`Quillfeather ${serial}`);
    expect(await pageText(address)).toContain('Identity not verified');
    expect(await pageText(address, '/uk')).toContain('Особу компанії не перевірено');
    expect(await inApp(companyId)).toEqual({ verified_domain: null, not_affiliated_with: null });

    const domain = await proveDomain(companyId, 'quillfeather.test');
    const page = await pageText(address);
    expect(page).toContain('Verified · quillfeather.test');
    expect(page).not.toContain('Identity not verified');
    expect(await pageText(address, '/uk')).toContain('Перевірено · quillfeather.test');
    expect(await inApp(companyId)).toEqual({ verified_domain: 'quillfeather.test', not_affiliated_with: null });

    // A lapsed domain no longer vouches.
    await ctx.database.db.update(companyDomains).set({ status: 'lapsed' }).where(eq(companyDomains.id, domain));
    expect(await pageText(address)).toContain('Identity not verified');
  });

  it('warns that a company whose name could pass for a domain-verified one is not affiliated with it, until it verifies', async () => {
    const real = await companyWithPage('Brightwater Analytics Ltd');
    await proveDomain(real.companyId, 'brightwater.test');
    const copies = await Promise.all(
      ['Brightwater Analytics', 'BRIGHTWATER ANALYTICS, LLC', 'Brightwater Ana1ytics', 'Вrightwater Analytics'].map(companyWithPage),
    );
    for (const copy of copies) {
      expect(await inApp(copy.companyId)).toEqual({
        verified_domain: null,
        not_affiliated_with: { name: 'Brightwater Analytics Ltd', domain: 'brightwater.test' },
      });
      expect(await pageText(copy.address)).toContain('Not affiliated with Brightwater Analytics Ltd (brightwater.test)');
      expect(await pageText(copy.address, '/uk')).toContain('Не пов’язана з компанією «Brightwater Analytics Ltd» (brightwater.test)');
    }
    // The real one, and a company with another name, are told nothing of the kind.
    expect((await inApp(real.companyId)).not_affiliated_with).toBeNull();
    const other = await companyWithPage('Stillwater Bakery');
    expect((await inApp(other.companyId)).not_affiliated_with).toBeNull();
    expect(await pageText(other.address)).not.toContain('Not affiliated');

    // Once the copy proves a domain of its own, it is who it says.
    await proveDomain(copies[0]!.companyId, 'brightwater-analytics.test');
    expect(await inApp(copies[0]!.companyId)).toEqual({ verified_domain: 'brightwater-analytics.test', not_affiliated_with: null });
  });

  it('folds case, punctuation, legal forms and look-alike letters into one key', () => {
    expect(lookalikeKey('Northwind Studio, Ltd.')).toBe(lookalikeKey('northwind studio'));
    expect(lookalikeKey('G00gle LLC')).toBe(lookalikeKey('Google'));
    expect(lookalikeKey('Аcme Inc')).toBe(lookalikeKey('Acme'));
    expect(lookalikeKey('ТОВ «Рогалик»')).toBe(lookalikeKey('Рогалик'));
    expect(lookalikeKey('Acme')).not.toBe(lookalikeKey('Acne'));
  });

  it('shows in the workspace’s header, which every open workspace reads again when a domain is removed', async () => {
    const owner = await createPerson(ctx);
    const companyId = await createCompany(ctx, owner, `Harbourlight ${serial}`);
    const session = await enterCompany(ctx, owner, companyId);
    const workspace = async () =>
      Workspace.parse(
        (await ctx.app.inject({ method: 'GET', url: workspacePaths.workspace(companyId), headers: bearer(session) })).json().data,
      ).identity;
    expect(await workspace()).toEqual({ verified_domain: null, not_affiliated_with: null });
    const domain = await proveDomain(companyId, `harbourlight-${serial}.test`);
    expect((await workspace()).verified_domain).toBe(`harbourlight-${serial}.test`);

    ctx.realtime.sent.length = 0;
    const removed = await ctx.app.inject({ method: 'DELETE', url: workspacePaths.domain(companyId, domain), headers: bearer(session) });
    expect(removed.statusCode, removed.body).toBe(204);
    const lists = ctx.realtime.sent
      .filter((m) => m.event === 'company.changed' && m.channel === channelNames.company(companyId))
      .map((m) => parseRealtimeEvent('company.changed', m.data)?.lists);
    expect(lists).toContainEqual(['workspace']);
    expect(await workspace()).toEqual({ verified_domain: null, not_affiliated_with: null });
  });
});
