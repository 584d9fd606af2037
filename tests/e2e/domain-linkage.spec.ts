// Credentials say who really issued them (decision 258), in both languages, against the test
// server's own DNS and HTTP stand-ins (tests/e2e/serve.ts): a person's credential issued before the
// company proved a domain says on /verify plainly "identity not verified" with the company's page; the
// owner proves the domain, downloads its did-configuration.json from the workspace's Verification tab,
// hosts it (on the stand-in) and sees "linked both ways" after Check now, pressed from the keyboard; the
// person's new credential on /verify names the domain and says it is linked both ways. Axe clean.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { careersPaths } from '../../contract/careers.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { credentialPaths } from '../../contract/credentials.ts';
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import verifyEn from '../../src/i18n/verify.en_GB.json' with { type: 'json' };
import verifyUk from '../../src/i18n/verify.uk_UA.json' with { type: 'json' };
import { controlPaths } from '../../server/test/domain-servers.ts';
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { e2eAccounts } from './accounts.ts';
import { companySession, hire, nextSequence, registerCompany } from './companies.ts';
import { apiSignIn } from './sign-in.ts';
import { watchSubscriptions } from './subscriptions.ts';

const texts = { en_GB: { ...companyEn, ...verifyEn }, uk_UA: { ...companyUk, ...verifyUk } };
type MessageKey = keyof (typeof texts)['en_GB'];
const companyURL = baseURL.replace('://localhost', '://company.localhost');

/** The workspace on the company host, entered through the switch in `locale`'s pages. */
async function openWorkspace(browser: Browser, personalToken: string, companyId: number, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  await context.addCookies([{ name: 's-token', value: personalToken, url: baseURL, sameSite: 'Strict' }]);
  const page = await context.newPage();
  const subscribed = watchSubscriptions(page);
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  await page.goto(`${prefix}/company-access?company=${companyId}`);
  await page.getByRole('link', { name: texts[locale]['company.access.continue'] }).click();
  await page.waitForURL(`${companyURL}${prefix}/`);
  await expect(page.getByRole('tablist')).toBeVisible();
  await subscribed(1);
  return page;
}

