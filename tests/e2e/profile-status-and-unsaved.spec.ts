// The profile status and unsaved changes in the browser, in both languages: the profile status set in
// the header form and shown on one's own and another's profile; the unsaved-changes question on a
// company form (the brand page, and leaving its tab) and on a settings form (contact info, leaving its
// section); each page's own meta description. axe on the pages and on the open question.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { baseURL } from '../../playwright.config.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { contractDictionaries } from '../../contract/i18n/index.ts';
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import settingsEn from '../../src/i18n/settings.en_GB.json' with { type: 'json' };
import settingsUk from '../../src/i18n/settings.uk_UA.json' with { type: 'json' };
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };
import { expectNoViolations } from './axe.ts';
import { registerCompany } from './companies.ts';
import { signIn } from './sign-in.ts';

const dictionaries: Record<Locale, Record<string, string>> = {
  en_GB: { ...coreEn, ...shellEn, ...profileEn, ...companyEn, ...settingsEn, ...contractDictionaries.en_GB },
  uk_UA: { ...coreUk, ...shellUk, ...profileUk, ...companyUk, ...settingsUk, ...contractDictionaries.uk_UA },
};
const language = (locale: Locale) => ({
  lang: locale === 'uk_UA' ? 'Ukrainian' : 'English',
  prefix: locale === 'uk_UA' ? '/uk' : '',
  t: (key: string, params: Record<string, string | number> = {}) => {
    const text = dictionaries[locale][key];
    if (text === undefined) throw new Error(`no text ${key}`);
    return fillPlaceholders(text, params);
  },
});
const companyURL = baseURL.replace('://localhost', '://company.localhost');

