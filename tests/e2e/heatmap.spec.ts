import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { realtimePort } from '../../playwright.config.ts';

// SPEC §7 and decision 062 with a real site id: the run's own site has none (so no page shows a
// banner), so this file builds the site once more with PUBLIC_HEATMAP_SITE_ID set, serves that build
// from the real server beside the run's, and checks what a visitor meets: the policy names the
// provider, nothing loads before consent, 'Allow' loads the provider's script and remembers it,
// 'No, thanks' loads nothing and is never asked again.

const root = path.resolve(import.meta.dirname, '../..');
const siteId = '3141592';
const port = realtimePort + 7;
const base = `http://localhost:${port}`;

let server: ChildProcess | undefined;
let siteDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // A build and a server start on a busy two-core machine.
  test.setTimeout(600_000);
  siteDir = mkdtempSync(path.join(tmpdir(), 'profiles-heatmap-site-'));
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build', '--outDir', siteDir], {
    cwd: root,
    env: { ...process.env, PUBLIC_HEATMAP_SITE_ID: siteId, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  server = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      REALTIME_PORT: '0',
      SITE_DIR: siteDir,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'profiles-heatmap-data-')),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${base}/api/health`).catch(() => undefined))?.ok ?? false, { timeout: 300_000 }).toBe(true);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

/** Answers the provider's script from here (the run has no internet) and counts the requests. */
async function stubProvider(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://static.hotjar.com/**', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__heatmapLoaded = true;' });
  });
  return requested;
}

const providerScript = (page: Page) => page.locator('script[data-heatmap]');

test('the policy names the provider, nothing loads before consent, and Allow loads it and is remembered', async ({ page }) => {
  const requested = await stubProvider(page);
  await page.goto(`${base}/login`);
  const policy = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  expect(policy).toContain('https://static.hotjar.com');
  const banner = page.getByRole('region', { name: 'Allow' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('never what you type');
  await expectNoViolations(page, page.url());
  await expect(providerScript(page)).toHaveCount(0);
  expect(requested).toEqual([]);

  await banner.getByRole('button', { name: 'Allow' }).click();
  await expect(banner).toBeHidden();
  await expect(providerScript(page)).toHaveAttribute('src', new RegExp(`hotjar-${siteId}\\.js`));
  await expect.poll(() => page.evaluate(() => (window as { __heatmapLoaded?: boolean }).__heatmapLoaded === true)).toBe(true);

  // The answer is kept: the next page loads the script at once, without asking.
  await page.goto(`${base}/create-account`);
  await expect(providerScript(page)).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Allow' })).toBeHidden();
  expect(requested.length).toBeGreaterThanOrEqual(2);
});

test('No, thanks loads nothing and is not asked again, in Ukrainian too', async ({ page }) => {
  const requested = await stubProvider(page);
  await page.goto(`${base}/uk/login`);
  const banner = page.getByRole('region', { name: 'Дозволити' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Ні, дякую' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Дозволити' })).toBeHidden();
  await expect(providerScript(page)).toHaveCount(0);
  expect(requested).toEqual([]);
});
