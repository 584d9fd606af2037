import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { fillDateField } from './date-field.ts';
import { careersPaths } from '../../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import { baseURL } from '../../playwright.config.ts';
import { sampleFiles } from '../../server/test/sample-files.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import { contractDictionaries } from '../../contract/i18n/index.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import profileEn from '../../src/i18n/profile.en_GB.json' with { type: 'json' };
import profileUk from '../../src/i18n/profile.uk_UA.json' with { type: 'json' };
import { companySession, registerCompany } from './companies.ts';
import { waitForMail } from './outbox.ts';
import { e2eAccounts } from './accounts.ts';
import { apiSignIn, type SignedIn } from './sign-in.ts';

// The careers journey in both languages: a company hires a person from an accepted invitation and
// assigns a reviewer, who rates competencies in two rounds (one rating N/A) and gives final feedback;
// the person sees it all on /employment-details/{id}, shows one review on the public profile and
// hides the other, replies to one, uploads a supporting document with progress and edits the
// experience description; a visitor sees the verified job; the person leaves the company and the
// company has a notification. axe on both pages and every dialog.

const companyURL = baseURL.replace('://localhost', '://company.localhost');
const dictionaries = {
  en_GB: { ...coreEn, ...profileEn, ...careersEn, ...companyEn, ...validationMessages.en_GB, ...contractDictionaries.en_GB },
  uk_UA: { ...coreUk, ...profileUk, ...careersUk, ...companyUk, ...validationMessages.uk_UA, ...contractDictionaries.uk_UA },
};
type Key = keyof (typeof dictionaries)['en_GB'];

const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    person: 'careersEn',
    reviewer: 'careersReviewerEn',
    visitor: 'careersVisitorEn',
    company: 'Northwind Analytics',
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    person: 'careersUk',
    reviewer: 'careersReviewerUk',
    visitor: 'careersVisitorUk',
    company: 'Північний Вітер',
  },
] as const;

