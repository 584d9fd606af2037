import { baseURL } from '../../playwright.config.ts';
import { expect, test, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { axeViolations } from './axe.ts';
import { apiSignIn, signIn } from './sign-in.ts';
import { writeFileSync } from 'node:fs';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function openAddDialog(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('A person fills every section, reloads and sees it all, then edits and deletes entries with confirmations', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, 'filler');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Fiona Filler' })).toBeVisible();

  // On a phone the profile guide comes before the sections it points to; on a wide screen it is in
  // the side column (one copy shown at a time).
  await page.setViewportSize({ width: 390, height: 800 });
  const guide = page.getByRole('heading', { name: 'Complete your profile' });
  // Role queries skip the hidden copy: one guide is there to read.
  await expect(guide).toHaveCount(1);
  const guideBox = await guide.boundingBox();
  const firstSection = await page.locator('.profile-main .profile-section').first().boundingBox();
  expect(guideBox!.y).toBeLessThan(firstSection!.y);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.locator('.profile-aside').getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.locator('.profile-guide-narrow')).toBeHidden();

  // A failed submit shows the SPEC §5 message and moves focus to the first field in error.
  let dialog = await openAddDialog(page, 'Add employment');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required').first()).toBeVisible();
  await expect(dialog.getByLabel('Position')).toBeFocused();
  await dialog.getByLabel('Position').fill('Product designer');
  await dialog.getByLabel('Company').fill('Acme Ltd');
  const start = dialog.getByRole('group', { name: 'Start date' });
  await start.getByLabel('Month').selectOption({ label: 'March' });
  await start.getByLabel('Year').fill('2021');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openAddDialog(page, 'Add skill');
  await dialog.getByLabel('Skill').fill('Typography');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openAddDialog(page, 'Add language');
  await dialog.getByRole('combobox', { name: 'Language' }).fill('ukr');
  await dialog.getByRole('option', { name: 'Ukrainian' }).click();
  await dialog.getByLabel('Proficiency').selectOption('native');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openAddDialog(page, 'Add education');
  await dialog.getByLabel('School').fill('Kyiv Polytechnic');
  await dialog.getByLabel('Degree').fill('MSc');
  await dialog.getByLabel('Area of study').fill('Human-computer interaction');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openAddDialog(page, 'Add license or certification');
  await dialog.getByLabel('Name', { exact: true }).fill('CPACC');
  await dialog.getByLabel('Provider').fill('IAAP');
  await dialog.getByLabel('Credential URL').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a link starting with http:// or https://')).toBeVisible();
  await dialog.getByLabel('Credential URL').fill('https://iaap.example/cpacc');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openAddDialog(page, 'Add project or URL');
  await dialog.getByLabel('Title').fill('Design system');
  await dialog.getByLabel('Description').fill('Tokens, components\nand documentation');
  await dialog.getByLabel('URL').fill('https://ds.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Headline').fill('Designs calm software');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  for (const text of [
    'Designs calm software',
    'Product designer',
    'Acme Ltd',
    'Typography',
    'Ukrainian',
    'Native',
    'Kyiv Polytechnic',
    'CPACC',
    'Design system',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }

  await page.getByRole('button', { name: 'Edit Typography' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Skill').fill('Typography and layout');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Typography and layout' })).toBeVisible();

  // Closing with unsaved changes asks first, in a page dialog; "Keep editing" leaves the form open.
  page.on('dialog', (browserDialog) => {
    throw new Error(`The browser's own ${browserDialog.type()} appeared: ${browserDialog.message()}`);
  });
  dialog = await openAddDialog(page, 'Add skill');
  await dialog.getByLabel('Skill').fill('Half-typed');
  await page.keyboard.press('Escape');
  let question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(question).toContainText('You have unsaved changes. Close without saving them?');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Half-typed')).toHaveCount(0);

  // Deleting asks with the cannot-be-recovered warning; cancelling keeps the entry and its button has focus again.
  const deleteEducation = page.getByRole('button', { name: 'Delete Kyiv Polytechnic' });
  await deleteEducation.click();
  question = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await expect(question).toContainText('Delete this education? It cannot be recovered.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Kyiv Polytechnic' })).toBeVisible();
  await expect(deleteEducation).toBeFocused();
  await page.getByRole('button', { name: 'Delete Ukrainian' }).click();
  question = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await expect(question).toContainText('Delete this language? It cannot be recovered.');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Ukrainian' })).toHaveCount(0);
  // The only language is gone, so focus lands on the section's heading.
  await expect(page.getByRole('heading', { name: 'Languages' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Kyiv Polytechnic' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ukrainian' })).toHaveCount(0);
});

