// A company owner proves the company's domain in the workspace's "Verification" place (decision 248), in
// both languages, against the test server's own DNS and HTTP stand-ins
// (tests/e2e/serve.ts): the page shows what to create, copyable; a check without the proof says why
// it failed; with the TXT record (English) or the file (Ukrainian) the domain is verified. Axe clean.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { contractDictionaries } from '../../contract/i18n/index.ts';
import { controlPaths } from '../../server/test/domain-servers.ts';
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { nextSequence, registerCompany } from './companies.ts';
import { watchSubscriptions } from './subscriptions.ts';

const dictionaries = {
  en_GB: { ...companyEn, ...contractDictionaries.en_GB },
  uk_UA: { ...(companyUk as typeof companyEn), ...contractDictionaries.uk_UA },
};
type MessageKey = keyof (typeof dictionaries)['en_GB'];
const translate = (locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) =>
  fillPlaceholders(dictionaries[locale][key], params);

const companyURL = baseURL.replace('://localhost', '://company.localhost');

/** The workspace on the company host, entered through the switch in `locale`'s pages. */
async function openWorkspace(browser: Browser, personalToken: string, companyId: number, locale: Locale): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: companyURL });
  await context.addCookies([{ name: 's-token', value: personalToken, url: baseURL, sameSite: 'Strict' }]);
  const page = await context.newPage();
  const subscribed = watchSubscriptions(page);
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  await page.goto(`${prefix}/company-access?company=${companyId}`);
  await page.getByRole('link', { name: translate(locale, 'company.access.continue') }).click();
  await page.waitForURL(`${companyURL}${prefix}/`);
  await expect(page.getByRole('tablist')).toBeVisible();
  await subscribed(1);
  return page;
}

for (const locale of ['en_GB', 'uk_UA'] as const) {
  const way = locale === 'en_GB' ? 'a DNS TXT record' : 'a file over HTTP';
  test(`An owner verifies the company's domain by ${way}, in ${locale === 'en_GB' ? 'English' : 'Ukrainian'}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
    const company = await registerCompany(request, `Domain Owner ${nextSequence()}`);
    const page = await openWorkspace(browser, company.token, company.companyId, locale);
    // The header says plainly that the company's identity is not verified, with the way to prove it (decision 266).
    const header = page.locator('.company-header-identity');
    await expect(header).toContainText(t('company.identity.notVerified'));
    await header.getByRole('button', { name: t('company.identity.verifyNow') }).click();
    await expect(page.getByRole('tab', { name: t('company.tab.verification') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: t('company.domains.title') })).toBeVisible();
    await expect(page.getByText(t('company.domains.empty'))).toBeVisible();
    await expectNoViolations(page, `verification, empty, ${locale}:`);

    // A bad name is refused in the page's language, on the field.
    const field = page.getByRole('textbox', { name: t('company.domains.add.label') });
    await field.fill('co.uk');
    await page.getByRole('button', { name: t('company.domains.add.submit') }).click();
    await expect(page.getByText(/co\.uk|github\.io/).first()).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const domain = `owner-${nextSequence()}-${locale === 'en_GB' ? 'en' : 'uk'}.test`;
    await field.fill(domain);
    await page.getByRole('button', { name: t('company.domains.add.submit') }).click();
    const item = page.locator(`[data-domain="${domain}"]`);
    await expect(item.getByText(t('company.domains.status.pending'))).toBeVisible();

    // Exactly what to create, each part copyable.
    const value = (label: MessageKey) =>
      item.locator('.company-domain-value', { has: page.getByText(t(label), { exact: true }) }).locator('code');
    await expect(value('company.domains.dns.name')).toHaveText(`_profiles-challenge.${domain}`);
    const token = (await value('company.domains.dns.value').textContent())!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fileUrl = (await value('company.domains.http.url').textContent())!;
    expect(fileUrl).toMatch(new RegExp(`^http://${domain.replaceAll('.', '\\.')}:\\d+/\\.well-known/profiles-challenge/${token}$`));
    await expect(value('company.domains.http.body')).toHaveText(token);
    await item.getByRole('button', { name: t('company.domains.copyThe', { what: t('company.domains.dns.value') }) }).click();
    await expect(page.getByText(t('company.domains.copied')).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // Checked before the proof exists: both reasons, in words.
    const checkNow = item.getByRole('button', { name: t('company.domains.checkLabel', { domain }) });
    await checkNow.click();
    const failure = item.getByTestId('domain-failure');
    await expect(failure).toContainText(t('company.domains.failure.dns', { reason: t('company.domains.reason.no_record') }));
    await expect(failure).toContainText(t('company.domains.failure.http', { reason: t('company.domains.reason.no_address') }));
    await expect(item.getByText(t('company.domains.status.pending'))).toBeVisible();
    await expectNoViolations(page, `verification, failed check, ${locale}:`);

    // The proof, put where the stand-in for the company's domain serves it.
    const control = `http://127.0.0.1:${new URL(fileUrl).port}`;
    if (locale === 'en_GB') {
      const set = await request.post(`${control}${controlPaths.zone}`, {
        data: { name: `_profiles-challenge.${domain}`, entry: { txt: [token] } },
      });
      expect(set.status()).toBe(204);
    } else {
      expect((await request.post(`${control}${controlPaths.zone}`, { data: { name: domain, entry: { a: ['127.0.0.1'] } } })).status()).toBe(
        204,
      );
      expect((await request.post(`${control}${controlPaths.file}`, { data: { domain, token } })).status()).toBe(204);
    }
    // From the keyboard this time.
    await checkNow.focus();
    await page.keyboard.press('Enter');
    await expect(item.getByText(t('company.domains.status.verified'), { exact: true })).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(item).toContainText(t(locale === 'en_GB' ? 'company.domains.method.dns' : 'company.domains.method.http'));
    await expectNoViolations(page, `verification, verified, ${locale}:`);
    // The header reads again on the company's channel: verified, by its domain.
    await expect(header).toContainText(t('company.identity.verified', { domain }));
    await expect(header.getByRole('button', { name: t('company.identity.verifyNow') })).toHaveCount(0);
    await page.context().close();

    // The company's page on the personal site now says who it is (decision 266).
    const reader = await browser.newContext();
    await reader.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
    const companyPage = await reader.newPage();
    await companyPage.goto(`${locale === 'uk_UA' ? '/uk' : ''}/company-profile?id=${company.companyId}`);
    await expect(companyPage.locator('.company-identity')).toContainText(t('company.identity.verified', { domain }));
    await expect(companyPage.locator('.company-identity')).toContainText(t('company.identity.verifiedHint', { domain }));
    await expectNoViolations(companyPage, `company page with a verified domain, ${locale}:`);
    await reader.close();
  });
}
