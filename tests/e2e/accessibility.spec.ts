import { expect, test } from '@playwright/test';

// Keyboard access to the page skeleton. Axe on every page, in both languages and at phone and desktop
// widths, is every-page.spec.ts (it ran here too, on the same pages with fewer rules: decision 054).
test('The skip link is the first thing the keyboard reaches and moves focus to the content', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});
