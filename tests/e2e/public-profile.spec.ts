import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import type { E2eAccount } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { settingsLanguage } from './settings-texts.ts';
import { signIn } from './sign-in.ts';

// Opt-in public profiles (decision 208), in both languages and with the keyboard alone: a
// person chooses the address suggested from their name and turns the public profile on; a signed-out
// browser with JavaScript off reads it at /in/{address}; a section switched off is gone from it on
// the next visit; switched off, the address answers 'Profile not found'. axe on the card and the page.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'publicUk' : 'publicEn';
  const suggested = locale === 'uk_UA' ? 'pavlyna-publichna' : 'petra-public';
  const skill = locale === 'uk_UA' ? 'Типографіка' : 'Typography';
  const name = locale === 'uk_UA' ? 'Павлина Публічна' : 'Petra Public';
  const notFound = locale === 'uk_UA' ? 'Профіль не знайдено' : 'Profile not found';
  const signInMore = locale === 'uk_UA' ? 'Увійдіть, щоб побачити більше' : 'Sign in to see more';

  journeyIn(locale)(
    `A person turns on their public profile, a signed-out visitor without JavaScript reads it, a hidden section and then the whole page go away (${lang})`,
    async ({ browser, context, page, request }) => {
      test.setTimeout(300_000);
      const me = await signIn(context, request, who);
      const added = await request.post('/api/profile/skills', { headers: me.auth, data: { name: skill } });
      expect(added.ok()).toBe(true);

      await page.goto(`${prefix}/settings#public`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.publicProfile') })).toBeVisible();
      const address = page.getByLabel(t('settings.public.address'), { exact: true });
      // Enter in the address field submits the form; the save's answer is what the next step waits for.
      const saveWithEnter = async () => {
        await address.focus();
        const saved = page.waitForResponse((r) => r.url().includes('/api/profile/public') && r.request().method() === 'PUT');
        await page.keyboard.press('Enter');
        expect((await saved).status()).toBe(200);
      };
      await expect(address).toHaveValue(suggested);
      // The hint shows the address being typed, not a made-up one.
      await expect(address).toHaveAccessibleDescription(new RegExp(`/in/${suggested}\\.`));
      await expect(page.getByText(t('settings.public.statusOff'))).toBeVisible();
      await expectNoViolations(page, 'public profile card');

      // A reserved word is refused under its field before anything is saved.
      await address.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('settings');
      await expect(address).toHaveAccessibleDescription(/\/in\/settings\./);
      await page.keyboard.press('Tab');
      await expect(address).toHaveAccessibleDescription(new RegExp(t('validation.publicAddressReserved')));
      await expectNoViolations(page, 'public profile card with an error');
      await address.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(suggested);
      await page.keyboard.press('Tab');
      await expect(page.getByText(t('settings.public.available'))).toBeVisible();

      // The switch is the next stop after the address; Space turns it on, Enter in a field saves.
      const on = page.getByRole('switch', { name: t('settings.public.turnOn') });
      await expect(on).toBeFocused();
      await page.keyboard.press('Space');
      await expect(on).toBeChecked();
      await saveWithEnter();
      await expect(page.getByText(t('settings.public.saved'))).toBeVisible();
      const link = page.getByTestId('public-profile-link');
      await expect(link).toHaveText(new RegExp(`${prefix}/in/${suggested}$`));

      // Signed out, with no JavaScript at all: the server's HTML is the page.
      const visitor = await browser.newContext({ javaScriptEnabled: false });
      const reader = await visitor.newPage();
      const answer = await reader.goto(`${prefix}/in/${suggested}`);
      expect(answer?.status()).toBe(200);
      await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(reader.getByText(skill)).toBeVisible();
      await expect(reader.getByRole('link', { name: signInMore }).first()).toBeVisible();
      await expect(reader).toHaveTitle(new RegExp(`^${name}`));

      // axe needs a script of its own in the page, so it reads the same page in a signed-out context with JavaScript.
      const checker = await browser.newContext();
      const checked = await checker.newPage();
      await checked.goto(`${prefix}/in/${suggested}`);
      await expectNoViolations(checked, 'public profile page');
      // The page can be read and left with the keyboard: the first Tab lands on the skip link.
      await checked.keyboard.press('Tab');
      await expect(checked.locator(':focus')).toHaveAttribute('href', '#main');
      await checker.close();

      // The skills section switched off is gone on the next request.
      const skills = page.getByRole('checkbox', { name: t('settings.public.section.skills') });
      await skills.focus();
      await page.keyboard.press('Space');
      await expect(skills).not.toBeChecked();
      await saveWithEnter();
      await reader.reload();
      await expect(reader.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(reader.getByText(skill)).toHaveCount(0);

      // Switched off: the address answers 'Profile not found' at once.
      await on.focus();
      await page.keyboard.press('Space');
      await expect(on).not.toBeChecked();
      await saveWithEnter();
      await expect(page.getByText(t('settings.public.statusOff'))).toBeVisible();
      const gone = await reader.reload();
      expect(gone?.status()).toBe(404);
      await expect(reader.getByRole('heading', { level: 1, name: notFound })).toBeVisible();
      await visitor.close();
    },
  );
}
