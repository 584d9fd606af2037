// Throwaway: screenshots of my pages at 390 and 1280 in both languages. Usage: node .h2-shots.mjs name path [who] [setup]
import { chromium } from '@playwright/test';
import * as fx from './.h2-fixture.mjs';
const mock = process.env.MOCK === '1';
const base = 'http://localhost:4411';
const [,, name, path, who = 'careers-self-en@e2e.test', action = ''] = process.argv;
const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ login: who, password: 'E2e-Passw0rd' }) });
const token = (await login.json()).data.token;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const prefix of ['', '/uk']) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name: 's-token', value: token, url: base, sameSite: 'Strict' }]);
    const page = await context.newPage();
    if (mock) {
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      await page.route(/\/api\/careers(\/.*)?(\?.*)?$/, (route) => {
        const url = new URL(route.request().url());
        if (url.pathname === '/api/careers') return route.fulfill({ json: { data: { jobs: fx.jobs } } });
        if (url.pathname === '/api/careers/41') return route.fulfill({ json: { data: fx.details } });
        if (url.pathname === '/api/careers/12') return route.fulfill({ json: { data: fx.unregistered } });
        if (url.pathname.includes('/documents/')) return route.fulfill({ body: png, contentType: 'image/png' });
        return route.fulfill({ status: 404, json: { message: 'Not found' } });
      });
    }
    await page.goto(`${base}${prefix}${path}`);
    await page.waitForLoadState('load');
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    if (action) { await eval(action); await page.waitForTimeout(400); }
    await page.screenshot({ path: `/tmp/h2-shots/${name}-${prefix ? 'uk' : 'en'}-${width}.png`, fullPage: !action });
    if (width === 390 && !action) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0, i = 0; y < height; y += 1100, i++) await page.screenshot({ path: `/tmp/h2-shots/${name}-${prefix ? 'uk' : 'en'}-390-part${i}.png`, fullPage: true, clip: { x: 0, y, width: 390, height: Math.min(1100, height - y) } });
    }
    await context.close();
  }
}
await browser.close();
console.log('token', token);