/** The unsaved-changes question, open above the form. */
const question = (page: Page, t: ReturnType<typeof language>['t']) => page.getByRole('alertdialog', { name: t('confirm.unsaved.title') });

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = language(locale);

  journeyIn(locale)(
    `A person sets their profile status, which shows on their profile and to others (${lang})`,
    async ({ browser, context, page, request }) => {
      test.setTimeout(300_000);
      const me = await signIn(context, request, locale === 'uk_UA' ? 'statusUk' : 'statusEn');
      await page.goto(`${prefix}/`);
      await page.getByRole('button', { name: t('profile.editHeader') }).click();
      const dialog = page.getByRole('dialog', { name: t('profile.editHeader') });
      const status = dialog.getByLabel(new RegExp(`^${t('field.profile_status')}`));
      await expect(status).toHaveValue('');
      await status.selectOption({ label: t('profile.status.hiring') });
      await expectNoViolations(page, 'header form with a status');
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();
      const badge = page.locator('.profile-status');
      await expect(badge).toHaveText(t('profile.status.hiring'));
      await expectNoViolations(page, 'own profile with a status');

      const other: BrowserContext = await browser.newContext();
      await signIn(other, request, locale === 'uk_UA' ? 'statusViewerUk' : 'statusViewerEn');
      const theirs = await other.newPage();
      await theirs.goto(`${prefix}/profile-${me.userId}`);
      await expect(theirs.locator('.profile-status')).toHaveText(t('profile.status.hiring'));
      await expectNoViolations(theirs, "another's profile with a status");
      await other.close();

      // Back to none: nothing shows. (The keyboard: the 'Saved' toast may still cover the button.)
      await page.getByRole('button', { name: t('profile.editHeader') }).press('Enter');
      await dialog.getByLabel(new RegExp(`^${t('field.profile_status')}`)).selectOption({ label: t('profile.noStatus') });
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();
      await expect(badge).toHaveCount(0);
    },
  );

  journeyIn(locale)(
    `Closing the company's brand form or leaving its tab with unsaved changes asks first (${lang})`,
    async ({ browser, request }) => {
      test.setTimeout(300_000);
      const company = await registerCompany(request, `Unsaved ${locale} Ltd`);
      const context = await browser.newContext();
      await context.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
      const page = await context.newPage();
      await page.goto(`${prefix}/company-access?company=${company.companyId}`);
      await page.getByRole('link', { name: t('company.access.continue') }).click();
      await page.waitForURL(`${companyURL}${prefix}/`);

      const edit = page.getByRole('button', { name: t('company.brand.edit') });
      const name = page.getByLabel(t('company.field.name'));
      // Without changes, Cancel closes at once.
      await edit.click();
      await page.getByRole('button', { name: t('company.brand.cancel') }).click();
      await expect(name).toBeHidden();
      // With changes, it asks: keeping them stays in the form, discarding drops them.
      await edit.click();
      await name.fill('Renamed Ltd');
      await page.getByRole('button', { name: t('company.brand.cancel') }).click();
      await expect(question(page, t)).toBeVisible();
      await expect(question(page, t)).toContainText(t('confirm.unsaved'));
      await expectNoViolations(page, 'unsaved question on the brand form');
      await question(page, t)
        .getByRole('button', { name: t('confirm.unsaved.keep') })
        .click();
      await expect(question(page, t)).toBeHidden();
      await expect(name).toHaveValue('Renamed Ltd');
      // Another tab would replace the form: it asks too.
      await page.getByRole('tab', { name: t('company.tab.teams') }).click();
      await expect(question(page, t)).toBeVisible();
      await question(page, t)
        .getByRole('button', { name: t('confirm.unsaved.keep') })
        .click();
      await expect(page.getByRole('tab', { name: t('company.tab.brand') })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('button', { name: t('company.brand.cancel') }).click();
      await question(page, t)
        .getByRole('button', { name: t('confirm.unsaved.discard') })
        .click();
      await expect(name).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Unsaved ${locale} Ltd`);
      await context.close();
    },
  );

  journeyIn(locale)(`Leaving the settings' contact info with unsaved changes asks first (${lang})`, async ({ context, page, request }) => {
    await signIn(context, request, locale === 'uk_UA' ? 'unsavedUk' : 'unsavedEn');
    await page.goto(`${prefix}/settings#contact`);
    const city = page.getByLabel(`${t('settings.contact.city')} ${t('kit.optional')}`, { exact: true });
    await city.fill('Lviv');
    await page.getByRole('link', { name: t('settings.notificationType') }).click();
    await expect(question(page, t)).toBeVisible();
    await expectNoViolations(page, 'unsaved question in the settings');
    await question(page, t)
      .getByRole('button', { name: t('confirm.unsaved.keep') })
      .click();
    await expect(city).toHaveValue('Lviv');
    expect(new URL(page.url()).hash).toBe('#contact');
    await page.getByRole('link', { name: t('settings.notificationType') }).click();
    await question(page, t)
      .getByRole('button', { name: t('confirm.unsaved.discard') })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: t('settings.notificationType') })).toBeVisible();
    // Without changes, another section opens at once.
    await page.getByRole('link', { name: t('settings.contactInfo') }).click();
    await expect(page.getByRole('heading', { level: 2, name: t('settings.contactInfo') })).toBeVisible();
    await page.getByRole('link', { name: t('settings.notificationType') }).click();
    await expect(question(page, t)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: t('settings.notificationType') })).toBeVisible();
  });

  journeyIn(locale)(
    `The profile's Activity card shows the latest entries with a link to all of them (${lang})`,
    async ({ context, page, request }) => {
      test.setTimeout(300_000);
      const me = await signIn(context, request, locale === 'uk_UA' ? 'activityCardUk' : 'activityCardEn');
      await page.goto(`${prefix}/`);
      const card = page.getByRole('region', { name: t('profile.section.activity') });
      await expect(card.getByText(t('profile.summary.activity'))).toBeVisible();
      for (const title of ['First news', 'Second news']) {
        expect((await request.post('/api/activities', { headers: me.auth, data: { title, text: 'Text' } })).ok()).toBe(true);
      }
      await page.reload();
      // Newest first; the first post also earned an achievement, an entry of its own between them.
      const titles = card.getByTestId('recent-activity').locator('.recent-activity-title');
      await expect(titles).toHaveCount(3);
      await expect(titles.first()).toHaveText('Second news');
      await expect(titles).toContainText(['Second news', 'First news']);
      await expect(card.getByText(t('profile.summary.activity'))).toHaveCount(0);
      await expect(card.getByRole('link', { name: t('profile.activity.viewAll') })).toHaveAttribute('href', `${prefix}/activities`);
      await expectNoViolations(page, 'profile with its activity');
    },
  );

  test(`Every page carries its own meta description (${lang})`, async ({ request }) => {
    const pages: [string, string][] = [
      ['/', 'meta.home'],
      ['/activities', 'meta.activities'],
      ['/settings', 'meta.settings'],
      ['/careers', 'meta.careers'],
      ['/login', 'meta.login'],
      ['/login/forgot-password', 'meta.login.forgot-password'],
      ['/create-account', 'meta.create-account'],
      ['/create-account/phone-verification', 'meta.create-account.phone-verification'],
      ['/invitation', 'meta.invitation'],
      ['/no-such-page', 'meta.not-found'],
    ];
    for (const [path, key] of pages) {
      const html = await (await request.get(`${prefix}${path}`)).text();
      const content = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(content?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&'), path).toBe(t(key));
    }
  });
}
