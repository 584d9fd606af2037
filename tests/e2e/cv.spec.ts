import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { baseURL } from '../../playwright.config.ts';
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import verifyEn from '../../src/i18n/verify.en_GB.json' with { type: 'json' };
import verifyUk from '../../src/i18n/verify.uk_UA.json' with { type: 'json' };
import { companySession, hire, registerCompany } from './companies.ts';
import { e2eAccounts } from './accounts.ts';
import { apiSignIn } from './sign-in.ts';

// 'Download CV (PDF)' in both languages (decision 203): a person hired by a company clicks
// the button on their profile's "Your data" card; the file is a PDF named after them, with their name
// and the company's mark in the page's language; the short link it prints, opened signed out, makes
// /verify say valid. axe on the profile with the button and on the verdict.

const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    person: 'cvEn',
    company: 'Vitae Works',
    fileName: 'cv-vera-vitae.pdf',
    verifiedBy: 'Confirmed by Vitae Works · identity not verified',
    text: { ...profileEn, ...verifyEn },
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    person: 'cvUk',
    company: 'Резюме Груп',
    fileName: 'cv-віра-резюменко.pdf',
    verifiedBy: 'Підтверджено компанією Резюме Груп · особу компанії не перевірено',
    text: { ...profileUk, ...verifyUk },
  },
] as const;

/** The PDF's text (pdf.js reads the embedded fonts' Unicode maps). */
async function pdfText(data: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(data) });
  const document = await task.promise;
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    parts.push((await (await document.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const t = (key: keyof (typeof lang)['text']) => lang.text[key] as string;

  journeyIn(lang)(
    `The person downloads their CV as a PDF from the profile; its short link verifies (${lang.locale})`,
    async ({ browser, request }) => {
      test.setTimeout(360_000);
      const company = await registerCompany(request, lang.company);
      const companyToken = await companySession(request, company.token, company.companyId);
      const person = await apiSignIn(request, lang.person);
      await hire(request, companyToken, company.companyId, e2eAccounts[lang.person].email, person);

      const own = await browser.newContext({ acceptDownloads: true });
      await own.addCookies([{ name: 's-token', value: person.token, url: baseURL, sameSite: 'Strict' }]);
      const page = await own.newPage();
      await page.goto(`${lang.prefix}/`);
      const card = page.getByRole('region', { name: t('portability.title') });
      const button = card.getByRole('button', { name: t('portability.cv') });
      // The card's code loads as it comes near the screen (decision 212), as a person scrolls to it.
      await card.scrollIntoViewIfNeeded();
      await expect(button).toBeVisible({ timeout: 15_000 });
      // Back at the top, where nothing sits under the sticky header (axe's target sizes).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoViolations(page, 'profile with the CV download');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()]);
      expect(download.suggestedFilename()).toBe(lang.fileName);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      const { firstName, lastName } = e2eAccounts[lang.person];
      expect(text).toContain(`${firstName} ${lastName}`);
      expect(text).toContain(lang.verifiedBy);
      await own.close();

      // The short link printed beside the job (the QR code's address), opened signed out.
      const link = new RegExp(`https?://\\S+${lang.prefix}/verify#c=[A-Za-z0-9_-]{16}`).exec(text)?.[0];
      expect(link, text).toBeTruthy();
      const visitor = await browser.newContext();
      const verify = await visitor.newPage();
      const address = new URL(link!);
      await verify.goto(`${address.pathname}${address.hash}`);
      await expect(verify.locator('#verify-verdict')).toHaveText(t('verify.verdict.valid'), { timeout: 15_000 });
      await expect(verify.locator('.verify-result')).toContainText(lang.company);
      await expectNoViolations(verify, '/verify from a CV short link');
      await visitor.close();
    },
  );
}
