import { expect, test, type Locator, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { baseURL } from '../../playwright.config.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { e2eAccounts } from './accounts.ts';
import { rateInThreeRounds } from './score-history-data.ts';

// The score history journey in both languages: a company rates a person in three rounds (one rating N/A,
// one competency left out of the last round); the person sees the score history on
// /employment-details/{id} and the company on the employee's detail: a named point per round reached
// with the keyboard, its label on focus, a competency's line with its gap, the same figures as a
// table, no overflow at 390 px, axe clean in the light and the dark theme.

const companyURL = baseURL.replace('://localhost', '://company.localhost');
const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    person: 'scoreHistoryEn',
    company: 'Chartwell Works',
    text: { ...careersEn, ...companyEn },
    dates: ['Mar 31, 2026', 'Sep 30, 2026', 'Nov 20, 2026'],
    scores: ['4 of 6', '4.75 of 6', '3.25 of 6'],
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    person: 'scoreHistoryUk',
    company: 'Графік і Ко',
    text: { ...careersUk, ...companyUk },
    dates: ['31 березня 2026 р.', '30 вересня 2026 р.', '20 листопада 2026 р.'],
    scores: ['4 з 6', '4,75 з 6', '3,25 з 6'],
  },
] as const;

/** The chart's points, oldest round first. */
const pointsOf = (chart: Locator) => chart.getByRole('img');

/** The chart in `chart` (its card) checked the same way on either side: names, keys, label, a competency, the table, both themes, 390 px. */
async function checkChart(page: Page, chart: Locator, lang: (typeof languages)[number], where: string) {
  const t = (key: keyof (typeof lang)['text'], params: Record<string, string | number> = {}) =>
    (lang.text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
  const point = (i: number) => t('scoreHistory.point', { date: lang.dates[i]!, value: lang.scores[i]! });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect(pointsOf(chart)).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(pointsOf(chart).nth(i)).toHaveAccessibleName(point(i));
  await expect(chart.getByTestId('score-history-summary')).toHaveText(
    t('scoreHistory.summary', { first: lang.scores[0], from: lang.dates[0], last: lang.scores[2], to: lang.dates[2] }),
  );

  // One Tab stop, the latest round; the arrow keys move between rounds and the label follows.
  await chart.getByRole('radio', { name: t('scoreHistory.overall') }).focus();
  await page.keyboard.press('Tab');
  await expect(pointsOf(chart).nth(2)).toBeFocused();
  const tip = chart.locator('.score-history-tip');
  await expect(tip).toHaveText(`${lang.dates[2]}${lang.scores[2]}`);
  await page.keyboard.press('ArrowLeft');
  await expect(pointsOf(chart).nth(1)).toBeFocused();
  await expect(tip).toHaveText(`${lang.dates[1]}${lang.scores[1]}`);
  await expectNoViolations(page, `${where}: a point focused`);
  await page.keyboard.press('Shift+Tab');
  await expect(tip).toHaveCount(0);

  // A competency, chosen with the keyboard: Mentoring was N/A, then Good, then not rated.
  await chart.getByRole('radio', { name: t('scoreHistory.overall') }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(chart.getByRole('radio', { name: 'Mentoring' })).toBeChecked();
  await expect(chart.getByRole('figure')).toHaveAccessibleName(t('scoreHistory.chartTitle', { name: 'Mentoring' }));
  await expect(pointsOf(chart).nth(0)).toHaveAccessibleName(
    t('scoreHistory.point', { date: lang.dates[0], value: t('scoreHistory.notApplicable') }),
  );
  await expect(pointsOf(chart).nth(2)).toHaveAccessibleName(
    t('scoreHistory.point', { date: lang.dates[2], value: t('scoreHistory.notRated') }),
  );
  await chart.getByRole('radio', { name: t('scoreHistory.overall') }).check();

  // The same figures as a table.
  await chart.getByText(t('scoreHistory.showTable')).click();
  const rows = chart.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(rows.nth(i).locator('th')).toHaveText(lang.dates[i]!);
    await expect(rows.nth(i).locator('td').first()).toHaveText(lang.scores[i]!);
  }
  await expect(rows.nth(0).locator('td').nth(2)).toHaveText(t('scoreHistory.notApplicable'));
  await expectNoViolations(page, `${where}: the table`);

  // The dark theme (the tokens follow the system's), then a phone's width: nothing overflows the page.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page, `${where}: dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${where} at 390px`,
  ).toBeLessThanOrEqual(0);
  await expectNoViolations(page, `${where}: dark at 390px`);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoViolations(page, `${where}: light at 390px`);
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  journeyIn(lang)(
    `The person and the company see the score history round by round, with the keyboard, as a table and in both themes (${lang.locale})`,
    async ({ browser, request }) => {
      test.setTimeout(480_000);
      const { company, person, jobId } = await rateInThreeRounds(request, lang.person, lang.company);

      // The person's side.
      const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await own.addCookies([{ name: 's-token', value: person.token, url: baseURL, sameSite: 'Strict' }]);
      const me = await own.newPage();
      await me.goto(`${lang.prefix}/employment-details/${jobId}`);
      const mine = me.getByRole('region', { name: lang.text['details.history.title'] });
      await expect(mine.getByRole('figure')).toHaveAccessibleName(
        (lang.text['scoreHistory.chartTitle'] as string).replace('{name}', lang.text['scoreHistory.overall']),
        { timeout: 15_000 },
      );
      await checkChart(me, mine, lang, 'employment details');
      await own.close();

      // The company's side: the employee's detail in the workspace.
      const ownerSide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await ownerSide.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
      const ws = await ownerSide.newPage();
      await ws.goto(`${lang.prefix}/company-access?company=${company.companyId}`);
      await ws.getByRole('link', { name: /Continue to the workspace|Перейти до робочого простору/ }).click();
      await ws.waitForURL(`${companyURL}${lang.prefix}/`);
      await ws.getByRole('tab', { name: lang.text['company.tab.employees'] }).click({ timeout: 15_000 });
      const name = `${e2eAccounts[lang.person].firstName} ${e2eAccounts[lang.person].lastName}`;
      await ws.getByRole('button', { name: (lang.text['company.employees.open'] as string).replace('{name}', name) }).click();
      const history = ws.getByRole('region', { name: lang.text['company.score.history'] });
      await checkChart(ws, history, lang, 'workspace employee');
      await ownerSide.close();
    },
  );
}