test('The home page reads the profile once: one page read, no separate profile read', async ({ page, context, request }) => {
  await signIn(context, request, 'onceReader');
  const reads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'GET' && path.startsWith('/api/profile/')) reads.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Orest Once' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['/api/profile/page']);
  // An edit goes through the store: the page shows the answer without reading again.
  await page.getByRole('button', { name: 'Add skill', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Skill').fill('Listening');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Listening')).toBeVisible();
  expect(reads).toEqual(['/api/profile/page']);
});

test('A person uploads a photo and a 20 MB cover, watching the progress bar', async ({ page, context, request }) => {
  // Two throttled 20 MB uploads (one cancelled) take a while on a busy machine.
  test.setTimeout(300_000);
  await signIn(context, request, 'uploader');
  await page.goto('/');
  await page.getByRole('button', { name: 'Change photo' }).click();
  let dialog = page.getByRole('dialog', { name: 'Profile photo' });
  await dialog.getByLabel('Choose a file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByText('Preview at 160×160')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload this photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'Profile photo of Uma Uploader' })).toBeVisible();

  // Slow the upload down so the progress is there to watch (about 4 s for 20 MB).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 5 * 1024 * 1024,
  });
  // From a file, which Chromium reads itself: a 20 MB buffer crossed the protocol as base64, twice.
  const cover = test.info().outputPath('cover.png');
  writeFileSync(cover, Buffer.concat([png, Buffer.alloc(20 * 1024 * 1024 - png.length)]));

  // An upload can be cancelled while it runs; nothing changes.
  await page.getByRole('button', { name: 'Change cover' }).click();
  dialog = page.getByRole('dialog', { name: 'Cover image' });
  await dialog.getByLabel('Choose a file').setInputFiles(cover);
  await dialog.getByRole('button', { name: 'Upload this photo' }).click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(dialog.getByText('Upload cancelled')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.locator('.profile-cover img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Change cover' }).click();
  dialog = page.getByRole('dialog', { name: 'Cover image' });
  await dialog.getByLabel('Choose a file').setInputFiles(cover);
  await dialog.getByRole('button', { name: 'Upload this photo' }).click();
  const progress = dialog.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => await progress.evaluate((bar) => (bar as HTMLProgressElement).value), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.locator('.profile-cover img')).toHaveAttribute('src', /\/api\/files\/[0-9a-f-]{36}\.png$/);
});

