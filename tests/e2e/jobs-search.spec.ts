import { expect, test } from '@playwright/test';
import jobsSearchEn from '../../src/i18n/jobs-search.en_GB.json' with { type: 'json' };
import jobsSearchUk from '../../src/i18n/jobs-search.uk_UA.json' with { type: 'json' };
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { contractDictionaries } from '../../contract/i18n/index.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { openingPaths } from '../../contract/jobs.ts';
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, proveOwnerEmail, registerCompany } from './companies.ts';
import { alternating } from './languages.ts';

// Finding openings on /jobs (decision 269), in one language per run (decision 230): a person
// finds an opening by a misspelt word and the remote filter, each step in the address; the company says
// 'Identity not verified'; reloading the address shows the same results, the back button the search
// before the filter; the result opens the job page; the header's search suggests the opening under
// 'Jobs' and the keyboard opens it. axe at 390 and 1280 px.
const words = {
  en_GB: { ...jobsSearchEn, ...companyEn, ...contractDictionaries.en_GB },
  uk_UA: { ...jobsSearchUk, ...companyUk, ...contractDictionaries.uk_UA },
} as const;
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);

for (const locale of locales) {
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const w = (key: keyof (typeof words)['en_GB']) => words[locale][key];
  // A word nobody else's opening has, then the same word misspelt (a letter left out) as typed.
  const run = Date.now().toString(36).replace(/\d/g, '');
  const title = locale === 'uk_UA' ? `Доглядач маяка ${run}` : `Lighthouse keeper ${run}`;
  const officeTitle = locale === 'uk_UA' ? `Доглядач маяка в офісі ${run}` : `Lighthouse keeper in the office ${run}`;
  const misspelt = locale === 'uk_UA' ? 'доглядч маяка' : 'lighthose keeper';

  journeyIn(locale)(
    `A person finds an opening by a misspelt word and the remote filter, reloads and opens it (${locale})`,
    async ({ browser, request }) => {
      test.setTimeout(180_000);
      const company = await registerCompany(request, locale === 'uk_UA' ? 'Маяки Одеси' : 'Harbour Lights');
      // Finding openings, like people search, needs a proved email or phone (decision 235).
      await proveOwnerEmail(request, company);
      const session = await companySession(request, company.token, company.companyId);
      const asCompany = { Authorization: `Bearer ${session}` };
      const address = `lights-${nextSequence()}-${Date.now().toString(36)}`;
      expect(
        (
          await request.put(workspacePaths.publicPageSettings(company.companyId), {
            headers: asCompany,
            data: { address, is_public: true, noindex: false },
          })
        ).status(),
      ).toBe(200);
      const publish = async (openingTitle: string, remote: boolean) => {
        const created = await request.post(openingPaths.openings(company.companyId), {
          headers: asCompany,
          data: {
            title: openingTitle,
            description: 'We keep the light on.',
            location: 'Odesa',
            remote,
            employment_type: 'full_time',
            salary_min: 3000,
            salary_max: 4500,
            salary_currency: 'EUR',
            salary_period: 'month',
            competencies: [],
            skills: ['Optics'],
            languages: [],
            team_id: null,
            closes_on: '2099-12-31',
          },
        });
        expect(created.status(), await created.text()).toBe(201);
        const id = ((await created.json()) as { data: { id: number } }).data.id;
        expect((await request.post(openingPaths.publish(company.companyId, id), { headers: asCompany })).status()).toBe(200);
      };
      await publish(title, true);
      await publish(officeTitle, false);

      // The owner's personal session is a signed-in person like any other.
      const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
      await context.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
      const page = await context.newPage();
      await page.goto(`${prefix}/jobs`);
      await expect(page.getByRole('heading', { level: 1, name: w('title.jobs') })).toBeVisible();

      // A misspelt word, by the keyboard: both openings come, the company with its rung of the ladder.
      const query = page.getByRole('searchbox', { name: w('jobs.query.label') });
      await query.fill(misspelt);
      await query.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/jobs\\?q=`));
      const remoteLink = page.getByRole('link', { name: title, exact: true });
      const officeLink = page.getByRole('link', { name: officeTitle, exact: true });
      await expect(remoteLink).toBeVisible({ timeout: 15_000 });
      await expect(officeLink).toBeVisible();
      const card = page.getByRole('listitem').filter({ has: remoteLink });
      await expect(card.getByText(w('company.identity.notVerified'))).toBeVisible();
      await expectNoViolations(page, `jobs results, 390 px (${locale})`);

      // The remote filter (behind 'Filters' on a phone) applies at once and goes into the address.
      await page.getByRole('button', { name: w('jobs.filters.toggle') }).click();
      await page.getByRole('checkbox', { name: w('jobs.filter.remote') }).check();
      await expect(page).toHaveURL(/remote=true/);
      await expect(officeLink).toBeHidden();
      await expect(remoteLink).toBeVisible();
      await expectNoViolations(page, `jobs with the filters open, 390 px (${locale})`);

      // The address reproduces the search: reloaded, the same result and the same fields.
      await page.reload();
      await expect(remoteLink).toBeVisible({ timeout: 15_000 });
      await expect(officeLink).toBeHidden();
      await expect(query).toHaveValue(misspelt);
      const filterChip = page.getByRole('button', { name: `${w('jobs.filter.remove').replace('{filter}', w('jobs.chip.remote'))}` });
      await expect(filterChip).toBeVisible();

      // Back: the search before the filter.
      await page.goBack();
      await expect(officeLink).toBeVisible({ timeout: 15_000 });
      await page.goForward();
      await expect(officeLink).toBeHidden({ timeout: 15_000 });
      await expect(remoteLink).toBeVisible();

      // At a desktop's width, the filters beside the results.
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByRole('checkbox', { name: w('jobs.filter.remote') })).toBeChecked();
      await expectNoViolations(page, `jobs results, 1280 px (${locale})`);

      // The result opens the opening's job page, from the keyboard.
      await remoteLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/company/${address}/jobs/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // Back on /jobs, the header's search suggests the opening in a group of its own, 'Jobs'; the
      // keyboard picks it and Enter opens its job page in the page's language.
      await page.goBack();
      await expect(remoteLink).toBeVisible({ timeout: 15_000 });
      const header = page.locator('#shell-search-input');
      await header.fill(title);
      const jobsGroup = page.getByRole('group', { name: w('search.suggest.jobs') });
      const suggested = jobsGroup.getByRole('option', { name: new RegExp(title) }).first();
      await expect(suggested).toBeVisible({ timeout: 15_000 });
      await expectNoViolations(page, `header suggestions with openings (${locale})`);
      for (let presses = 0; presses < 10 && (await suggested.getAttribute('aria-selected')) !== 'true'; presses += 1) {
        await header.press('ArrowDown');
      }
      await expect(suggested).toHaveAttribute('aria-selected', 'true');
      await header.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${prefix}/company/${address}/jobs/\\d+$`));
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
      await context.close();
    },
  );
}
