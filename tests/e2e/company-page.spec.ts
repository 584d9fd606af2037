import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { companyPublicPagePath, workspacePaths } from '../../contract/company-routes.ts';
import { baseURL } from '../../playwright.config.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, hire, registerCompany } from './companies.ts';
import { settingsLanguage } from './settings-texts.ts';
import { apiSignIn } from './sign-in.ts';

// A company's public brand page (decision 211), in both languages and with the keyboard
// alone: the owner sets the page up in the workspace (the address suggested from the company's name,
// a reserved one refused) and turns it on; a signed-out browser with JavaScript off reads it at
// /company/{address} with the count of verified employees and the 'Ask to join' link; switched off,
// the address answers 'Company not found'. axe on the card, its form and the page.
const companyURL = baseURL.replace('://localhost', '://company.localhost');

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const employee: E2eAccount = locale === 'uk_UA' ? 'brandEmployeeUk' : 'brandEmployeeEn';
  const name = locale === 'uk_UA' ? 'Світанок Технології' : 'Harbour Lights Studio';
  const suggested = locale === 'uk_UA' ? 'svitanok-tekhnolohii' : 'harbour-lights-studio';
  const verifiedOne = locale === 'uk_UA' ? 'працівник із підтвердженою роботою' : 'verified employee';
  const askToJoin = locale === 'uk_UA' ? 'Попросити приєднатися' : 'Ask to join';
  const notFound = locale === 'uk_UA' ? 'Компанію не знайдено' : 'Company not found';
  const about = locale === 'uk_UA' ? 'Робимо маяки, що допомагають суднам.' : 'We build lighthouses that help ships home.';

  journeyIn(locale)(
    `An owner turns on the company's public page with the keyboard, a signed-out visitor without JavaScript sees its verified employees and the way to ask to join, and turned off it is gone (${lang})`,
    async ({ browser, request }) => {
      test.setTimeout(300_000);
      // The company, its brand page, and one verified employee (an accepted invitation).
      const company = await registerCompany(request, name);
      const session = await companySession(request, company.token, company.companyId);
      const auth = { Authorization: `Bearer ${session}` };
      const brand = await request.put(workspacePaths.brand(company.companyId), {
        headers: auth,
        data: { name, industry_id: 1, about, website: 'https://lights.example', location: 'Odesa', size: '11-50' },
      });
      expect(brand.status(), await brand.text()).toBe(200);
      const person = await apiSignIn(request, employee);
      await hire(request, session, company.companyId, e2eAccounts[employee].email, person);

      // The owner's workspace on the company host, on its brand page.
      const ownerContext = await browser.newContext();
      await ownerContext.addCookies([{ name: 's-token', value: session, url: companyURL, sameSite: 'Strict' }]);
      const owner = await ownerContext.newPage();
      await owner.goto(`${companyURL}${prefix}/`);
      const card = owner.getByRole('region', { name: t('company.publicPage.title') });
      await expect(card.getByText(t('company.publicPage.statusOff'))).toBeVisible({ timeout: 15_000 });
      await expectNoViolations(owner, 'public page card');

      // The form opens from its button with Enter, on the address the company's name suggested.
      const setUp = card.getByRole('button', { name: t('company.publicPage.setUp') });
      await setUp.focus();
      await owner.keyboard.press('Enter');
      const address = card.getByLabel(t('company.publicPage.address'), { exact: true });
      await expect(address).toBeFocused();
      await expect(address).toHaveValue(suggested);

      // The company host's own page is no address a company may take; it is said under the field.
      await owner.keyboard.press('ControlOrMeta+a');
      await owner.keyboard.type('access');
      await owner.keyboard.press('Tab');
      await expect(address).toHaveAccessibleDescription(new RegExp(t('validation.publicAddressReserved')));
      await expectNoViolations(owner, 'public page form with an error');
      await address.focus();
      await owner.keyboard.press('ControlOrMeta+a');
      await owner.keyboard.type(suggested);
      await owner.keyboard.press('Tab');
      await expect(card.getByText(t('company.publicPage.available'))).toBeVisible();

      // The switch is the next stop after the address; Space turns it on; Save is two stops on.
      const on = card.getByRole('switch', { name: t('company.publicPage.turnOn') });
      await expect(on).toBeFocused();
      await owner.keyboard.press('Space');
      await expect(on).toBeChecked();
      await owner.keyboard.press('Tab');
      await owner.keyboard.press('Tab');
      await expect(card.getByRole('button', { name: t('company.publicPage.save') })).toBeFocused();
      const saved = owner.waitForResponse(
        (r) => r.url().includes(workspacePaths.publicPageSettings(company.companyId)) && r.request().method() === 'PUT',
      );
      await owner.keyboard.press('Enter');
      expect((await saved).status()).toBe(200);
      await expect(owner.getByText(t('company.publicPage.saved'))).toBeVisible();
      await expect(card.getByText(t('company.publicPage.statusOn'))).toBeVisible();
      const pagePath = companyPublicPagePath(suggested, locale);
      // The page lives on the personal host, not on the workspace's.
      await expect(card.getByTestId('company-public-page-link')).toHaveText(`${baseURL}${pagePath}`);
      const change = card.getByRole('button', { name: t('company.publicPage.change') });
      await expect(change).toBeFocused();

      // Signed out, with no JavaScript at all: the server's HTML is the page.
      const visitor = await browser.newContext({ javaScriptEnabled: false });
      const reader = await visitor.newPage();
      const answer = await reader.goto(pagePath);
      expect(answer?.status()).toBe(200);
      await expect(reader).toHaveTitle(new RegExp(`^${name}`));
      await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(reader.getByRole('heading', { level: 2, name: `1 ${verifiedOne}` })).toBeVisible();
      await expect(reader.getByText(about)).toBeVisible();
      // A company that has not proved a domain says so plainly (decision 266).
      await expect(reader.locator('.identity')).toContainText(
        locale === 'uk_UA' ? 'Особу компанії не перевірено' : 'Identity not verified',
      );
      const join = reader.getByRole('link', { name: askToJoin });
      await expect(join).toHaveAttribute('href', `${prefix}/company-profile?id=${company.companyId}`);

      // axe needs a script of its own in the page, so it reads the same page signed out with JavaScript;
      // there the link leads to signing in, on the way to the company page where the request is made.
      const checker = await browser.newContext();
      const checked = await checker.newPage();
      await checked.goto(pagePath);
      await expectNoViolations(checked, 'public company page');
      await checked.keyboard.press('Tab');
      await expect(checked.locator(':focus')).toHaveAttribute('href', '#main');
      await checked.getByRole('link', { name: askToJoin }).click();
      await checked.waitForURL(
        (url) =>
          url.pathname.startsWith(`${prefix}/login`) &&
          (url.searchParams.get('redirect') ?? '').includes(`company-profile?id=${company.companyId}`),
      );
      await checker.close();

      // Switched off with the keyboard: the address answers 'Company not found' at once.
      await owner.keyboard.press('Enter');
      await expect(address).toBeFocused();
      await owner.keyboard.press('Tab');
      await expect(on).toBeFocused();
      await owner.keyboard.press('Space');
      await expect(on).not.toBeChecked();
      await owner.keyboard.press('Tab');
      await owner.keyboard.press('Tab');
      const savedOff = owner.waitForResponse(
        (r) => r.url().includes(workspacePaths.publicPageSettings(company.companyId)) && r.request().method() === 'PUT',
      );
      await owner.keyboard.press('Enter');
      expect((await savedOff).status()).toBe(200);
      await expect(card.getByText(t('company.publicPage.statusOff'))).toBeVisible();
      const gone = await reader.reload();
      expect(gone?.status()).toBe(404);
      await expect(reader.getByRole('heading', { level: 1, name: notFound })).toBeVisible();
      await visitor.close();
      await ownerContext.close();
    },
  );
}