test("A visitor sees the profile in its owner's language, endorses a skill and writes a recommendation the owner accepts", async ({
  browser,
  request,
}) => {
  const owner = await apiSignIn(request, 'ukOwner');
  await request.post('/api/profile/skills', { headers: owner.auth, data: { name: 'Дизайн' } });

  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await signIn(visitorContext, request, 'visitor');
  await visitorPage.goto(`/profile-${owner.userId}`);
  // The interface follows the viewed profile's locale (SPEC §4).
  await expect(visitorPage).toHaveURL(new RegExp(`/uk/profile-${owner.userId}/?$`));
  await expect(visitorPage.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Оксана Шевчук' })).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Редагувати профіль' })).toHaveCount(0);

  await visitorPage.getByRole('button', { name: 'Схвалити навичку Дизайн' }).click();
  await expect(visitorPage.getByText('1 схвалення', { exact: true })).toBeVisible();
  // An empty recommendation is refused under its field (SPEC §5's text), and nothing is sent.
  await visitorPage.getByRole('button', { name: 'Надіслати рекомендацію' }).click();
  await expect(visitorPage.getByLabel('Ваша рекомендація')).toHaveAccessibleDescription('Поле обов’язкове');
  await visitorPage.getByLabel('Ваша рекомендація').fill('Оксана — уважна та надійна колега.');
  await visitorPage.getByRole('button', { name: 'Надіслати рекомендацію' }).click();
  await expect(visitorPage.getByText('Рекомендацію надіслано. Вона з’явиться, щойно Оксана її прийме.')).toBeVisible();
  await expect(visitorPage.getByText('Оксана — уважна та надійна колега.')).toHaveCount(0);

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerContext, request, 'ukOwner', owner);
  await ownerPage.goto('/uk/');
  await expect(ownerPage.getByText('Схвалили: Victor Visitor')).toBeVisible();
  await expect(ownerPage.getByText('Чекає на ваше рішення')).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Прийняти' }).click();
  await expect(ownerPage.getByText('Рекомендацію прийнято')).toBeVisible();

  await visitorPage.reload();
  await expect(visitorPage.getByText('Оксана — уважна та надійна колега.')).toBeVisible();
  await visitorContext.close();
  await ownerContext.close();
});

