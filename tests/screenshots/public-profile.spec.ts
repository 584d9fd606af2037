// Screenshots of the public profile (decision 208): the settings card and the public page
// signed out, at 390 and 1280 px in both languages, into screenshots/.
import { test } from '@playwright/test';
import { apiSignIn } from '../e2e/sign-in.ts';
import { fillProfile } from './fill-profile.ts';

const people = [
  { prefix: '', code: 'en', who: 'publicEn', locale: 'en_GB', address: 'olena-kovalenko' },
  { prefix: '/uk', code: 'uk', who: 'publicUk', locale: 'uk_UA', address: 'bohdana-melnychenko' },
] as const;
const sections = { experience: true, skills: true, languages: true, education: true, certifications: true, projects: true, contact: true };

test.describe.configure({ mode: 'serial' });

for (const { prefix, code, who, locale, address } of people) {
  test(`public profile ${code}`, async ({ browser, request }) => {
    const session = await apiSignIn(request, who);
    await fillProfile(request, session, locale);
    await request.put('/api/profile/public', { headers: session.auth, data: { address, is_public: true, noindex: false, sections } });
    for (const width of [390, 1280]) {
      const signedIn = await browser.newContext({ viewport: { width, height: 900 } });
      await signedIn.addCookies([{ name: 's-token', value: session.token, url: 'http://localhost', sameSite: 'Strict' }]);
      const page = await signedIn.newPage();
      await page.goto(`${prefix}/settings#public`);
      await page.getByTestId('public-profile-link').waitFor();
      await page.screenshot({ path: `screenshots/settings-public-${code}-${width}.png`, fullPage: true });
      await signedIn.close();
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
      const reader = await visitor.newPage();
      await reader.goto(`${prefix}/in/${address}`);
      await reader.screenshot({ path: `screenshots/public-profile-${code}-${width}.png`, fullPage: true });
      await reader.goto(`${prefix}/in/no-one-here`);
      await reader.screenshot({ path: `screenshots/public-profile-not-found-${code}-${width}.png`, fullPage: true });
      await visitor.close();
    }
  });
}
