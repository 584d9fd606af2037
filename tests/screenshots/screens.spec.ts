// `npm run screenshots`: every page and its main states at 390 and 1280 px in both languages,
// written as PNGs to screenshots/ (git-ignored) for people to review.
import { test, type Page } from '@playwright/test';
import { apiSignIn, signIn, type SignedIn } from '../e2e/sign-in.ts';
import { fillProfile } from './fill-profile.ts';

const widths = [390, 1280] as const;
const locales = [
  { prefix: '', code: 'en', who: 'shellEn' },
  { prefix: '/uk', code: 'uk', who: 'shellUk' },
] as const;

const publicPages = [
  ['login', '/login'],
  ['forgot-password', '/login/forgot-password'],
  ['create-account', '/create-account'],
  ['create-account-company', '/create-account/company'],
  ['completed', '/create-account/completed'],
  ['invitation', '/invitation'],
  ['not-found', '/no-such-page'],
] as const;
const signedInPages = [
  ['home', '/'],
  ['careers', '/careers'],
  ['activities', '/activities'],
  ['achievements', '/achievements'],
  ['notifications', '/notifications'],
  ['settings', '/settings'],
] as const;

async function shoot(page: Page, name: string, width: number, code: string) {
  await settle(page);
  await page.screenshot({ path: `screenshots/${name}-${code}-${width}.png`, fullPage: true });
}

/** Loaded, islands hydrated, no skeleton left. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

test.describe.configure({ mode: 'serial' });
let sessions: Record<string, SignedIn> = {};

test.beforeAll(async ({ request }) => {
  sessions = {};
  for (const { who, code } of locales) {
    const session = await apiSignIn(request, who);
    await fillProfile(request, session, code === 'uk' ? 'uk_UA' : 'en_GB');
    sessions[who] = session;
  }
});

for (const { prefix, code, who } of locales) {
  for (const width of widths) {
    test(`public pages ${code} ${width}`, async ({ page, context }) => {
      await page.setViewportSize({ width, height: 900 });
      await context.addCookies([{ name: 'locale', value: code === 'uk' ? 'uk_UA' : 'en_GB', url: 'http://localhost' }]);
      for (const [name, path] of publicPages) {
        await page.goto(`${prefix}${path}`);
        await shoot(page, name, width, code);
      }
    });

    test(`signed-in pages ${code} ${width}`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(context, request, who, sessions[who]);
      for (const [name, path] of signedInPages) {
        await page.goto(`${prefix}${path}`);
        await shoot(page, name, width, code);
      }
      await page.goto(`${prefix}/`);
      await settle(page);
      // The profile menu open.
      await page.locator('.shell-account-button').click();
      await page.screenshot({ path: `screenshots/state-account-menu-${code}-${width}.png` });
      await page.keyboard.press('Escape');
      if (width < 1024) {
        await page.locator('.shell-menu-button').click();
        await page.screenshot({ path: `screenshots/state-nav-open-${code}-${width}.png` });
        await page.keyboard.press('Escape');
      }
      // The header dialog, and a deletion's question.
      await page.locator('.profile-owner-actions button').first().click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `screenshots/state-edit-dialog-${code}-${width}.png` });
      await page.keyboard.press('Escape');
      const deleteButton = page.locator('[data-action="delete"]').first();
      if (await deleteButton.count()) {
        await deleteButton.click();
        await page.screenshot({ path: `screenshots/state-confirm-delete-${code}-${width}.png` });
        await page.keyboard.press('Escape');
      }
      // An add form with month-year dates, and the language combobox open.
      await page.locator('[data-section="employments"], .profile-section').first().waitFor();
      await page
        .getByRole('button', { name: code === 'uk' ? 'Додати місце роботи' : 'Add employment' })
        .first()
        .click();
      await page.screenshot({ path: `screenshots/state-add-employment-${code}-${width}.png` });
      await page.keyboard.press('Escape');
      // Another person's profile, in its owner's language with the note.
      const other = locales.find((l) => l.who !== who)!;
      await page.goto(`${prefix}/profile-${sessions[other.who]!.userId}/`);
      await page.waitForURL(/profile-\d+/);
      await settle(page);
      await page.screenshot({ path: `screenshots/state-other-profile-${code}-${width}.png`, fullPage: true });
    });
  }
}

// Search: the header's suggestions, /search with a verified-competency filter and its
// results, the filters open on a phone, no results, and the empty page.
for (const { prefix, code, who } of locales) {
  for (const width of widths) {
    test(`search ${code} ${width}`, async ({ page, context, request }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(context, request, who, sessions[who]);
      await page.goto(`${prefix}/`);
      await settle(page);
      await page.locator('#shell-search-input').click();
      await page.keyboard.type('Kovalenko');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.screenshot({ path: `screenshots/search-suggestions-${code}-${width}.png` });
      await page.goto(`${prefix}/search?q=Kovalenko&competency=Accessibility&min_score=5`);
      await page.locator('.search-result').first().waitFor();
      await shoot(page, 'search-results', width, code);
      await page.goto(`${prefix}/search?verified=true`);
      await page.locator('.search-result').first().waitFor();
      await shoot(page, 'search-many', width, code);
      if (width === 390) {
        await page.locator('.search-filters-toggle').click();
        await shoot(page, 'search-filters-open', width, code);
      }
      await page.goto(`${prefix}/search?q=Kovalenko&verified=true&status=hiring`);
      await page.locator('.search-none').waitFor();
      await shoot(page, 'search-none', width, code);
      await page.goto(`${prefix}/search`);
      await page.locator('.ui-empty').waitFor();
      await shoot(page, 'search-empty', width, code);
    });
  }
}
