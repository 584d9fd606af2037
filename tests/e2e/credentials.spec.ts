import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { baseURL } from '../../playwright.config.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import verifyEn from '../../src/i18n/verify.en_GB.json' with { type: 'json' };
import verifyUk from '../../src/i18n/verify.uk_UA.json' with { type: 'json' };
import { companySession, hire, registerCompany } from './companies.ts';
import { e2eAccounts } from './accounts.ts';
import { apiSignIn } from './sign-in.ts';

// The credentials journey in both languages: a company hires a person; on /employment-details/{id} the
// person downloads the job's credential; signed out, /verify says it is valid (pasted with the
// keyboard, and from the file), a copy with one changed character is tampered; the company ends the
// job and the same credential, opened from its link, is revoked. axe on every state.

const languages = [
  { locale: 'en_GB', prefix: '', person: 'credentialsEn', company: 'Credence Labs', text: { ...careersEn, ...verifyEn } },
  { locale: 'uk_UA', prefix: '/uk', person: 'credentialsUk', company: 'Довіра Лабс', text: { ...careersUk, ...verifyUk } },
] as const;

/** Waits for the verdict (two fetches and a signature check: slow on a loaded machine). */
async function expectVerdict(page: Page, verdict: string) {
  await expect(page.locator('#verify-verdict')).toHaveText(verdict, { timeout: 15_000 });
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const t = (key: keyof (typeof lang)['text']) => lang.text[key] as string;

  journeyIn(lang)(
    `The person downloads a verified job's credential; signed out, /verify says valid, a changed copy tampered, and revoked once the company ends the job (${lang.locale})`,
    async ({ browser, request }) => {
      test.setTimeout(480_000);
      const company = await registerCompany(request, lang.company);
      const companyToken = await companySession(request, company.token, company.companyId);
      const person = await apiSignIn(request, lang.person);
      await hire(request, companyToken, company.companyId, e2eAccounts[lang.person].email, person);
      const jobs = (await (await request.get(careersPaths.jobs, { headers: person.auth })).json()).data.jobs as {
        id: number;
        verified: boolean;
        company: { name: string };
      }[];
      const job = jobs.find((j) => j.verified && j.company.name === lang.company)!;

      // The person downloads it from the job's page.
      const own = await browser.newContext({ acceptDownloads: true });
      await own.addCookies([{ name: 's-token', value: person.token, url: baseURL, sameSite: 'Strict' }]);
      const ownPage = await own.newPage();
      await ownPage.goto(`${lang.prefix}/employment-details/${job.id}`);
      const card = ownPage.getByRole('region', { name: t('details.credential.title') });
      await expect(card).toBeVisible({ timeout: 15_000 });
      const [download] = await Promise.all([
        ownPage.waitForEvent('download'),
        card.getByRole('button', { name: t('details.credential.download') }).click(),
      ]);
      // The file's name says where to check it.
      expect(download.suggestedFilename()).toMatch(/^credential-.*-verify-at-localhost\.jwt$/);
      const jwt = (await readFile(await download.path(), 'utf8')).trim();
      expect(jwt.split('.')).toHaveLength(3);
      await expect(card.getByRole('link', { name: t('details.credential.checkIt') })).toBeVisible();
      await expectNoViolations(ownPage, 'employment details with the credential card');
      await own.close();

      // Signed out: paste it and verify with the keyboard alone.
      const visitor = await browser.newContext();
      const page = await visitor.newPage();
      // The sign-in page, where someone handed a credential lands, leads to the check.
      await page.goto(`${lang.prefix}/login`);
      await page
        .getByRole('link', {
          name: lang.locale === 'en_GB' ? 'Check it here, no account needed' : 'Перевірте його тут, без облікового запису',
        })
        .click();
      await expect(page).toHaveURL(new RegExp(`${lang.prefix}/verify$`));
      await expect(page.getByRole('heading', { level: 1, name: t('title.verify') })).toBeVisible();
      await expectNoViolations(page, '/verify, empty');
      await page.getByRole('button', { name: t('verify.submit') }).click();
      await expect(page.getByText(t('verify.empty'))).toBeVisible();
      const input = page.getByLabel(t('verify.inputLabel'));
      await input.fill(jwt);
      await input.press('Tab');
      await page.keyboard.press('Enter');
      await expectVerdict(page, t('verify.verdict.valid'));
      const result = page.locator('.verify-result');
      await expect(result).toContainText(lang.company);
      await expect(result).toContainText('Data Engineer');
      await expect(result).toContainText(`${e2eAccounts[lang.person].firstName} ${e2eAccounts[lang.person].lastName}`);
      await expect(result).toBeFocused();
      await expectNoViolations(page, '/verify, valid');

      // The same from the downloaded file.
      await page.reload();
      await page
        .locator('[data-verify-file]')
        .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/vc+jwt', buffer: Buffer.from(`${jwt}\n`) });
      await expectVerdict(page, t('verify.verdict.valid'));

      // One character of the payload changed.
      const [head, body, signature] = jwt.split('.') as [string, string, string];
      const changed = Buffer.from(Buffer.from(body, 'base64url').toString('utf8').replace('Data Engineer', 'Data Engineeq')).toString(
        'base64url',
      );
      await page.reload();
      await page.getByLabel(t('verify.inputLabel')).fill(`${head}.${changed}.${signature}`);
      await page.getByRole('button', { name: t('verify.submit') }).click();
      await expectVerdict(page, t('verify.verdict.tampered'));
      await expect(page.locator('.verify-reason')).toHaveText(t('verify.reason.bad_signature'));
      await expectNoViolations(page, '/verify, tampered');

      // Text that is no credential at all is called that, not a forgery.
      await page.reload();
      await page.getByLabel(t('verify.inputLabel')).fill('Olena Kovalenko, Northwind Studio');
      await page.getByRole('button', { name: t('verify.submit') }).click();
      await expectVerdict(page, t('verify.verdict.not_credential'));
      await expect(page.locator('.verify-reason')).toHaveText(t('verify.reason.not_credential'));

      // The company ends the job: the same credential, opened from its link, is revoked.
      const ended = await request.put(companyCareersPaths.endOfCollaboration(company.companyId, job.id), {
        headers: { Authorization: `Bearer ${companyToken}` },
        data: { planned_termination: '2026-12-31', final_feedback: null, collaboration_assessment: null },
      });
      expect(ended.status(), await ended.text()).toBe(200);
      await page.goto(`${lang.prefix}/verify#vc=${jwt}`);
      await expectVerdict(page, t('verify.verdict.revoked'));
      await expect(page.locator('.verify-reason')).toHaveText(t('verify.reason.revoked'));
      await expectNoViolations(page, '/verify, revoked');
      await visitor.close();
    },
  );
}
