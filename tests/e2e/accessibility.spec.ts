import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// Every public page, in both languages, passes axe with zero violations. Later issues add their pages here.
const pages = ['/login', '/uk/login', '/no-such-page', '/uk/no-such-page', '/', '/uk/', '/invitation?token=unknown', '/uk/invitation?token=unknown'];
// The accounts pages a signed-out visitor sees (the code steps are checked signed in, in accounts.spec.ts).
const accountPages = [
  '/login/forgot-password',
  '/create-account',
  '/create-account/company',
  '/create-account/completed',
  '/create-account/completed-company',
];
pages.push(...accountPages, ...accountPages.map((path) => `/uk${path}`));

for (const path of pages) {
  test(`The page ${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('The skip link is the first thing the keyboard reaches and moves focus to the content', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
