import { expect, test } from '@playwright/test';

test('A visitor opens the login page in English and in Ukrainian', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Log in | Profiles');
  await expect(page.locator('body')).toHaveClass(/lang-en/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  await page.getByRole('link', { name: 'Українською' }).click();
  await expect(page).toHaveURL(/\/uk\/login$/);
  await expect(page).toHaveTitle('Вхід | Profiles');
  await expect(page.locator('body')).toHaveClass(/lang-uk/);
});

test('An unknown page shows the not-found screen with status 404 and a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByText('Page not found: /no-such-page')).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The page you are looking for might have been removed, had its name changed or temporarily unavailable.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  // The home page needs a session, so a signed-out visitor is sent to sign in and brought back.
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
});

test('An unknown Ukrainian page shows the Ukrainian not-found screen', async ({ page }) => {
  const response = await page.goto('/uk/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Отакої! Сторінку не знайдено' })).toBeVisible();
  await expect(page.getByText('Сторінку не знайдено: /uk/no-such-page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'На головну' })).toHaveAttribute('href', '/uk/');
});

test('A profile-prefixed path serves the same page as the plain path', async ({ page }) => {
  const response = await page.goto('/profile-42/login');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Log in | Profiles');
});

test('Pages run no inline script the Content-Security-Policy does not allow', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toContain("'unsafe-inline'");
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
