// `npm run screenshots`: the score history on the person's employment details and the
// workspace's employee detail, at 390 and 1280 px, in both languages and both themes: the chart with
// a point focused, a competency chosen, and the table open.
import { test, type Locator, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { e2eAccounts } from '../e2e/accounts.ts';
import { rateInThreeRounds, type RatedJob } from '../e2e/score-history-data.ts';

const companyURL = baseURL.replace('://localhost', '://company.localhost');
const locales = [
  { prefix: '', code: 'en', who: 'scoreHistoryEn', company: 'Chartwell Works', region: 'Score history', show: 'Show as table' },
  { prefix: '/uk', code: 'uk', who: 'scoreHistoryUk', company: 'Графік і Ко', region: 'Історія оцінки', show: 'Показати таблицею' },
] as const;

test.describe.configure({ mode: 'serial' });
const jobs: Record<string, RatedJob> = {};

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  for (const { who, company } of locales) jobs[who] = await rateInThreeRounds(request, who, company);
});

/** The card in its three states: a point focused, the second competency chosen, the table open. */
async function shootCard(page: Page, card: Locator, name: string, locale: (typeof locales)[number]) {
  await card.getByRole('img').last().waitFor({ timeout: 15_000 });
  await card.getByRole('radio').first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowLeft');
  await card.screenshot({ path: `screenshots/${name}-focused.png` });
  await card.getByRole('radio').nth(2).check();
  await card.screenshot({ path: `screenshots/${name}-competency.png` });
  await card.getByRole('radio').first().check();
  await card.getByText(locale.show).click();
  await card.screenshot({ path: `screenshots/${name}-table.png` });
}

for (const locale of locales) {
  for (const width of [390, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`score history ${locale.code} ${width} ${scheme}`, async ({ browser }) => {
        const { company, person, jobId } = jobs[locale.who]!;
        const own = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        await own.addCookies([{ name: 's-token', value: person.token, url: baseURL, sameSite: 'Strict' }]);
        const me = await own.newPage();
        await me.goto(`${locale.prefix}/employment-details/${jobId}`);
        const card = me.getByRole('region', { name: locale.region });
        await card.getByRole('img').last().waitFor({ timeout: 15_000 });
        await me.screenshot({ path: `screenshots/employment-details-history-${locale.code}-${width}-${scheme}.png`, fullPage: true });
        await shootCard(me, card, `score-history-person-${locale.code}-${width}-${scheme}`, locale);
        await own.close();

        const owner = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
        await owner.addCookies([{ name: 's-token', value: company.token, url: baseURL, sameSite: 'Strict' }]);
        const ws = await owner.newPage();
        await ws.goto(`${locale.prefix}/company-access?company=${company.companyId}`);
        await ws.getByRole('link', { name: /Continue to the workspace|Перейти до робочого простору/ }).click();
        await ws.waitForURL(`${companyURL}${locale.prefix}/`);
        await ws.getByRole('tab', { name: locale.code === 'en' ? 'Employees' : 'Працівники' }).click({ timeout: 15_000 });
        const account = e2eAccounts[locale.who];
        await ws.locator(`[data-employment="${account.firstName} ${account.lastName}"] .company-row-actions button`).click();
        const history = ws.getByRole('region', { name: locale.region });
        await history.getByRole('img').last().waitFor({ timeout: 15_000 });
        await ws.screenshot({ path: `screenshots/workspace-employee-history-${locale.code}-${width}-${scheme}.png`, fullPage: true });
        await shootCard(ws, history, `score-history-company-${locale.code}-${width}-${scheme}`, locale);
        await owner.close();
      });
    }
  }
}
