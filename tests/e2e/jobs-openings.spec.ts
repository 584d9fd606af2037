import { expect, test } from '@playwright/test';
import { workspacePaths } from '../../contract/company-routes.ts';
import { jobPagePath, openingPaths } from '../../contract/jobs.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import jobsEn from '../../src/i18n/jobs.en_GB.json' with { type: 'json' };
import jobsUk from '../../src/i18n/jobs.uk_UA.json' with { type: 'json' };
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { alternating } from './languages.ts';
import { settingsLanguage } from './settings-texts.ts';

// Openings (decision 255), in both languages, one at a phone's width and one at a desktop's:
// the owner opens the workspace's Openings tab (empty), writes an opening in its dialog (a missing
// title is said under the field; a skill is added with Enter), saves the draft, publishes it after a
// confirmation, leaves an edit with unsaved changes only after the question, and a signed-out visitor without JavaScript reads its public page: the title, the
// description's formatting, and JobPosting JSON-LD with its required fields. axe on the tab, the
// dialog with an error, the confirmation and the public page.
const companyURL = baseURL.replace('://localhost', '://company.localhost');
const jobs = { en_GB: jobsEn, uk_UA: jobsUk } as const;
const widths = { en_GB: 1280, uk_UA: 390 } as const;

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const j = (key: keyof typeof jobsEn, params: Record<string, string | number> = {}) => fillPlaceholders(jobs[locale][key], params);
  const v = (key: keyof (typeof validationMessages)['en_GB']) => validationMessages[locale][key];
  const width = widths[locale];
  const name = locale === 'uk_UA' ? 'Полтавські Карти' : 'Northwind Maps';
  const title = locale === 'uk_UA' ? 'Інженерка бекенду' : 'Backend engineer';

  journeyIn(locale)(
    `An owner writes an opening, publishes it after a confirmation, and a signed-out visitor reads its public job page with JobPosting data (${lang}, ${width} px)`,
    async ({ browser, request }) => {
      test.setTimeout(300_000);
      const company = await registerCompany(request, name);
      const session = await companySession(request, company.token, company.companyId);
      const address = `northwind-maps-${nextSequence()}-${Date.now().toString(36)}`;
      const page = await request.put(workspacePaths.publicPageSettings(company.companyId), {
        headers: { Authorization: `Bearer ${session}` },
        data: { address, is_public: true, noindex: false },
      });
      expect(page.status(), await page.text()).toBe(200);

      const ownerContext = await browser.newContext({ viewport: { width, height: 900 } });
      await ownerContext.addCookies([{ name: 's-token', value: session, url: companyURL, sameSite: 'Strict' }]);
      const owner = await ownerContext.newPage();
      await owner.goto(`${companyURL}${prefix}/`);
      const tab = owner.getByRole('tab', { name: j('company.tab.openings') });
      await tab.click();
      const card = owner.getByRole('region', { name: j('openings.title') });
      await expect(card.getByText(j('openings.empty'))).toBeVisible({ timeout: 15_000 });
      await expectNoViolations(owner, 'openings tab, empty');

      // The dialog: a missing title is said under the field, in the page's language.
      await card.getByRole('button', { name: j('openings.new') }).click();
      const dialog = owner.getByRole('dialog', { name: j('openings.newTitle') });
      const titleField = dialog.getByLabel(j('openings.field.title'), { exact: true });
      await expect(titleField).toBeVisible();
      await dialog.getByRole('button', { name: j('openings.saveDraft') }).click();
      await expect(titleField).toHaveAccessibleDescription(new RegExp(v('validation.required')));
      await expectNoViolations(owner, 'opening dialog with an error');

      await titleField.fill(title);
      await dialog.getByLabel(j('openings.field.description'), { exact: true }).fill('We draw **maps** of the sea.\n\n- Go\n- PostgreSQL');
      // An optional field's label ends with '(optional)'.
      await dialog.getByLabel(new RegExp(`^${j('openings.field.location')}`)).fill('Kyiv');
      await dialog.getByLabel(j('openings.field.remote')).check();
      await dialog.getByLabel(j('openings.field.employmentType'), { exact: true }).selectOption('full_time');
      await dialog.getByLabel(j('openings.field.salaryMin'), { exact: true }).fill('3000');
      await dialog.getByLabel(j('openings.field.salaryMax'), { exact: true }).fill('4500');
      await dialog.getByLabel(j('openings.field.salaryCurrency'), { exact: true }).selectOption('EUR');
      await dialog.getByLabel(j('openings.field.salaryPeriod'), { exact: true }).selectOption('month');
      // Enter in the skill's field adds it to the list, and does not send the form.
      const newSkill = dialog.getByLabel(j('openings.field.newSkill'), { exact: true });
      await newSkill.fill('PostgreSQL');
      await newSkill.press('Enter');
      await expect(dialog.getByRole('button', { name: j('openings.field.removeSkill', { name: 'PostgreSQL' }) })).toBeVisible();
      await expect(dialog).toBeVisible();
      const created = owner.waitForResponse(
        (r) => r.url().includes(openingPaths.openings(company.companyId)) && r.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: j('openings.saveDraft') }).click();
      expect((await created).status()).toBe(201);
      await expect(dialog).toBeHidden();
      const row = card.locator(`[data-opening="${title}"]`);
      await expect(row.getByText(j('openings.status.draft'))).toBeVisible();

      // Publishing asks first; then the row says so and links to the public page.
      await row.getByRole('button', { name: j('openings.publish') }).click();
      const confirm = owner.getByRole('alertdialog', { name: j('openings.publishTitle', { title }) });
      await expect(confirm).toBeVisible();
      await expectNoViolations(owner, 'publish confirmation');
      await confirm.getByRole('button', { name: j('openings.publish') }).click();
      await expect(confirm).toBeHidden();
      await expect(row.getByText(j('openings.status.published'))).toBeVisible();
      const link = row.getByRole('link', { name: j('openings.publicPage') });
      const href = (await link.getAttribute('href')) ?? '';
      const id = Number(/\/jobs\/(\d+)$/.exec(href)?.[1]);
      const path = jobPagePath(address, id, locale);
      expect(href).toBe(`${baseURL}${path}`);
      await expectNoViolations(owner, 'openings tab with a published opening');

      // Editing guards unsaved changes: Escape asks first; keeping edits keeps them, discarding closes.
      await row.getByRole('button', { name: j('openings.edit', { title }) }).click();
      const editor = owner.getByRole('dialog', { name: j('openings.editTitle') });
      const editedTitle = editor.getByLabel(j('openings.field.title'), { exact: true });
      await expect(editedTitle).toHaveValue(title);
      await editedTitle.fill(`${title} 2`);
      await owner.keyboard.press('Escape');
      const question = owner.getByRole('alertdialog', { name: t('confirm.unsaved.title') });
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: t('confirm.unsaved.keep') }).click();
      await expect(editedTitle).toHaveValue(`${title} 2`);
      await editor.getByRole('button', { name: t('company.cancel') }).click();
      await question.getByRole('button', { name: t('confirm.unsaved.discard') }).click();
      await expect(editor).toBeHidden();
      await expect(row.getByText(title, { exact: true })).toBeVisible();

      // Signed out and without JavaScript: the server's page and its JobPosting data.
      const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const reader = await visitor.newPage();
      const answer = await reader.goto(path);
      expect(answer?.status()).toBe(200);
      await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(reader.locator('main strong', { hasText: 'maps' })).toBeVisible();
      await expect(reader.locator('main li', { hasText: 'PostgreSQL' }).first()).toBeVisible();
      const data = JSON.parse((await reader.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
        string,
        unknown
      >;
      expect(data).toMatchObject({
        '@type': 'JobPosting',
        title,
        employmentType: 'FULL_TIME',
        jobLocationType: 'TELECOMMUTE',
        hiringOrganization: { '@type': 'Organization', name },
        baseSalary: { currency: 'EUR', value: { minValue: 3000, maxValue: 4500, unitText: 'MONTH' } },
      });
      expect(data['datePosted']).toEqual(expect.any(String));
      expect(data['validThrough']).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59Z$/);
      // The company page lists it.
      await reader.goto(`${prefix}/company/${address}`);
      await expect(reader.getByRole('link', { name: title })).toHaveAttribute('href', path);
      await visitor.close();

      const checker = await browser.newContext({ viewport: { width, height: 900 } });
      const checked = await checker.newPage();
      await checked.goto(path);
      await expectNoViolations(checked, 'public job page');
      await checker.close();
      await ownerContext.close();
    },
  );
}
