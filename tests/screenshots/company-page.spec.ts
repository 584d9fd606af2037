// Screenshots of a company's public brand page (decision 211): the workspace's card (on, and
// its form open) and the public page signed out without JavaScript, with its 'not found', at 390 and
// 1280 px in both languages, into screenshots/.
import { test } from '@playwright/test';
import { workspacePaths } from '../../contract/company-routes.ts';
import { baseURL } from '../../playwright.config.ts';
import { sampleFiles } from '../../server/test/sample-files.ts';
import { e2eAccounts } from '../e2e/accounts.ts';
import { companySession, hire, registerCompany } from '../e2e/companies.ts';
import { apiSignIn } from '../e2e/sign-in.ts';

const companyURL = baseURL.replace('://localhost', '://company.localhost');
const companies = [
  {
    prefix: '',
    code: 'en',
    employee: 'brandEmployeeEn',
    name: 'Northwind Lighthouse Studio',
    address: 'northwind-lighthouse',
    about:
      'We design and build navigation lights for small harbours.\n\nTwelve people in Odesa and Gdańsk, working with port authorities across the Black Sea and the Baltic.',
    location: 'Odesa, Ukraine',
    change: 'Change the public page',
  },
  {
    prefix: '/uk',
    code: 'uk',
    employee: 'brandEmployeeUk',
    name: 'Маяк і Партнери',
    address: 'mayak-partnery',
    about:
      'Проєктуємо й будуємо навігаційні вогні для малих гаваней.\n\nДванадцять людей в Одесі та Гданську працюють із портовими адміністраціями Чорного й Балтійського морів.',
    location: 'Одеса, Україна',
    change: 'Змінити публічну сторінку',
  },
] as const;

test.describe.configure({ mode: 'serial' });

for (const { prefix, code, employee, name, address, about, location, change } of companies) {
  test(`company public page ${code}`, async ({ browser, request }) => {
    const company = await registerCompany(request, name);
    const session = await companySession(request, company.token, company.companyId);
    const auth = { Authorization: `Bearer ${session}` };
    await request.put(workspacePaths.brand(company.companyId), {
      headers: auth,
      data: { name, industry_id: 1, about, website: 'https://lighthouse.example', location, size: '11-50' },
    });
    await request.post(workspacePaths.logo(company.companyId), {
      headers: auth,
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: sampleFiles.png() } },
    });
    await hire(request, session, company.companyId, e2eAccounts[employee].email, await apiSignIn(request, employee));
    await request.put(workspacePaths.publicPageSettings(company.companyId), {
      headers: auth,
      data: { address, is_public: true, noindex: false },
    });
    for (const width of [390, 1280]) {
      const owner = await browser.newContext({ viewport: { width, height: 900 } });
      await owner.addCookies([{ name: 's-token', value: session, url: companyURL, sameSite: 'Strict' }]);
      const workspace = await owner.newPage();
      await workspace.goto(`${companyURL}${prefix}/`);
      const card = workspace.locator('#company-public-page');
      await workspace.getByTestId('company-public-page-link').waitFor();
      await card.scrollIntoViewIfNeeded();
      await workspace.screenshot({ path: `screenshots/company-public-card-${code}-${width}.png`, fullPage: true });
      await workspace.getByRole('button', { name: change }).click();
      await workspace.locator('input[name="is_public"]').waitFor();
      // The address field took the focus and scrolled the page; the whole page from its top.
      await workspace.evaluate(() => window.scrollTo(0, 0));
      await workspace.screenshot({ path: `screenshots/company-public-form-${code}-${width}.png`, fullPage: true });
      await owner.close();
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const reader = await visitor.newPage();
      await reader.goto(`${prefix}/company/${address}`);
      await reader.screenshot({ path: `screenshots/company-page-${code}-${width}.png`, fullPage: true });
      await reader.goto(`${prefix}/company/no-company-here`);
      await reader.screenshot({ path: `screenshots/company-page-not-found-${code}-${width}.png`, fullPage: true });
      await visitor.close();
    }
  });
}
