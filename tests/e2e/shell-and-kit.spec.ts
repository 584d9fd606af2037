import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { fillProfile } from '../screenshots/fill-profile.ts';
import { e2eAccounts } from './accounts.ts';
import { apiSignIn, signIn, type SignedIn } from './sign-in.ts';

// Sign-in is throttled per account: the journeys that only need a signed-in person share one session per worker.
let failer: SignedIn | undefined;
test.beforeAll(async ({ request }) => {
  failer = await apiSignIn(request, 'shellFailer');
});

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('A signed-in person switches to Ukrainian and stays there after a reload and after signing in on another browser', async ({
  browser,
  page,
  context,
  request,
}) => {
  const session = await signIn(context, request, 'shellSwitcher');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Sasha Switcher' })).toBeVisible();
  await page.getByRole('link', { name: 'Українською' }).click();
  await page.waitForURL(/\/uk\/$/);
  await expect(page.getByRole('link', { name: 'Головна' })).toHaveAttribute('aria-current', 'page');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sasha Switcher' })).toBeVisible();
  await expect(page).toHaveURL(/\/uk\/$/);
  const profile = await request.get('/api/profile/show', { headers: session.auth });
  expect((await profile.json()).data.locale).toBe('uk_UA');

  // Another browser: no cookie, an English browser; signing in lands in Ukrainian.
  const other = await browser.newContext({ baseURL, locale: 'en-GB' });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email or mobile phone').fill(e2eAccounts.shellSwitcher.email);
  await otherPage.getByLabel('Password', { exact: true }).fill(e2eAccounts.shellSwitcher.password);
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await otherPage.waitForURL(/\/uk\/$/);
  await expect(otherPage.getByRole('link', { name: 'English' })).toBeVisible();
  await other.close();

  // And back: the language link of a Ukrainian page leads to the same page in English.
  await page.getByRole('link', { name: 'English' }).click();
  await page.waitForURL(/localhost:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('Deleting an entry asks in a page dialog, and focus moves to the next entry', async ({ page, context, request }) => {
  const owner = await signIn(context, request, 'shellDeleter');
  await fillProfile(request, owner, 'en_GB');
  page.on('dialog', (dialog) => {
    throw new Error(`The browser's own ${dialog.type()} appeared: ${dialog.message()}`);
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Delete Design systems' }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete this entry?' });
  await expect(question).toContainText('Delete this skill? It cannot be recovered.');
  // The safe answer has focus first.
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Design systems' })).toHaveCount(0);
  await expect(page.locator('[data-item-key^="skills-"]').first()).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted' })).toBeVisible();
});

test('Removing the photo asks first, and keeps it when the person cancels', async ({ page, context, request }) => {
  const owner = await signIn(context, request, 'shellPhoto');
  const upload = await request.post('/api/uploads/photo', {
    headers: owner.auth,
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.ok()).toBe(true);
  await page.goto('/');
  const photo = page.getByRole('img', { name: 'Profile photo of Petro Photo' });
  await expect(photo).toBeVisible();
  const remove = page.getByRole('button', { name: 'Remove photo' });
  await remove.click();
  const question = page.getByRole('alertdialog', { name: 'Remove your profile photo?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(photo).toBeVisible();
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(photo).toHaveCount(0);
});

test('A failed save shows its error inside the dialog, above the form, and the form keeps what was typed', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, request, 'shellFailer', failer);
  await page.goto('/');
  await page.route(/\/api\/profile\/skills(\?|$)/, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The service is busy. Try again in a minute.' }),
    }),
  );
  await page.getByRole('button', { name: 'Add skill' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add skill' });
  await dialog.getByLabel('Skill').fill('Typography');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The service is busy. Try again in a minute.');
  await expect(dialog.getByLabel('Skill')).toHaveValue('Typography');
  await page.unroute(/\/api\/profile\/skills(\?|$)/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The first skill replaced the empty state and the button that opened the dialog: focus goes to the heading.
  await expect(page.getByRole('heading', { name: 'Skills and competencies' })).toBeFocused();
  // Otherwise focus returns to the control that opened the dialog.
  const add = page.getByRole('button', { name: 'Add skill' });
  await add.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('Variants do not depend on stylesheet order: Delete never looks like Save', async ({ page, context, request }) => {
  const person = await apiSignIn(request, 'shellVariants');
  // An entry of its own, so there is always a Delete to look at.
  const skill = `Typography ${Date.now()}`;
  expect((await request.post('/api/profile/skills', { headers: person.auth, data: { name: skill } })).ok()).toBe(true);
  await signIn(context, request, 'shellVariants', person);
  await page.goto('/');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const background = (locator: ReturnType<typeof page.locator>) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const save = await background(page.getByRole('dialog').getByRole('button', { name: 'Save' }));
  const cancel = await background(page.getByRole('dialog').getByRole('button', { name: 'Cancel' }));
  expect(save).not.toBe(cancel);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Delete ${skill}` }).click();
  const confirm = await background(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }));
  expect(confirm).not.toBe(save);
  expect(confirm).not.toBe(cancel);
});

test('On a phone the navigation opens from the menu button, marks the page and closes with Escape', async ({ page, context, request }) => {
  await signIn(context, request, 'shellFailer', failer);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
});

test('The profile menu shows the person and signs out', async ({ page, context, request }) => {
  await signIn(context, request, 'shellFailer', failer);
  await page.goto('/');
  await page.getByRole('button', { name: /Fedir Failer account menu/ }).click();
  const menu = page.locator('#account-menu');
  await expect(menu.getByRole('link', { name: /Fedir Failer/ })).toHaveAttribute('aria-current', 'true');
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
});