// Decision 173: a reader whose saved language is Ukrainian on an English profile
// once bounced between the two addresses for ever. Whichever address they open, the page loads and stays.
for (const address of ['', '/uk']) {
  test(`A Ukrainian reader opens an English profile at ${address || '(no prefix)'}/profile-…: it loads and stays`, async ({
    browser,
    request,
  }) => {
    const target = await apiSignIn(request, 'loopTarget');
    const context = await browser.newContext();
    await context.addCookies([{ name: 'locale', value: 'uk_UA', url: baseURL }]);
    await signIn(context, request, 'loopReader');
    const page = await context.newPage();
    // The page they come from, for Back at the end.
    await page.goto('/uk/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loads.push(new URL(r.url()).pathname);
    });
    // A slow API: the profile answers after the page has loaded, so its language move is a navigation
    // of a loaded page (one the browser would keep in the history unless it replaces the entry).
    await page.route(/\/api\/profile\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${address}/profile-${target.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Lou Target' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const settledOn = new URL(page.url()).pathname;
    // At most one automatic move, then the page stays: still there once everything it asked for came.
    expect(loads.length).toBeLessThanOrEqual(2);
    await expect(page.getByRole('heading', { level: 1, name: 'Lou Target' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(settledOn);
    expect(loads.length).toBeLessThanOrEqual(2);
    // The move took the address's place: Back goes to the page they came from, not to the address
    // that moves them again.
    await page.goBack();
    await expect(page).toHaveURL(/\/uk\/terms\/?$/);
    await context.close();
  });
}

test('The profile round-trips through JSON Resume export and import', async ({ browser, request }) => {
  const porter = await apiSignIn(request, 'porter');
  await request.put('/api/profile', {
    headers: porter.auth,
    data: { first_name: 'Petra', last_name: 'Porter', open_to_work: false, headline: 'Data engineer' },
  });
  await request.post('/api/profile/employments', {
    headers: porter.auth,
    data: { position: 'Engineer', company_name: 'Pipes Ltd', start_date: '2019-02-01', is_current: true },
  });
  await request.post('/api/profile/skills', { headers: porter.auth, data: { name: 'SQL' } });
  await request.post('/api/profile/languages', { headers: porter.auth, data: { code: 'de', proficiency: 'B2' } });
  await request.post('/api/profile/educations', { headers: porter.auth, data: { school: 'TU Berlin', degree: 'BSc' } });
  await request.post('/api/profile/certifications', { headers: porter.auth, data: { name: 'Postgres Pro', provider: 'PGCert' } });
  await request.post('/api/profile/projects', { headers: porter.auth, data: { title: 'Streaming ETL', url: 'https://etl.example' } });

  const exporterContext = await browser.newContext();
  const exporter = await exporterContext.newPage();
  await signIn(exporterContext, request, 'porter', porter);
  await exporter.goto('/');
  // Below the fold the card waits still: once the rest has loaded, nothing on the page moves
  // (a shimmer left running there restyled the page sixty times a second: decision 225).
  await expect(exporter.getByRole('heading', { level: 1, name: 'Petra Porter' })).toBeVisible();
  await expect
    .poll(() =>
      exporter.evaluate(
        () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity).length,
      ),
    )
    .toBe(0);
  // The card's code loads as it comes near the screen (decision 212), as a person scrolls to it.
  await exporter.getByRole('region', { name: 'Your data' }).scrollIntoViewIfNeeded();
  const downloadPromise = exporter.waitForEvent('download');
  await exporter.getByRole('button', { name: 'Export as JSON Resume' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('profile.resume.json');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const resume = JSON.parse(await readFile(path, 'utf8'));
  expect(resume.basics.label).toBe('Data engineer');
  expect(resume.work[0]).toMatchObject({ name: 'Pipes Ltd', position: 'Engineer', startDate: '2019-02' });

  const importerContext = await browser.newContext();
  const importer = await importerContext.newPage();
  await signIn(importerContext, request, 'importer');
  await importer.goto('/');
  // The section hydrates as it comes into view and may replace its element meanwhile: scroll until it holds.
  await expect(() => importer.getByRole('region', { name: 'Your data' }).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await importer
    .getByTestId('resume-file')
    .setInputFiles({ name: 'resume.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(resume)) });
  const preview = importer.getByRole('dialog', { name: 'Import preview' });
  await expect(preview.getByText('Entries that will be added')).toBeVisible();
  await expect(preview.getByText('Engineer, Pipes Ltd')).toBeVisible();
  await expect(preview.getByText('Data engineer')).toBeVisible();
  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(preview).toBeHidden();
  await importer.reload();
  // The section hydrates as it comes into view and may replace its element meanwhile: scroll until it holds.
  await expect(() => importer.getByRole('region', { name: 'Your data' }).scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  for (const text of ['Data engineer', 'Pipes Ltd', 'SQL', 'German', 'TU Berlin', 'Postgres Pro', 'Streaming ETL']) {
    await expect(importer.getByText(text, { exact: true }).first()).toBeVisible();
  }
  // The same file again adds nothing.
  await importer
    .getByTestId('resume-file')
    .setInputFiles({ name: 'resume.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(resume)) });
  await expect(importer.getByRole('dialog', { name: 'Import preview' }).getByText('There is nothing new to import.')).toBeVisible();
  await importer.getByRole('dialog', { name: 'Import preview' }).getByRole('button', { name: 'Cancel' }).click();
  // One over-long entry is left out with its own message; the rest of the file still imports.
  const withLongEntry = {
    ...resume,
    work: [
      ...resume.work,
      { name: 'Long Ltd', position: 'P'.repeat(200), startDate: '2020-01' },
      { name: 'Short Ltd', position: 'Analyst', startDate: '2021-06' },
    ],
  };
  await importer
    .getByTestId('resume-file')
    .setInputFiles({ name: 'resume.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(withLongEntry)) });
  const second = importer.getByRole('dialog', { name: 'Import preview' });
  await expect(second.getByText('Position is longer than 160 characters', { exact: false })).toBeVisible();
  await expect(second.getByText('Analyst, Short Ltd')).toBeVisible();
  await second.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(second).toBeHidden();
  await expect(importer.getByText('Short Ltd', { exact: true }).first()).toBeVisible();
  await exporterContext.close();
  await importerContext.close();
});

test('Script in any profile text stays inert text for the owner and for visitors', async ({ browser, request }) => {
  const xss = await apiSignIn(request, 'xss');
  const payload = '<img src=x onerror="window.__xss=1;alert(1)"><script>alert(2)</script>';
  const header = await request.put('/api/profile', {
    headers: xss.auth,
    data: {
      first_name: payload,
      last_name: 'Script',
      headline: payload,
      about: payload,
      location: payload,
      title: payload,
      description: payload,
      open_to_work: true,
      contact_phone: '<b onmouseover=alert(3)>',
    },
  });
  expect(header.ok()).toBe(true);
  for (const [section, data] of [
    ['employments', { position: payload, company_name: payload, start_date: '2020-01-01', is_current: true }],
    ['skills', { name: payload }],
    ['educations', { school: payload, degree: payload, area_of_study: payload }],
    ['certifications', { name: payload, provider: payload, credential_id: payload }],
    ['projects', { title: payload, description: payload }],
  ] as const) {
    expect((await request.post(`/api/profile/${section}`, { headers: xss.auth, data })).ok()).toBe(true);
  }
  const ownerSession = xss;
  for (const who of ['xss', 'xssVisitor'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await signIn(context, request, who, who === 'xss' ? ownerSession : undefined);
    await page.goto(who === 'xss' ? '/' : `/profile-${xss.userId}`);
    await expect(page.locator('#profile-name')).toContainText('<img src=x');
    await expect(page.getByText(payload).first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
  }
});

const locales = ['en', 'uk'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  journeyIn(locale)(`The profile has no accessibility violations in view and edit states (${locale})`, async ({ browser, request }) => {
    const account = locale === 'uk' ? 'a11yUk' : 'a11yEn';
    const owner = await apiSignIn(request, account);
    await request.post('/api/profile/skills', { headers: owner.auth, data: { name: `Skill ${locale}` } });
    await request.post('/api/profile/employments', {
      headers: owner.auth,
      data: { position: 'Auditor', company_name: 'A11y Co', start_date: '2020-01-01', is_current: true },
    });
    const prefix = locale === 'uk' ? '/uk' : '';
    const analyse = (page: Page) => axeViolations(page, page.url());

    const ownerContext = await browser.newContext({ locale: locale === 'uk' ? 'uk-UA' : 'en-GB' });
    const page = await ownerContext.newPage();
    // The forms build zod schemas; under the CSP they must not trip zod's eval probe.
    const cspReports: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspReports.push(message.text());
    });
    await signIn(ownerContext, request, account, owner);
    await page.goto(`${prefix}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Access' })).toBeVisible();
    expect(await analyse(page)).toEqual([]);
    await page.getByRole('button', { name: locale === 'uk' ? 'Додати місце роботи' : 'Add employment' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: locale === 'uk' ? 'Зберегти' : 'Save' })
      .click();
    expect(await analyse(page)).toEqual([]);
    expect(cspReports).toEqual([]);
    await ownerContext.close();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await signIn(visitorContext, request, 'a11yVisitor');
    await visitor.goto(`${prefix}/profile-${owner.userId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Ada Access' })).toBeVisible();
    expect(await analyse(visitor)).toEqual([]);
    await visitorContext.close();
  });
}

for (const path of ['/profile-999999', '/profile-abc']) {
  test(`An unknown profile at ${path} shows "Profile not found" with a way home`, async ({ page, context, request }) => {
    await signIn(context, request, 'strayVisitor');
    await page.goto(path);
    // SPEC §8: a 404 'Profile not found' on the error screen, which reads as the not-found screen (SPEC §2).
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Profile not found' })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
}

// The server answers 404 with code profile_not_found; the Ukrainian page shows its translation, never the server's English.
test('An unknown profile on a Ukrainian page says so in Ukrainian', async ({ page, context, request }) => {
  await signIn(context, request, 'strayVisitor');
  await page.goto('/uk/profile-999999');
  await expect(page.getByText('Профіль не знайдено').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Отакої! Сторінку не знайдено' })).toBeVisible();
  await expect(page.getByText('Profile not found')).toHaveCount(0);
});
