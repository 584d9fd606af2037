import { expect, test } from '@playwright/test';
import applicationsEn from '../../src/i18n/applications.en_GB.json' with { type: 'json' };
import applicationsUk from '../../src/i18n/applications.uk_UA.json' with { type: 'json' };
import jobsEn from '../../src/i18n/jobs.en_GB.json' with { type: 'json' };
import jobsUk from '../../src/i18n/jobs.uk_UA.json' with { type: 'json' };
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import { applicationPaths, applyPagePath } from '../../contract/applications.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { jobPagePath, openingPaths } from '../../contract/jobs.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { alternating } from './languages.ts';
import { forwardedAddress } from './sign-in.ts';

// Applying and the pipeline's start (decision 262), in both languages, one at a phone's width
// and one at a desktop's: a signed-out visitor's Apply on a job page asks to sign in and comes back; a
// signed-in person applies in one step from the job page (what the company will see is listed, a cover
// note with HTML in it, a document uploaded with progress); the owner opens the opening's applicants in
// the workspace (open before the person applied: the applicant arrives live, in a second tab too), reads
// the cover note as text and moves them to offer by the stage select (the second tab sees it); the person's
// My applications then says Offer; hiring asks for the start date and My applications says Hired. axe
// on the dialogs, both lists and the pipeline. The person's careers page, open in another tab, shows the
// verified job live once hired. The owner and the person write to each other about the application, live.
const companyURL = baseURL.replace('://localhost', '://company.localhost');
const words = {
  en_GB: { ...applicationsEn, ...jobsEn, ...careersEn },
  uk_UA: { ...applicationsUk, ...jobsUk, ...careersUk },
} as const;
const widths = { en_GB: 1280, uk_UA: 390 } as const;

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const w = (key: keyof (typeof words)['en_GB'], params: Record<string, string | number> = {}) =>
    fillPlaceholders(words[locale][key], params);
  const width = widths[locale];
  const title = locale === 'uk_UA' ? 'Картографиня' : 'Cartographer';
  // The job page's own word (server/jobs/public-page-words.ts).
  const applyWord = locale === 'uk_UA' ? 'Подати заявку' : 'Apply';

  journeyIn(locale)(
    `A person applies to a published opening, the owner moves them to offer, and My applications says Offer (${locale}, ${width} px)`,
    async ({ browser, request }) => {
      test.setTimeout(300_000);
      const company = await registerCompany(request, locale === 'uk_UA' ? 'Карти Полтави' : 'Northwind Charts');
      const session = await companySession(request, company.token, company.companyId);
      const asCompany = { Authorization: `Bearer ${session}` };
      const address = `charts-${nextSequence()}-${Date.now().toString(36)}`;
      expect(
        (
          await request.put(workspacePaths.publicPageSettings(company.companyId), {
            headers: asCompany,
            data: { address, is_public: true, noindex: false },
          })
        ).status(),
      ).toBe(200);
      const created = await request.post(openingPaths.openings(company.companyId), {
        headers: asCompany,
        data: {
          title,
          description: 'We draw maps of the sea.',
          location: 'Kyiv',
          remote: true,
          employment_type: 'full_time',
          salary_min: null,
          salary_max: null,
          salary_currency: null,
          salary_period: null,
          competencies: [],
          skills: [],
          languages: [],
          team_id: null,
          closes_on: '2099-12-31',
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const openingId = ((await created.json()) as { data: { id: number } }).data.id;
      expect((await request.post(openingPaths.publish(company.companyId, openingId), { headers: asCompany })).status()).toBe(200);

      // The owner opens the opening's applicants before anyone applies, in two tabs: both say none yet.
      const ownerContext = await browser.newContext({ viewport: { width, height: 900 } });
      await ownerContext.addCookies([{ name: 's-token', value: session, url: companyURL, sameSite: 'Strict' }]);
      const openPipeline = async () => {
        const page = await ownerContext.newPage();
        await page.goto(`${companyURL}${prefix}/`);
        await page.getByRole('tab', { name: w('company.tab.openings') }).click();
        await page.getByRole('button', { name: w('pipeline.open', { title }) }).click();
        const dialog = page.getByRole('dialog', { name: w('pipeline.title', { title }) });
        await expect(dialog.getByText(w('pipeline.empty'))).toBeVisible({ timeout: 15_000 });
        return { page, dialog };
      };
      const { page: owner, dialog: pipeline } = await openPipeline();
      const { dialog: watcher } = await openPipeline();
      const name = locale === 'uk_UA' ? 'Ірина Заявниця' : 'Iris Applicant';
      const companyName = locale === 'uk_UA' ? 'Карти Полтави' : 'Northwind Charts';
      const applicant = pipeline.locator(`[data-applicant="${name}"]`);
      const watcherApplicant = watcher.locator(`[data-applicant="${name}"]`);

      // Signed out, Apply asks to sign in and carries the way back.
      const visitor = await browser.newContext({ viewport: { width, height: 900 } });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(jobPagePath(address, openingId, locale));
      await visitorPage.getByRole('link', { name: applyWord, exact: true }).click();
      await expect(visitorPage).toHaveURL(new RegExp(`${prefix}/login\\?redirect=${encodeURIComponent(applyPagePath(openingId, locale))}`));
      await visitor.close();

      // The applicant, signed in, applies from the job page.
      const email = `applicant-${nextSequence()}-${Date.now().toString(36)}@e2e.test`;
      const registered = await request.post(`/api/register?locale=${locale}`, {
        data: {
          kind: 'personal',
          first_name: locale === 'uk_UA' ? 'Ірина' : 'Iris',
          last_name: locale === 'uk_UA' ? 'Заявниця' : 'Applicant',
          email,
          phone: `+38063${String(Date.now()).slice(-7)}`,
          password: 'E2e-Passw0rd',
          password_confirmation: 'E2e-Passw0rd',
          terms: true,
        },
        headers: { 'x-forwarded-for': forwardedAddress() },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const token = ((await registered.json()) as { data: { token: string } }).data.token;
      const personContext = await browser.newContext({ viewport: { width, height: 900 } });
      await personContext.addCookies([{ name: 's-token', value: token, url: baseURL, sameSite: 'Strict' }]);
      const person = await personContext.newPage();
      await person.goto(jobPagePath(address, openingId, locale));
      await person.getByRole('link', { name: applyWord, exact: true }).click();
      const dialog = person.getByRole('dialog', { name: w('apply.title', { title }) });
      await expect(
        dialog.getByText(w('apply.sharedTitle', { company: locale === 'uk_UA' ? 'Карти Полтави' : 'Northwind Charts' })),
      ).toBeVisible({
        timeout: 15_000,
      });
      await expect(dialog.getByText(w('apply.notShared'))).toBeVisible();
      await dialog.getByLabel(new RegExp(`^${w('apply.coverNote')}`)).fill('<b>I</b> love maps');
      await dialog.getByTestId('apply-document-input').setInputFiles({
        name: 'cv.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'),
      });
      await expect(dialog.locator('[data-document="cv.pdf"]')).toBeVisible();
      await expectNoViolations(person, 'application dialog');
      const sent = person.waitForResponse((r) => r.url().includes(applicationPaths.mine) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: w('apply.send') }).click();
      expect((await sent).status()).toBe(201);
      await expect(dialog).toBeHidden();
      const item = person.locator(`[data-application="${title}"]`);
      await expect(item.getByText(w('applications.stage.applied'), { exact: true })).toBeVisible();
      await expect(person).toHaveURL(new RegExp(`${prefix}/applications$`));
      await expectNoViolations(person, 'my applications');

      // The new applicant arrived live in the pipeline the owner had open (and in a second tab's).
      await expect(applicant.getByText('<b>I</b> love maps')).toBeVisible({ timeout: 15_000 });
      await expect(watcherApplicant).toBeVisible({ timeout: 15_000 });
      await expectNoViolations(owner, 'pipeline');
      // On the board, the owner drags the card from Applied to Screening; the other tab's list shows it live.
      await pipeline.getByRole('button', { name: w('pipeline.view.board') }).click();
      const column = (stage: 'applied' | 'screening', count: number) =>
        pipeline.getByRole('region', { name: w('pipeline.column', { stage: w(`pipeline.stage.${stage}`), count }) });
      await expectNoViolations(owner, 'pipeline board');
      const dragged = owner.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/stage') && r.request().method() === 'PUT');
      await column('applied', 1).locator(`[data-card="${name}"]`).dragTo(column('screening', 0));
      expect((await dragged).status()).toBe(200);
      await expect(column('screening', 1).locator(`[data-card="${name}"]`)).toBeVisible();
      await expect(watcherApplicant.getByLabel(w('pipeline.stageOf', { name }))).toHaveValue('screening', { timeout: 15_000 });
      await pipeline.getByRole('button', { name: w('pipeline.view.list') }).click();
      // The owner moves the person to offer by the keyboard-usable select; the other tab shows the move live.
      const moved = owner.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/stage') && r.request().method() === 'PUT');
      await applicant.getByLabel(w('pipeline.stageOf', { name })).selectOption('offer');
      expect((await moved).status()).toBe(200);
      await expect(applicant.getByLabel(w('pipeline.stageOf', { name }))).toHaveValue('offer');
      await expect(watcherApplicant.getByLabel(w('pipeline.stageOf', { name }))).toHaveValue('offer', { timeout: 15_000 });

      // The person opens the application's messages (none yet); the owner writes; it arrives live in the
      // person's open dialog, the person answers, and the owner's open conversation shows the answer live.
      // Every text stays text.
      await person.getByRole('button', { name: w('applications.messagesLabel', { title }) }).click();
      const talk = person.getByRole('dialog', { name: w('applications.messagesTitle', { title }) });
      await expect(talk.getByText(w('applications.message.empty'))).toBeVisible({ timeout: 15_000 });
      await applicant.getByRole('button', { name: w('pipeline.conversation', { count: 0 }) }).click();
      await applicant.getByLabel(w('pipeline.message.label', { name })).fill('Can you start in December? <i>soon</i>');
      await applicant.getByRole('button', { name: w('pipeline.message.send') }).click();
      await expect(applicant.getByText('Can you start in December? <i>soon</i>')).toBeVisible();
      await expect(talk.getByText('Can you start in December? <i>soon</i>')).toBeVisible({ timeout: 15_000 });
      await talk.getByLabel(w('applications.message.label', { company: companyName })).fill('Yes, from the first.');
      await talk.getByRole('button', { name: w('applications.message.send') }).click();
      await expect(talk.getByText('Yes, from the first.')).toBeVisible();
      await expectNoViolations(person, 'messages dialog');
      await expect(applicant.getByText('Yes, from the first.')).toBeVisible({ timeout: 15_000 });
      await talk.getByRole('button', { name: w('applications.close') }).click();
      await expectNoViolations(owner, 'pipeline with messages');

      // The owner rates the applicant (company-only) and the other tab reads the company's rating live.
      await applicant.getByLabel(new RegExp(`^${w('pipeline.rating', { name })}`)).selectOption('4');
      await expect(applicant.getByText(w('pipeline.rating.average', { average: 4, count: 1 }))).toBeVisible();
      await expect(watcherApplicant.getByText(w('pipeline.rating.average', { average: 4, count: 1 }))).toBeVisible({ timeout: 15_000 });
      // Filters from the keyboard: a language the applicant does not speak keeps nobody; clearing brings them back.
      await pipeline.getByRole('button', { name: w('pipeline.filters') }).click();
      const filters = pipeline.getByRole('form', { name: w('pipeline.filters') });
      await filters.getByLabel(w('pipeline.filter.language')).selectOption('ja');
      await filters.getByLabel(w('pipeline.filter.skill')).press('Enter');
      await expect(pipeline.getByText(w('pipeline.filter.none'))).toBeVisible({ timeout: 15_000 });
      await expectNoViolations(owner, 'pipeline filtered');
      await filters.getByRole('button', { name: w('pipeline.filter.clear') }).click();
      await expect(applicant).toBeVisible({ timeout: 15_000 });

      // The person's list says Offer at once: the notification arrives live and the list is read again.
      await expect(person.locator(`[data-application="${title}"]`).getByText(w('applications.stage.offer'), { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      await expectNoViolations(person, 'my applications with an offer');

      // The person's careers page is open in another tab while the company hires them.
      const careers = await personContext.newPage();
      await careers.goto(`${prefix}/careers`);
      await expect(careers.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(careers.locator('.careers-job').filter({ hasText: companyName })).toHaveCount(0);

      // Hired is its own step: the dialog asks for the start date (today unless changed) and closes the opening if asked.
      await applicant.getByLabel(w('pipeline.stageOf', { name })).selectOption('hired');
      const hire = owner.getByRole('dialog', { name: w('pipeline.hireTitle', { name }) });
      await expect(hire.getByLabel(w('pipeline.startDate'))).toBeVisible();
      await expectNoViolations(owner, 'hire dialog');
      const hired = owner.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/hire') && r.request().method() === 'POST');
      await hire.getByRole('button', { name: w('pipeline.hire'), exact: true }).click();
      expect((await hired).status()).toBe(200);
      await expect(hire).toBeHidden();
      await expect(applicant.getByLabel(w('pipeline.stageOf', { name }))).toHaveValue('hired');
      await expect(person.locator(`[data-application="${title}"]`).getByText(w('applications.stage.hired'), { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      // The verified job shows on the careers page live, without a reload.
      await expect(careers.locator('.careers-job').filter({ hasText: companyName })).toContainText(w('careers.verified'), {
        timeout: 15_000,
      });
      await expectNoViolations(careers, 'careers with the verified job');
      await ownerContext.close();
      await personContext.close();
    },
  );
}
