import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import type { E2eAccount } from './accounts.ts';
import { companySession, registerCompany } from './companies.ts';
import { apiSignIn, signIn } from './sign-in.ts';
import { settingsLanguage } from './settings-texts.ts';
import { baseURL } from '../../playwright.config.ts';

// Account management in the settings, in both languages: the personal account
// and the companies the person belongs to, leaving one after confirming, and the owner offered no Leave
// but told why (only what applies to the role); axe on the section and the dialog.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'settingsAccountsUk' : 'settingsAccountsEn';

  journeyIn(locale)(
    `A member leaves a company from the settings after confirming, and an owner is told why they cannot (${lang})`,
    async ({ browser, context, page, request }) => {
      test.setTimeout(300_000);
      const companyName = locale === 'uk_UA' ? 'Обрій' : 'Horizon';
      const company = await registerCompany(request, companyName);
      const ownerSession = { Authorization: `Bearer ${await companySession(request, company.token, company.companyId)}` };
      const person = await apiSignIn(request, who);
      const asked = await request.post(`/api/companies/${company.companyId}/join-requests`, {
        data: { message: 'Hello' },
        headers: person.auth,
      });
      expect(asked.status()).toBe(201);
      const decided = await request.post(`/api/companies/${company.companyId}/join-requests/${(await asked.json()).data.id}/decision`, {
        data: { decision: 'approve' },
        headers: ownerSession,
      });
      expect(decided.status()).toBe(200);

      await signIn(context, request, who, person);
      await page.goto(`${prefix}/settings#accounts`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.accountManagement') })).toBeVisible();
      const list = page.getByRole('list', { name: t('settings.accounts.listLabel') });
      await expect(list.getByText(t('settings.accounts.companyRole', { role: t('company.role.member') }))).toBeVisible();
      await expect(list.getByText(companyName, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('settings.accounts.switchTo', { company: companyName }) })).toBeVisible();
      // Only what applies to the role: a member who owns nothing is not told an owner cannot leave.
      await expect(page.getByRole('button', { name: t('settings.accounts.leaveCompany', { company: companyName }) })).toBeVisible();
      await expect(page.getByText(t('settings.accounts.ownerNote'))).toBeHidden();
      await expectNoViolations(page, 'accounts section');

      // Leaving asks first; cancelling keeps the membership.
      await page.getByRole('button', { name: t('settings.accounts.leaveCompany', { company: companyName }) }).click();
      const dialog = page.getByRole('alertdialog', { name: t('settings.accounts.leaveTitle', { company: companyName }) });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, 'leave dialog');
      await dialog.getByRole('button', { name: t('kit.cancel') }).click();
      await expect(dialog).toBeHidden();
      await expect(list.getByText(companyName, { exact: true })).toBeVisible();

      await page.getByRole('button', { name: t('settings.accounts.leaveCompany', { company: companyName }) }).click();
      await dialog.getByRole('button', { name: t('settings.accounts.leaveConfirm') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t('settings.accounts.left', { company: companyName }))).toBeVisible();
      await expect(page.getByText(t('settings.accounts.noCompanies'))).toBeVisible();
      await page.reload();
      await expect(page.getByText(t('settings.accounts.noCompanies'))).toBeVisible();
      const status = await request.get('/api/account/status', { headers: person.auth });
      expect((await status.json()).data.companies).toEqual([]);

      // The owner is offered no Leave, and is told why (the server refuses it anyway: 'owner_cannot_leave').
      const ownerContext = await browser.newContext();
      await ownerContext.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
      const ownerPage = await ownerContext.newPage();
      await ownerPage.goto(`${prefix}/settings#accounts`);
      await expect(ownerPage.getByText(t('settings.accounts.companyRole', { role: t('company.role.owner') }))).toBeVisible();
      await expect(ownerPage.getByText(t('settings.accounts.ownerNote'))).toBeVisible();
      await expect(ownerPage.getByRole('button', { name: t('settings.accounts.switchTo', { company: companyName }) })).toBeVisible();
      await expect(ownerPage.getByRole('button', { name: t('settings.accounts.leaveCompany', { company: companyName }) })).toHaveCount(0);
      await expectNoViolations(ownerPage, 'owner without Leave');
      const refused = await request.delete(`/api/settings/companies/${company.companyId}`, {
        headers: { Authorization: `Bearer ${company.token}` },
      });
      expect([refused.status(), (await refused.json()).code]).toEqual([409, 'owner_cannot_leave']);
      await ownerContext.close();
    },
  );
}
