import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

// What only a browser can show of the client core: cross-tab session changes, logout,
// the Ukrainian document, the language redirect, the outdated flag and the guarded build reload.

const demo = { login: 'demo@profiles.test', password: 'Demo-Passw0rd' };

async function signIn(request: APIRequestContext): Promise<{ token: string; userId: number }> {
  const login = await request.post('/api/login', { data: demo });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const profile = await request.get('/api/profile/show', { headers: { Authorization: `Bearer ${token}` } });
  const userId = ((await profile.json()) as { data: { user_id: number } }).data.user_id;
  return { token, userId };
}

async function setSessionCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 's-token', value: token, url: baseURL, sameSite: 'Strict' }]);
}

/** Counts the document loads of `path` in `page`. */
function countDocumentLoads(page: Page, path: string): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === path) loads += 1;
  });
  return () => loads;
}

test('Signing in in another tab reloads this tab to the profile-prefixed root', async ({ context, request }) => {
  const { token } = await signIn(request);
  const page = await context.newPage();
  await page.goto('/profile-42/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  const other = await context.newPage();
  await other.goto('/login');
  await other.evaluate((value) => {
    document.cookie = `s-token=${value}; path=/; SameSite=Strict`;
  }, token);

  await page.waitForURL(/\/profile-42\/$/);
});

test('Signing out in another tab reloads this tab to the profile-prefixed login page', async ({ context, request }) => {
  const { token, userId } = await signIn(request);
  await setSessionCookie(context, token);
  const page = await context.newPage();
  await page.goto(`/profile-${userId}/`);
  await expect(page).toHaveURL(new RegExp(`/profile-${userId}/$`));

  const other = await context.newPage();
  await other.goto('/login');
  await other.evaluate(() => {
    document.cookie = 's-token=; path=/; max-age=0; SameSite=Strict';
  });

  await page.waitForURL(new RegExp(`/profile-${userId}/login$`));
});

test('A signed-out visitor of a protected page goes to the login page, which remembers the way back', async ({ page }) => {
  await page.goto('/profile-42/');
  await expect(page).toHaveURL(/\/profile-42\/login\?redirect=%2Fprofile-42%2F$/);
});

test('Signing out revokes the token and goes to /login without the profile prefix 10 ms later', async ({ context, page, request }) => {
  const { token, userId } = await signIn(request);
  await setSessionCookie(context, token);
  await page.clock.install();
  await page.goto(`/profile-${userId}/`);
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  const logoutCall = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/logout' && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sign out' }).click();
  const call = await logoutCall;
  expect(call.headers()['authorization']).toBe(`Bearer ${token}`);
  expect((await context.cookies()).find((c) => c.name === 's-token')).toBeUndefined();

  // Not before 10 ms…
  await page.clock.runFor(9);
  await expect(page).toHaveURL(new RegExp(`/profile-${userId}/$`));
  // …and then straight to /login, with no profile prefix.
  await page.clock.runFor(1);
  await page.waitForURL(/\/login$/);
  expect(new URL(page.url()).pathname).toBe('/login');

  const after = await request.get('/api/profile/show', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('A Ukrainian page has the Ukrainian title and the lang-uk body class', async ({ page }) => {
  await page.goto('/uk/profile-42/login');
  await expect(page).toHaveTitle('Вхід | Profiles');
  await expect(page.locator('body')).toHaveClass(/\blang-uk\b/);
  await expect(page.locator('body')).not.toHaveClass(/\blang-en\b/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

test.describe('with a Ukrainian browser', () => {
  test.use({ locale: 'uk-UA' });

  test('An unprefixed page moves to its Ukrainian twin unless the language cookie says English', async ({ context, page }) => {
    await page.goto('/profile-42/login');
    await page.waitForURL(/\/uk\/profile-42\/login$/);

    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/\/login$/);
    await expect(page).toHaveTitle('Log in | Profiles');
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en_GB');
    await page.goto('/login');
    await expect(page).toHaveTitle('Log in | Profiles');
  });
});

test('The language cookie moves an English page to Ukrainian', async ({ context, page }) => {
  await context.addCookies([{ name: 'locale', value: 'uk_UA', url: baseURL }]);
  await page.goto('/login');
  await page.waitForURL(/\/uk\/login$/);
  await expect(page).toHaveTitle('Вхід | Profiles');
});

test('Once the version changes, going to another route is a full page load', async ({ page }) => {
  let stamp = 1;
  await page.route('**/version.json', (route) => route.fulfill({ json: { ts: stamp } }));
  await page.clock.install();
  await page.goto('/no-such-page');
  await expect(page.locator('html')).not.toHaveAttribute('data-outdated');

  stamp = 2;
  await page.clock.runFor(300_000);
  await expect(page.locator('html')).toHaveAttribute('data-outdated', '');

  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  const homeLoad = page.waitForRequest((r) => r.resourceType() === 'document' && new URL(r.url()).pathname === '/');
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await homeLoad;
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => 'stillHere' in window)).toBe(false);
});

test('A newer build reloads the page once per path within the 10-second guard', async ({ page }) => {
  await page.route('**/builds/latest.json*', (route) => route.fulfill({ json: { id: 'newer-build', timestamp: Date.now() + 60_000 } }));
  await page.route('**/builds/meta/newer-build.json', (route) =>
    route.fulfill({ json: { id: 'newer-build', timestamp: Date.now() + 60_000, routes: ['/login'] } }),
  );
  const loginLoads = countDocumentLoads(page, '/login');
  const ukLoads = countDocumentLoads(page, '/uk/login');

  await page.goto('/login');
  await expect.poll(loginLoads).toBe(2);
  // The reloaded page still sees the newer build, but the guard holds it.
  await page.waitForTimeout(1500);
  expect(loginLoads()).toBe(2);

  // The guard is per path: another page reloads once too.
  await page.goto('/uk/login');
  await expect.poll(ukLoads).toBe(2);
  await page.waitForTimeout(1500);
  expect(ukLoads()).toBe(2);
});

test('A script chunk that fails to load reloads the page once', async ({ page }) => {
  // Astro retries a failed island import once with `?astro-retry=`; both attempts fail here. The
  // sign-in form's code loads on its first use (decision 162), so the person focuses its first field.
  await page.route(/\/_astro\/LoginForm[^/]*\.js(\?.*)?$/, (route) => route.abort());
  const loads = countDocumentLoads(page, '/login');
  await page.goto('/login');
  await page.getByLabel('Email or mobile phone').focus();
  await expect.poll(loads).toBe(2);
  await page.waitForTimeout(1500);
  expect(loads()).toBe(2);
});
