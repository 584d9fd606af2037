import { expect } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };
import { sampleFiles } from '../../server/test/sample-files.ts';
import { baseURL } from '../../playwright.config.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { nextSequence, registerCompany } from './companies.ts';
import { apiSignIn, signIn } from './sign-in.ts';

// The person's own jobs on /careers in both languages: the empty page says what it is for; a job is
// added, changed and deleted through the kit's dialogs (a failed save names the field); its details
// page says a company that is not on the platform cannot be described (SPEC §8). axe in every state.

const dictionaries = {
  en_GB: { ...coreEn, ...shellEn, ...profileEn, ...careersEn, ...companyEn, ...validationMessages.en_GB },
  uk_UA: { ...coreUk, ...shellUk, ...profileUk, ...careersUk, ...companyUk, ...validationMessages.uk_UA },
};
const languages = [
  { locale: 'en_GB', prefix: '', who: 'careersSelfEn', asker: 'careersVisitorEn', march: 'March', company: 'Contoso Unlisted Ltd' },
  { locale: 'uk_UA', prefix: '/uk', who: 'careersSelfUk', asker: 'careersVisitorUk', march: 'Березень', company: 'ТОВ «Незареєстрована»' },
] as const;

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `A person adds, changes and deletes their own job on the careers page, whose details say the company is not on the platform (${lang.locale})`,
    async ({ page, context, request }) => {
      await signIn(context, request, lang.who);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/careers`);
        await expect(page.getByRole('heading', { level: 1, name: t('title.careers') })).toBeVisible();
        await expect(page.getByText(t('careers.empty'))).toBeVisible();
        await expectNoViolations(page, `empty careers at ${width}px`);
      }
      await expect(page).toHaveTitle(new RegExp(`^${t('title.careers')} \\| `));

      await page.getByRole('button', { name: t('careers.add') }).click();
      let dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog.getByText(text['validation.required']).first()).toBeVisible();
      await expectNoViolations(page, 'add dialog with errors');
      await dialog.getByLabel(t('field.position')).fill('Data analyst');
      await dialog.getByLabel(t('field.company_name')).fill(lang.company);
      const start = dialog.getByRole('group', { name: t('field.start_date') });
      await start.getByLabel(t('kit.month')).selectOption({ label: lang.march });
      await start.getByLabel(t('kit.year')).fill('2021');
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();

      const job = page.locator('.careers-job').filter({ hasText: 'Data analyst' });
      await expect(job).toContainText(lang.company);
      await expect(job).toContainText(t('careers.selfDeclared'));
      await expect(job).toContainText(t('careers.current'));
      await expect(job).not.toContainText(t('careers.verified'));
      await expectNoViolations(page, 'careers with a job');

      await job.getByRole('button', { name: t('careers.edit', { name: `Data analyst, ${lang.company}` }) }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('field.position')).fill('Senior data analyst');
      // Closing with a change asks first; keep editing, then save.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoViolations(page, 'unsaved changes question');
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('profile.keepEditing') })
        .click();
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();
      const changed = page.locator('.careers-job').filter({ hasText: 'Senior data analyst' });
      await expect(changed).toBeVisible();

      await changed.getByRole('link', { name: new RegExp(t('careers.details')) }).click();
      await page.waitForURL(/\/employment-details\/\d+$/);
      await expect(page).toHaveTitle(new RegExp(`^${t('title.employment-details')} \\| `));
      await expect(page.getByText(text['error.unregisteredCompany'])).toBeVisible();
      await expect(page.getByText(t('details.score.title'))).toHaveCount(0);
      await expect(page.getByRole('button', { name: text['employment.leaveCompany'] })).toHaveCount(0);
      await expectNoViolations(page, 'details of an unregistered company');
      await page.setViewportSize({ width: 320, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 390, height: 900 });
      await expectNoViolations(page, 'details of an unregistered company at 390px');
      await page.setViewportSize({ width: 1280, height: 900 });
      // The person's own documents belong to any job: an image shows itself, and deleting asks first.
      await page.getByTestId('document-input').setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: sampleFiles.png() });
      const image = page.locator('[data-document="certificate.png"]');
      await expect(image).toHaveAttribute('data-kind', 'image');
      await expect(image.getByRole('img', { name: 'certificate.png' })).toBeVisible();
      await image.getByRole('button', { name: t('details.documents.delete', { name: 'certificate.png' }) }).click();
      await expect(page.getByRole('alertdialog')).toContainText(t('details.documents.deleteText', { name: 'certificate.png' }));
      await expectNoViolations(page, 'document deletion question');
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('details.delete') })
        .click();
      await expect(image).toHaveCount(0);
      await expect(page.getByText(t('details.documents.empty'))).toBeVisible();
      await page.getByRole('link', { name: t('details.backToCareers') }).click();

      await page
        .locator('.careers-job')
        .filter({ hasText: 'Senior data analyst' })
        .getByRole('button', { name: t('careers.delete', { name: `Senior data analyst, ${lang.company}` }) })
        .click();
      const question = page.getByRole('alertdialog');
      await expect(question).toContainText(text['confirm.delete.employment']);
      await expectNoViolations(page, 'delete question');
      await question.getByRole('button', { name: t('careers.deleteConfirm') }).click();
      await expect(question).toBeHidden();
      await expect(page.getByText(t('careers.empty'))).toBeVisible();
    },
  );
}

const companyURL = baseURL.replace('://localhost', '://company.localhost');

for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `A person asks a company on the platform to confirm their own job, and the company confirms it (${lang.locale})`,
    async ({ browser, request }) => {
      const companyName = `Confirmable ${nextSequence()}`;
      const company = await registerCompany(request, companyName);
      const person = await apiSignIn(request, lang.asker);
      const added = await request.post('/api/profile/employments', {
        headers: person.auth,
        data: { position: 'Support engineer', company_name: companyName, start_date: '2022-05-01', is_current: true },
      });
      expect(added.ok()).toBe(true);

      const personContext = await browser.newContext();
      await personContext.addCookies([{ name: 's-token', value: person.token, url: baseURL, sameSite: 'Strict' }]);
      const page = await personContext.newPage();
      await page.goto(`${lang.prefix}/careers`);
      await page
        .locator('.careers-job')
        .filter({ hasText: companyName })
        .getByRole('link', { name: new RegExp(t('careers.details')) })
        .click();
      await page.waitForURL(/\/employment-details\/\d+$/);
      await expect(page.getByText(text['error.unregisteredCompany'])).toHaveCount(0);
      await page.getByRole('button', { name: t('details.confirm.ask', { company: companyName }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(new RegExp(t('details.confirm.message'))).fill('I worked in the support team.');
      await expectNoViolations(page, 'confirmation request dialog');
      await dialog.getByRole('button', { name: t('details.confirm.send') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t('details.confirm.pending', { company: companyName }))).toBeVisible();

      const ownerContext = await browser.newContext();
      await ownerContext.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
      const ws = await ownerContext.newPage();
      await ws.goto(`${lang.prefix}/company-access?company=${company.companyId}`);
      await ws.getByRole('link', { name: /Continue to the workspace|Перейти до робочого простору/ }).click();
      await ws.waitForURL(`${companyURL}${lang.prefix}/`);
      await ws.getByRole('tab', { name: t('company.tab.employees') }).click();
      const row = ws.locator('[data-confirmation]');
      await expect(row).toContainText('I worked in the support team.');
      await expectNoViolations(ws, 'confirmation requests');
      // Declining asks first: its question passes axe; cancelled here, the request stays to be confirmed.
      await row.getByRole('button', { name: new RegExp(`^${t('company.confirmations.decline')}`) }).click();
      const declineQuestion = ws.getByRole('alertdialog');
      await expect(declineQuestion).toContainText(t('company.confirmations.declineText'));
      await expectNoViolations(ws, 'decline confirmation question');
      await declineQuestion.getByRole('button', { name: t('company.cancel'), exact: true }).click();
      await expect(declineQuestion).toBeHidden();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: new RegExp(`^${t('company.confirmations.confirm')}`) }).click();
      await expect(row).toHaveCount(0);
      await expect(ws.locator('[data-employment]').filter({ hasText: 'Support engineer' })).toBeVisible();

      await page.goto(`${lang.prefix}/careers`);
      await expect(page.locator('.careers-job').filter({ hasText: companyName })).toContainText(t('careers.verified'));
      await personContext.close();
      await ownerContext.close();
    },
  );
}