/** Invites `email` through the API and accepts as `invitee`; answers nothing (the hire is the server's). */
async function inviteAndAccept(
  request: APIRequestContext,
  companyToken: string,
  companyId: number,
  email: string,
  position: string,
  invitee: SignedIn,
) {
  const since = Date.now();
  const sent = await request.post(workspacePaths.invitations(companyId), {
    headers: { Authorization: `Bearer ${companyToken}` },
    data: { email, position, team_id: null },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const mail = await waitForMail(email, since, (body) => body.includes('/invitation?token='));
  const token = decodeURIComponent(/\/invitation\?token=([\w%-]+)/.exec(mail)![1]!);
  const accepted = await request.post(companyPublicPaths.invitationAccept(token), { headers: invitee.auth });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** Enters the company host through the switch page. */
async function enterWorkspace(page: Page, companyId: number, prefix: string) {
  await page.goto(`${prefix}/company-access?company=${companyId}`);
  // Two page loads on two hosts with a code exchanged between them: on a loaded machine more than 5 s.
  await page.getByRole('link', { name: /Continue to the workspace|Перейти до робочого простору/ }).click();
  await page.waitForURL(`${companyURL}${prefix}/`);
  await expect(page.getByRole('tablist')).toBeVisible({ timeout: 15_000 });
}

async function newSignedInPage(browser: Browser, token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 's-token', value: token, url: baseURL, sameSite: 'Strict' }]);
  return { context, page: await context.newPage() };
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: Key, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `A company hires a person, a reviewer rates them in two rounds and gives final feedback; the person shows, hides and answers it, adds a document and leaves, and the next day the workspace refuses them (${lang.locale})`,
    async ({ browser, request }) => {
      // The longest journey: three people on two hosts, two review rounds, a document and the next day (2.4 min on a quiet machine).
      test.setTimeout(600_000);
      const company = await registerCompany(request, lang.company);
      const ownerCompanyToken = await companySession(request, company.token, company.companyId);
      const person = await apiSignIn(request, lang.person);
      const reviewer = await apiSignIn(request, lang.reviewer);
      await inviteAndAccept(request, ownerCompanyToken, company.companyId, e2eAccounts[lang.person].email, 'Backend Engineer', person);
      await inviteAndAccept(request, ownerCompanyToken, company.companyId, e2eAccounts[lang.reviewer].email, 'Engineering Lead', reviewer);

      // ── The owner: competencies, then the reviewer of the person's employment.
      const ownerSide = await newSignedInPage(browser, company.token);
      const ws = ownerSide.page;
      await enterWorkspace(ws, company.companyId, lang.prefix);
      await ws.getByRole('tab', { name: t('company.tab.competencies') }).click();
      for (const [name, weight] of [
        ['System design', '3'],
        ['Mentoring', '1'],
      ] as const) {
        await ws.getByLabel(t('company.competencies.name')).fill(name);
        await ws.getByLabel(t('company.competencies.weight')).fill(weight);
        await ws.getByRole('button', { name: t('company.competencies.add') }).click();
        await expect(ws.locator(`[data-competency="${name}"]`)).toContainText(t('company.competencies.weightValue', { weight }));
      }
      await expectNoViolations(ws, 'competencies');
      await ws.getByRole('button', { name: t('company.competencies.edit', { name: 'Mentoring' }) }).click();
      await expect(ws.getByRole('dialog')).toBeVisible();
      await expectNoViolations(ws, 'competency dialog');
      await ws.keyboard.press('Escape');
      // Retiring one asks first; its question passes axe too, and the retired one is no longer offered.
      await ws.getByLabel(t('company.competencies.name')).fill('Legacy tooling');
      await ws.getByLabel(t('company.competencies.weight')).fill('1');
      await ws.getByRole('button', { name: t('company.competencies.add') }).click();
      await ws.getByRole('button', { name: t('company.competencies.retire', { name: 'Legacy tooling' }) }).click();
      const retireQuestion = ws.getByRole('alertdialog', { name: t('company.competencies.retireTitle', { name: 'Legacy tooling' }) });
      await expect(retireQuestion).toContainText(t('company.competencies.retireText'));
      await expectNoViolations(ws, 'retire competency question');
      await retireQuestion.getByRole('button', { name: t('company.competencies.retireConfirm'), exact: true }).click();
      await expect(retireQuestion).toBeHidden();
      await expect(ws.locator('[data-competency="Legacy tooling"]')).toHaveCount(0);
      await expect(ws.locator('[data-competency="Mentoring"]')).toBeVisible();

      await ws.getByRole('tab', { name: t('company.tab.employees') }).click();
      const personRow = ws.locator('[data-employment]').filter({ hasText: 'Backend Engineer' });
      await expect(personRow).toContainText(t('company.employees.current'));
      await expectNoViolations(ws, 'employees');
      await personRow.getByRole('button', { name: t('company.employees.manage') }).click();
      // The page shows the job; its form opens with its button (decision 307).
      const jobCard = ws.getByRole('region', { name: t('company.employees.jobTitle') });
      await jobCard.getByRole('button', { name: t('company.employees.changeJob') }).click();
      await jobCard
        .getByLabel(new RegExp(`^${t('company.employees.reviewer')}`))
        .selectOption({ label: lang.locale === 'en_GB' ? 'Roman Reviewer' : 'Роман Рецензент' });
      await jobCard.getByRole('button', { name: t('company.employees.saveJob') }).click();
      await expect(ws.getByText(t('company.employees.jobSaved'))).toBeVisible();
      await expect(ws.getByText(t('employment.event.reviewer_changed'), { exact: true })).toBeVisible();
      await expectNoViolations(ws, 'managed employment');
      // Opened again, the form starts from the saved job, the reviewer too; Cancel leaves it as it was.
      const reviewerName = lang.locale === 'en_GB' ? 'Roman Reviewer' : 'Роман Рецензент';
      await expect(jobCard.getByText(reviewerName)).toBeVisible();
      await jobCard.getByRole('button', { name: t('company.employees.changeJob') }).click();
      await expect(jobCard.getByLabel(new RegExp(`^${t('company.employees.reviewer')}`)).locator('option:checked')).toHaveText(
        reviewerName,
      );
      await jobCard.getByRole('button', { name: t('company.cancel') }).click();
      await expect(jobCard.getByText(reviewerName)).toBeVisible();

      // ── The reviewer: two rounds, one rating N/A, then the final feedback.
      const reviewerSide = await newSignedInPage(browser, reviewer.token);
      const rv = reviewerSide.page;
      await enterWorkspace(rv, company.companyId, lang.prefix);
      await rv.getByRole('tab', { name: t('company.tab.employees') }).click();
      await rv
        .locator('[data-employment]')
        .filter({ hasText: 'Backend Engineer' })
        .getByRole('button', { name: t('company.employees.manage') })
        .click();
      await expect(rv.getByRole('region', { name: t('company.review.title') })).toBeVisible();
      // A reviewer who is not an admin manages nothing else: no job form.
      await expect(rv.getByRole('region', { name: t('company.employees.jobTitle') })).toHaveCount(0);
      const round = async (date: string, design: string, mentoring: string, designComment?: string) => {
        // Each round's form opens with its button and closes once saved (decision 307).
        await rv.getByRole('button', { name: t('company.review.start') }).click();
        if (designComment)
          await rv.getByLabel(new RegExp(`^${t('company.review.comment', { name: 'System design' })}`)).fill(designComment);
        await fillDateField(rv, t('company.review.date'), date, lang.locale);
        await rv.getByLabel(t('company.review.rating', { name: 'System design' })).selectOption(design);
        await rv.getByLabel(t('company.review.rating', { name: 'Mentoring' })).selectOption(mentoring);
        // Each round is saved once and listed; its toast says so (the first may still show, or have
        // just gone, beside the second, so the list is what is counted).
        const rounds = rv.locator('.company-round');
        const before = await rounds.count();
        await rv.getByRole('button', { name: t('company.review.save') }).click();
        await expect(rounds).toHaveCount(before + 1);
        await expect(rv.getByText(t('company.review.saved')).last()).toBeVisible();
      };
      await round('2026-03-31', 'good', 'na');
      await round('2026-09-30', 'excellent', 'good', 'Clear designs, well argued.');
      await expect(rv.locator('.company-round')).toHaveCount(2);
      await rv.getByRole('button', { name: t('company.end.plan') }).click();
      await rv.getByLabel(new RegExp(`^${t('company.end.feedback')}`)).fill('A dependable engineer who raised the bar.');
      await rv.getByLabel(new RegExp(`^${t('company.end.assessment')}`)).selectOption('excellent');
      await rv.getByRole('button', { name: t('company.end.save'), exact: true }).click();
      await expect(rv.getByText(t('company.end.saved'))).toBeVisible();
      await expectNoViolations(rv, 'reviewer screen');

      // ── The person: the verified job on /careers, then its details.
      const personSide = await newSignedInPage(browser, person.token);
      const me = personSide.page;
      await me.goto(`${lang.prefix}/careers`);
      await expect(me).toHaveTitle(new RegExp(`^${t('title.careers')} \\|`));
      const job = me.locator('.careers-job').filter({ hasText: 'Backend Engineer' });
      await expect(job).toContainText(lang.company);
      await expect(job).toContainText(t('careers.verified'));
      await expectNoViolations(me, 'careers');
      await job.getByRole('link', { name: new RegExp(t('careers.details')) }).click();
      await me.waitForURL(/\/employment-details\/\d+$/);
      const jobId = Number(/(\d+)$/.exec(me.url())![1]);
      await expect(me).toHaveTitle(new RegExp(`^${t('title.employment-details')} \\|`));
      await expect(me.getByRole('heading', { level: 1, name: 'Backend Engineer' })).toBeVisible();
      // The score: System design's latest (Excellent, 5) weighs 3, Mentoring's (Good, 4) weighs 1: 4.75.
      await expect(me.getByTestId('in-company-score')).toHaveText(
        t('details.score.value', { score: lang.locale === 'en_GB' ? '4.75' : '4,75', max: 6 }),
      );
      await expect(me.locator('.employment-round')).toHaveCount(2);
      const older = me.locator('.employment-round').nth(1);
      await expect(older).toContainText(t('rating.na'));
      await expect(older).toContainText(t('rating.notCounted'));
      await expect(me.getByText('A dependable engineer who raised the bar.')).toBeVisible();
      await expectNoViolations(me, 'employment details');
      for (const width of [320, 390]) {
        await me.setViewportSize({ width, height: 900 });
        expect(
          await me.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `details at ${width}px`,
        ).toBeLessThanOrEqual(0);
      }
      await expectNoViolations(me, 'employment details at 390px');
      await me.setViewportSize({ width: 1280, height: 720 });

      // Consent, review by review: show both, then hide the older one; reply to the newer one.
      // A switch shows what the server confirmed: once the answer is in it is live
      // again and still on, and it stays on after a reload; a refused change goes back, with a message.
      const newer = me.locator('.employment-round').first();
      const visibilitySaved = () =>
        me.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/visibility') && r.request().method() === 'PUT');
      let saved = visibilitySaved();
      await newer.getByRole('switch', { name: t('details.round.showPublic') }).check();
      await saved;
      await expect(me.getByText(t('details.round.shown'))).toBeVisible();
      await expect(newer.getByRole('switch')).toBeEnabled();
      await expect(newer.getByRole('switch')).toBeChecked();
      saved = visibilitySaved();
      await older.getByRole('switch', { name: t('details.round.showPublic') }).check();
      await saved;
      await expect(older.getByRole('switch')).toBeEnabled();
      await expect(older.getByRole('switch')).toBeChecked();
      saved = visibilitySaved();
      await older.getByRole('switch', { name: t('details.round.showPublic') }).uncheck();
      await saved;
      await expect(older.getByRole('switch')).toBeEnabled();
      await expect(older.getByRole('switch')).not.toBeChecked();
      await me.route(
        /\/visibility(\?.*)?$/,
        (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Internal error', code: 'internal' }),
          }),
        { times: 1 },
      );
      await older.getByRole('switch', { name: t('details.round.showPublic') }).click();
      await expect(me.locator('.ui-toaster').getByRole('alert')).not.toBeEmpty();
      await expect(older.getByRole('switch')).toBeEnabled();
      await expect(older.getByRole('switch')).not.toBeChecked();
      await me.reload();
      await expect(me.locator('.employment-round').first().getByRole('switch')).toBeChecked();
      await expect(me.locator('.employment-round').nth(1).getByRole('switch')).not.toBeChecked();
      await newer.getByRole('button', { name: new RegExp(`^${t('details.reply.add')}`) }).click();
      const replyDialog = me.getByRole('dialog');
      await expect(replyDialog).toBeVisible();
      await replyDialog.getByRole('button', { name: t('details.reply.save') }).click();
      await expect(replyDialog.getByText(text['validation.required'])).toBeVisible();
      await expectNoViolations(me, 'reply dialog with an error');
      await replyDialog.getByLabel(t('details.reply.label')).fill('Thank you — it was a team effort.');
      await replyDialog.getByRole('button', { name: t('details.reply.save') }).click();
      await expect(replyDialog).toBeHidden();
      await expect(newer).toContainText('Thank you — it was a team effort.');
      await newer.getByRole('button', { name: new RegExp(`^${t('details.reply.delete')}`) }).click();
      await expect(me.getByRole('alertdialog')).toContainText(t('details.reply.deleteText'));
      await expectNoViolations(me, 'reply deletion question');
      await me
        .getByRole('alertdialog')
        .getByRole('button', { name: t('careers.cancel') })
        .click();
      await expect(newer).toContainText('Thank you — it was a team effort.');

      // The experience description: only the owner edits it.
      await me.getByRole('button', { name: t('details.experience.edit') }).click();
      const experience = me.getByRole('dialog');
      await experience.getByLabel(t('details.experience.label')).fill('Moved billing to event sourcing.');
      await experience.getByLabel(t('details.experience.skills')).fill('TypeScript\nPostgreSQL');
      await expectNoViolations(me, 'experience dialog');
      await experience.getByRole('button', { name: t('details.save') }).click();
      await expect(experience).toBeHidden();
      await expect(me.getByText('Moved billing to event sourcing.')).toBeVisible();
      await expect(me.locator('.employment-chips')).toContainText('PostgreSQL');

      // A supporting document, uploaded slowly enough to see its progress.
      const cdp = await personSide.context.newCDPSession(me);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 512 * 1024,
      });
      const bigPdf = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
      await me.getByTestId('document-input').setInputFiles({ name: 'reference-letter.pdf', mimeType: 'application/pdf', buffer: bigPdf });
      await expect(me.getByRole('progressbar')).toBeVisible();
      await expect(me.getByText(t('details.documents.uploading', { name: 'reference-letter.pdf' }))).toBeVisible();
      await expectNoViolations(me, 'upload in progress');
      await expect(me.locator('[data-document="reference-letter.pdf"]')).toHaveAttribute('data-kind', 'document', { timeout: 30_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect(me.getByRole('progressbar')).toBeHidden();

      // ── A visitor sees the verified job on the person's profile, with the review shown and the reply.
      const visitor = await apiSignIn(request, lang.visitor);
      const visitorSide = await newSignedInPage(browser, visitor.token);
      await visitorSide.page.goto(`${lang.prefix}/profile-${person.userId}/`);
      const publicJob = visitorSide.page.locator('[data-public-job]').filter({ hasText: 'Backend Engineer' });
      // A whole profile page of another person and its reads: on a loaded machine more than 5 s.
      await expect(publicJob).toContainText(t('careers.verified'), { timeout: 15_000 });
      await expect(publicJob).toContainText('Thank you — it was a team effort.');
      await expect(publicJob.locator('[data-public-review]')).toHaveCount(1);
      await expectNoViolations(visitorSide.page, 'public profile with a verified job');

      // ── Leaving: the question says what happens; it takes effect tomorrow and the company is told.
      // Before it, the person is a member with a workspace session of their own.
      const personWs = await personSide.context.newPage();
      await enterWorkspace(personWs, company.companyId, lang.prefix);
      await me.getByRole('button', { name: t('employment.leaveCompany') }).click();
      const question = me.getByRole('alertdialog');
      await expect(question).toContainText(t('details.leave.nextDay', { company: lang.company }));
      await expect(question).toContainText(t('details.leave.comeBack'));
      await expectNoViolations(me, 'leave question');
      await question.getByRole('button', { name: t('employment.leaveCompany') }).click();
      await expect(question).toBeHidden();
      await expect(me.locator('.employment > .ui-alert')).toContainText(text['details.leavingNote'].split('{company}')[0]!);
      await expect(me.getByRole('button', { name: t('employment.leaveCompany') })).toHaveCount(0);
      const details = (await (await request.get(careersPaths.job(jobId), { headers: person.auth })).json()).data as { leaves_on: string };
      expect(details.leaves_on > new Date().toISOString().slice(0, 10)).toBe(true);

      await ws.getByRole('tab', { name: t('company.tab.notifications') }).click();
      await expect(ws.locator('.company-stack')).toContainText(lang.locale === 'en_GB' ? 'Kateryna Career' : 'Катерина Кар’єрна');

      // Today the person is still in: their workspace session works.
      await personWs.reload();
      await expect(personWs.getByRole('tablist')).toBeVisible();
      // The next day (the test server's clock, for this person's requests only) the session is refused,
      // a new hand-over too, and the job has ended.
      await personSide.context.setExtraHTTPHeaders({ 'x-e2e-days-ahead': '1' });
      await personWs.reload();
      // The open workspace says why its session ended (decision 243): the person is no longer a member.
      await expect(personWs.getByRole('heading', { name: t('company.access.ended', { company: lang.company }) })).toBeVisible();
      await expect(personWs.getByRole('alert')).toHaveText(t('company.access.ended.removed', { company: lang.company }));
      await personWs.goto(`${lang.prefix}/company-access?company=${company.companyId}`);
      await expect(personWs.getByRole('heading', { name: t('company.access.denied') })).toBeVisible();
      await me.goto(`${lang.prefix}/careers`);
      const ended = me.locator('.careers-job').filter({ hasText: 'Backend Engineer' });
      await expect(ended).toContainText(t('careers.verified'));
      await expect(ended).not.toContainText(t('careers.current'));

      for (const side of [ownerSide, reviewerSide, personSide, visitorSide]) await side.context.close();
    },
  );
}
