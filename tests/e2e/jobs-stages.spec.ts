import { expect, test } from '@playwright/test';
import jobsEn from '../../src/i18n/jobs.en_GB.json' with { type: 'json' };
import jobsUk from '../../src/i18n/jobs.uk_UA.json' with { type: 'json' };
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import { applicationPaths } from '../../contract/applications.ts';
import { openingPaths } from '../../contract/jobs.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { baseURL } from '../../playwright.config.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, nextSequence, registerCompany } from './companies.ts';
import { alternating } from './languages.ts';
import { forwardedAddress } from './sign-in.ts';

// The company's own pipeline stages (decision 279), in both languages by turns, one at a phone's width
// and one at a desktop's: with the pipeline open in two tabs, the owner renames Screening and adds a
// stage of the company's own in the Stages dialog, moves it up from the keyboard, and both tabs' stage
// selects and board columns carry the new names live; the owner moves the applicant to the new stage by
// its select, and the applicant still reads Applied; removing the stage that holds them asks where they
// go and moves them there. axe on the Stages dialog, the confirmation and the board.
const companyURL = baseURL.replace('://localhost', '://company.localhost');
const words = { en_GB: { ...jobsEn, ...companyEn }, uk_UA: { ...jobsUk, ...companyUk } } as const;
const widths = { en_GB: 390, uk_UA: 1280 } as const;
const names = {
  en_GB: { call: 'Phone call', task: 'Test task', person: ['Marta', 'Stage'] },
  uk_UA: { call: 'Дзвінок', task: 'Тестове завдання', person: ['Марта', 'Етапна'] },
} as const;

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const w = (key: keyof (typeof words)['en_GB'], params: Record<string, string | number> = {}) =>
    fillPlaceholders(words[locale][key], params);
  const width = widths[locale];
  const { call, task, person } = names[locale];
  const name = person.join(' ');
  const title = locale === 'uk_UA' ? 'Штурман' : 'Navigator';

  journeyIn(locale)(
    `An owner renames a stage and adds one of the company's own, moves an applicant there, and removes it with its applicant moved (${locale}, ${width} px)`,
    async ({ browser, request }) => {
      test.setTimeout(240_000);
      const company = await registerCompany(request, locale === 'uk_UA' ? 'Лоції Одеси' : 'Harbour Charts');
      const session = await companySession(request, company.token, company.companyId);
      const asCompany = { Authorization: `Bearer ${session}` };
      const created = await request.post(openingPaths.openings(company.companyId), {
        headers: asCompany,
        data: {
          title,
          description: 'We find the way.',
          location: null,
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
      const registered = await request.post(`/api/register?locale=${locale}`, {
        data: {
          kind: 'personal',
          first_name: person[0],
          last_name: person[1],
          email: `stages-${nextSequence()}-${Date.now().toString(36)}@e2e.test`,
          phone: `+38067${String(Date.now()).slice(-7)}`,
          password: 'E2e-Passw0rd',
          password_confirmation: 'E2e-Passw0rd',
          terms: true,
        },
        headers: { 'x-forwarded-for': forwardedAddress() },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const asPerson = { Authorization: `Bearer ${((await registered.json()) as { data: { token: string } }).data.token}` };
      const applied = await request.post(applicationPaths.mine, { headers: asPerson, data: { opening_id: openingId } });
      expect(applied.status(), await applied.text()).toBe(201);

      const ownerContext = await browser.newContext({ viewport: { width, height: 900 } });
      await ownerContext.addCookies([{ name: 's-token', value: session, url: companyURL, sameSite: 'Strict' }]);
      const openPipeline = async () => {
        const page = await ownerContext.newPage();
        await page.goto(`${companyURL}${prefix}/`);
        await page.getByRole('tab', { name: w('company.tab.openings') }).click();
        await page.getByRole('button', { name: w('pipeline.open', { title }) }).click();
        const dialog = page.getByRole('dialog', { name: w('pipeline.title', { title }) });
        await expect(dialog.locator(`[data-applicant="${name}"]`)).toBeVisible({ timeout: 15_000 });
        return { page, dialog };
      };
      const { page: owner, dialog: pipeline } = await openPipeline();
      const { dialog: watcher } = await openPipeline();
      const stageSelect = (where: typeof pipeline) =>
        where.locator(`[data-applicant="${name}"]`).getByLabel(w('pipeline.stageOf', { name }));

      // The Stages dialog: Screening renamed, a stage of the company's own added and moved up, from the keyboard.
      await pipeline.getByRole('button', { name: w('pipeline.stages.button') }).click();
      const stages = owner.getByRole('dialog', { name: w('pipeline.stages.title') });
      const screening = w('pipeline.stage.screening');
      await stages.getByLabel(w('pipeline.stages.name', { stage: screening })).fill(call);
      await stages.getByLabel(w('pipeline.stages.name', { stage: screening })).press('Enter');
      await expect(stages.getByLabel(w('pipeline.stages.name', { stage: call }))).toHaveValue(call, { timeout: 15_000 });
      await stages.getByLabel(w('pipeline.stages.new')).fill(task);
      await stages.getByLabel(w('pipeline.stages.new')).press('Enter');
      await expect(stages.locator(`[data-stage-row="${task}"]`)).toBeVisible({ timeout: 15_000 });
      await stages.getByRole('button', { name: w('pipeline.stages.up', { stage: task }) }).press('Enter');
      await expect(stages.locator('[data-stage-row]')).toHaveText(
        [
          w('pipeline.stage.applied'),
          call,
          task,
          w('pipeline.stage.interview'),
          w('pipeline.stage.offer'),
          w('pipeline.stage.hired'),
          w('pipeline.stage.rejected'),
        ].map((stage) => new RegExp(stage)),
        { timeout: 15_000 },
      );
      await expectNoViolations(owner, 'pipeline stages');
      await stages
        .getByRole('button', { name: w('company.close') })
        .first()
        .click();
      await expect(stages).toBeHidden();

      // Both tabs' selects carry the company's names in its order, live.
      const order = [
        w('pipeline.stage.applied'),
        call,
        task,
        w('pipeline.stage.interview'),
        w('pipeline.stage.offer'),
        w('pipeline.stage.hired'),
        w('pipeline.stage.rejected'),
      ];
      for (const where of [pipeline, watcher]) await expect(stageSelect(where).locator('option')).toHaveText(order, { timeout: 15_000 });
      // The owner moves the applicant to the company's own stage by the select; the other tab shows it live.
      const moved = owner.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/stage') && r.request().method() === 'PUT');
      await stageSelect(pipeline).selectOption({ label: task });
      expect((await moved).status()).toBe(200);
      await expect(stageSelect(watcher).locator('option:checked')).toHaveText(task, { timeout: 15_000 });
      // The applicant is never told of the company's own stages: they read Applied.
      const mine = (await (await request.get(applicationPaths.mine, { headers: asPerson })).json()) as { data: { stage: string }[] };
      expect(mine.data[0]?.stage).toBe('applied');
      // The board has a column per stage of the company's, by its names.
      await pipeline.getByRole('button', { name: w('pipeline.view.board') }).click();
      await expect(
        pipeline.getByRole('region', { name: w('pipeline.column', { stage: task, count: 1 }) }).locator(`[data-card="${name}"]`),
      ).toBeVisible();
      await expect(pipeline.getByRole('region', { name: w('pipeline.column', { stage: call, count: 0 }) })).toBeVisible();
      await expectNoViolations(owner, 'pipeline board with the company’s stages');
      await pipeline.getByRole('button', { name: w('pipeline.view.list') }).click();

      // Removing the stage that holds the applicant asks where they go; they move to the renamed Screening.
      await pipeline.getByRole('button', { name: w('pipeline.stages.button') }).click();
      await stages.getByRole('button', { name: w('pipeline.stages.remove', { stage: task }) }).click();
      const confirm = owner.getByRole('alertdialog', { name: w('pipeline.stages.removeTitle', { stage: task }) });
      await expect(confirm.getByText(w('pipeline.stages.removeHeld', { count: 1 }))).toBeVisible();
      await confirm.getByLabel(w('pipeline.stages.moveTo')).selectOption({ label: call });
      await expectNoViolations(owner, 'removing a stage that holds applications');
      await confirm.getByRole('button', { name: w('pipeline.stages.removeButton') }).click();
      await expect(confirm).toBeHidden({ timeout: 15_000 });
      await expect(stages.locator(`[data-stage-row="${task}"]`)).toHaveCount(0);
      await stages
        .getByRole('button', { name: w('company.close') })
        .first()
        .click();
      for (const where of [pipeline, watcher]) {
        await expect(stageSelect(where).locator('option:checked')).toHaveText(call, { timeout: 15_000 });
        await expect(stageSelect(where).locator('option')).toHaveCount(6);
      }
      await ownerContext.close();
    },
  );
}