for (const locale of ['en_GB', 'uk_UA'] as const) {
  test(`A credential names the domain its company proved and linked both ways; before, /verify says identity not verified (${locale})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const t = (key: MessageKey, params: Record<string, string | number> = {}) => fillPlaceholders(texts[locale][key], params);
    const prefix = locale === 'uk_UA' ? '/uk' : '';
    const name = `${locale === 'uk_UA' ? 'Зв’язок' : 'Linkage'} ${nextSequence()}`;
    const company = await registerCompany(request, name);
    const companyToken = await companySession(request, company.token, company.companyId);
    const companyAuth = { Authorization: `Bearer ${companyToken}` };
    const who = locale === 'en_GB' ? 'linkageEn' : 'linkageUk';
    const worker = await apiSignIn(request, who);
    const workerAuth = worker.auth;
    await hire(request, companyToken, company.companyId, e2eAccounts[who].email, worker);
    const jobs = (await (await request.get(careersPaths.jobs, { headers: workerAuth })).json()).data.jobs as {
      id: number;
      verified: boolean;
      company: { name: string };
    }[];
    const job = jobs.find((j) => j.verified && j.company.name === name)!;
    const credential = async () => {
      const res = await request.post(credentialPaths.credential(job.id), { headers: workerAuth, data: {} });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()).data.jwt as string;
    };

    // Before any domain: /verify says plainly who it is not, with the company's page.
    const visitor = await browser.newContext();
    const verifyPage = await visitor.newPage();
    await verifyPage.goto(`${prefix}/verify#vc=${await credential()}`);
    await expect(verifyPage.locator('#verify-verdict')).toHaveText(t('verify.verdict.valid'), { timeout: 15_000 });
    const identity = verifyPage.locator('.verify-identity');
    await expect(identity).toContainText(t('verify.identity.notVerified', { issuer: name }));
    await expect(identity.getByRole('link')).toHaveAttribute('href', new RegExp(`/company-profile\\?id=${company.companyId}$`));
    await expect(verifyPage.locator('.verify-facts')).toContainText(`${name} · ${t('verify.identity.notVerifiedShort')}`);
    await expectNoViolations(verifyPage, `/verify, identity not verified, ${locale}:`);

    // The company proves its domain (a TXT record on the stand-in; decision 248's own journey does it through the page).
    const domain = `linked-${nextSequence()}-${locale === 'en_GB' ? 'en' : 'uk'}.test`;
    const added = await request.post(workspacePaths.domains(company.companyId), { headers: companyAuth, data: { domain } });
    expect(added.status()).toBe(201);
    const row = (await added.json()).data as { id: number; proof: { dns_value: string; http_url: string }; did_configuration_url: string };
    const control = `http://127.0.0.1:${new URL(row.proof.http_url).port}`;
    const zone = (zoneName: string, entry: object) => request.post(`${control}${controlPaths.zone}`, { data: { name: zoneName, entry } });
    expect((await zone(`_profiles-challenge.${domain}`, { txt: [row.proof.dns_value] })).status()).toBe(204);
    expect((await zone(domain, { a: ['127.0.0.1'] })).status()).toBe(204);
    expect((await request.post(workspacePaths.domainCheck(company.companyId, row.id), { headers: companyAuth })).status()).toBe(200);

    // The workspace offers the file, says where to host it, and that it is not linked yet.
    const page = await openWorkspace(browser, company.token, company.companyId, locale);
    await page.getByRole('tab', { name: t('company.tab.verification') }).click();
    const linkage = page.locator(`[data-domain="${domain}"]`).getByTestId('domain-linkage');
    await expect(linkage.getByRole('heading', { name: t('company.domains.linkage.title') })).toBeVisible();
    await expect(linkage.getByText(t('company.domains.linkage.state.not_linked'), { exact: true })).toBeVisible();
    await expect(linkage).toContainText(t('company.domains.reason.http_404'));
    await expect(linkage.locator('code')).toHaveText(row.did_configuration_url);
    await expectNoViolations(page, `verification, not linked, ${locale}:`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      linkage.getByRole('button', { name: t('company.domains.linkage.downloadLabel', { domain }) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('did-configuration.json');
    const file = await readFile(await download.path(), 'utf8');
    expect(JSON.parse(file).linked_dids).toHaveLength(1);
    await expect(page.getByText(t('company.domains.linkage.downloaded', { address: row.did_configuration_url })).first()).toBeVisible();

    // Hosted where it belongs; Check now from the keyboard: linked both ways.
    const hosted = await request.post(`${control}${controlPaths.page}`, {
      data: { domain, path: '/.well-known/did-configuration.json', body: file },
    });
    expect(hosted.status()).toBe(204);
    const checkNow = page.locator(`[data-domain="${domain}"]`).getByRole('button', { name: t('company.domains.checkLabel', { domain }) });
    await checkNow.focus();
    await page.keyboard.press('Enter');
    await expect(linkage.getByText(t('company.domains.linkage.state.linked'), { exact: true })).toBeVisible();
    await expectNoViolations(page, `verification, linked both ways, ${locale}:`);
    await page.context().close();

    // The person's credential now, on /verify: the issuer with its domain, linked both ways, and whose check that is.
    await verifyPage.goto(`${prefix}/verify#vc=${await credential()}`);
    await verifyPage.reload();
    await expect(verifyPage.locator('#verify-verdict')).toHaveText(t('verify.verdict.valid'), { timeout: 15_000 });
    await expect(verifyPage.locator('.verify-facts')).toContainText(`${name} · ${domain}`);
    const stated = verifyPage.locator('.verify-identity [data-linkage="linked"]');
    await expect(stated).toContainText(domain);
    await expect(stated).toContainText(name);
    await expect(verifyPage.locator('.verify-identity')).toContainText('did-configuration.json');
    await expectNoViolations(verifyPage, `/verify, linked both ways, ${locale}:`);
    await visitor.close();
  });
}
