import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { achievementCatalogue } from '../../contract/achievements.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { signIn } from './sign-in.ts';

// What a new user hits: the job form finds a registered company from part of its name (with
// its logo) and keeps free text possible; a job the company confirms is dated by its own start
// ('Started') apart from the day of the confirmation, and its page shows what the job earned; a page
// under a missing profile says 'Profile not found' with no heavy focus box on its heading; another
// person's profile carries their name in the tab. Both languages, at 390 and 1280 px.

const dictionaries = {
  en_GB: { ...coreEn, ...shellEn, ...profileEn, ...careersEn, ...validationMessages.en_GB },
  uk_UA: { ...coreUk, ...shellUk, ...profileUk, ...careersUk, ...validationMessages.uk_UA },
};
const languages = [
  { locale: 'en_GB', prefix: '', who: 'newcomerEn', january: 'January' },
  { locale: 'uk_UA', prefix: '/uk', who: 'newcomerUk', january: 'Січень' },
] as const;

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `A new user finds the registered company from part of its name, and the job the company confirms is dated by its start (${lang.locale})`,
    async ({ page, context, request }) => {
      // Two pages, a confirmation and four screenshots on a shared machine: longer than one page's budget.
      test.setTimeout(360_000);
      const sequence = nextSequence();
      const companyName = `Quillfeather ${sequence} Studio`;
      const company = await registerCompany(request, companyName);
      const person = await signIn(context, request, lang.who);

      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(`${lang.prefix}/careers`);
      await page.getByRole('button', { name: t('careers.add') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t('field.position')).fill('Illustrator');
      const companyField = dialog.getByRole('combobox', { name: t('field.company_name') });
      // Part of the name, in other letters' case: the one registered company it means is suggested.
      await companyField.pressSequentially(`quillfeather ${sequence}`);
      await expect(dialog.getByRole('listbox').getByRole('option')).toHaveText([companyName]);
      await expectNoViolations(page, 'company suggestions');
      await page.screenshot({ path: `test-results/newcomer-suggestions-${lang.locale}-390.png` });
      await companyField.press('ArrowDown');
      await companyField.press('Enter');
      await expect(companyField).toHaveValue(companyName);
      const start = dialog.getByRole('group', { name: t('field.start_date') });
      await start.getByLabel(t('kit.month')).selectOption({ label: lang.january });
      await start.getByLabel(t('kit.year')).fill('2022');
      await dialog.getByRole('button', { name: t('profile.save') }).click();
      await expect(dialog).toBeHidden();

      // The exact registered name makes the 'Ask to confirm' path; the person asks, the company confirms.
      const job = page.locator('.careers-job').filter({ hasText: companyName });
      await job.getByRole('link', { name: new RegExp(t('careers.details')) }).click();
      await page.waitForURL(/\/employment-details\/\d+$/);
      await page.getByRole('button', { name: t('details.confirm.ask', { company: companyName }) }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t('details.confirm.send') })
        .click();
      await expect(page.getByRole('dialog')).toBeHidden();
      const session = await companySession(request, company.token, company.companyId);
      const open = await request.get(`/api/companies/${company.companyId}/confirmations`, {
        headers: { Authorization: `Bearer ${session}` },
      });
      const requestId = ((await open.json()).data as { id: number; person: { user_id: number } }[]).find(
        (r) => r.person.user_id === person.userId,
      )!.id;
      const decided = await request.post(`/api/companies/${company.companyId}/confirmations/${requestId}/decision`, {
        headers: { Authorization: `Bearer ${session}` },
        data: { decision: 'confirm' },
      });
      expect(decided.status()).toBe(200);

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.reload();
        const history = page.locator('.employment-events');
        await expect(history.locator('[data-event="started"]')).toContainText(t('details.events.started'));
        await expect(history.locator('[data-event="started"] time')).toHaveAttribute('datetime', '2022-01-01');
        await expect(history.locator('[data-event="confirmed"]')).toContainText(t('employment.event.confirmed'));
        await expect(history).not.toContainText(t('employment.event.hired'));
        // What this job earned: a year there, counted from January 2022.
        await expect(page.locator('.employment-achievements')).toContainText(achievementCatalogue.year_at_company[lang.locale].name);
        await expectNoViolations(page, `confirmed job at ${width}px`);
        await page.screenshot({ path: `test-results/newcomer-confirmed-job-${lang.locale}-${width}.png`, fullPage: true });
      }

      // A page under a profile that does not exist says so, with no focus box drawn on its heading.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/profile-999999999/careers`);
        // The server answers its not-found page (status 404), which says whose page is missing.
        const heading = page.getByRole('heading', { level: 1, name: t('notFound.heading') });
        await expect(heading).toBeVisible();
        await expect(page.getByRole('alert')).toHaveText(t('error.code.profile_not_found'));
        await expect(page.getByRole('heading', { level: 1, name: t('title.careers') })).toBeHidden();
        expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
        await page.screenshot({ path: `test-results/newcomer-profile-not-found-${lang.locale}-${width}.png` });
      }

      // Another person's profile carries their name in the tab.
      const owner = await request.get('/api/profile/show', { headers: { Authorization: `Bearer ${company.token}` } });
      const ownerId = ((await owner.json()) as { data: { user_id: number } }).data.user_id;
      await page.goto(`${lang.prefix}/profile-${ownerId}/`);
      await expect(page).toHaveTitle(/^Olena Owner \| /);
    },
  );
}
