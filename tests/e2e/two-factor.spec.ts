// Two-step sign-in (decision 180) in both languages, with the keyboard alone: a person turns
// it on in the settings (the key read from the page, the app's code computed here with otpauth), sees
// the ten recovery codes once, signs in elsewhere with the password and then the code (a wrong one
// first), and a recovery code another time; then turns it off with the password, and finds all of it
// in the security activity. axe on each screen.
import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import authEn from '../../src/i18n/auth.en_GB.json' with { type: 'json' };
import authUk from '../../src/i18n/auth.uk_UA.json' with { type: 'json' };
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { settingsLanguage } from './settings-texts.ts';
import { forwardedAddress, homeAddress, signIn } from './sign-in.ts';

/** The code the app shows `stepsAhead` periods from now: the server takes the next step's too. */
function appCode(secret: string, stepsAhead = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Focuses `name`'s button and presses Enter, as a keyboard user does. */
async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const auth = (locale === 'uk_UA' ? authUk : authEn) as Record<string, string>;
  const who: E2eAccount = locale === 'uk_UA' ? 'twoStepUk' : 'twoStepEn';
  const { email, password } = e2eAccounts[who];

  /** The sign-in form typed into, from an address of its own (sign-in is throttled per address). */
  async function signInWithPassword(page: Page) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': forwardedAddress() });
    await page.goto(`${prefix}/login`);
    await page.getByLabel(auth['account.field.login']!).fill(email);
    await page.getByLabel(auth['account.field.password']!, { exact: true }).fill(password);
    await page.getByLabel(auth['account.field.password']!, { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: auth['account.secondStep.title']! })).toBeVisible();
    // The code's field takes the focus, so the code is typed at once.
    await expect(page.getByLabel(auth['account.secondStep.field']!)).toBeFocused();
  }

  journeyIn(locale)(
    `A person turns on two-step sign-in, signs in with the app's code and a recovery code, and turns it off (${lang})`,
    async ({ page, context, request, browser }) => {
      test.setTimeout(360_000);
      await signIn(context, request, who);
      await page.goto(`${prefix}/settings#security`);
      const card = page.locator('.settings-two-factor');
      // The section loads its state after the page: a busy machine takes a while.
      await expect(card.getByText(t('settings.twoFactor.statusOff'), { exact: true })).toBeVisible({ timeout: 15_000 });

      // Turn on: the QR code and the key as text; the first code from the app.
      await press(page, t('settings.twoFactor.turnOn'));
      await expect(card.getByRole('img', { name: t('settings.twoFactor.qrAlt') })).toBeVisible();
      const secret = (await card.locator('[data-secret]').getAttribute('data-secret'))!;
      expect(secret).toMatch(/^[A-Z2-7]+$/);
      await expectNoViolations(page, `${lang} two-step set-up:`);
      const codeField = page.getByLabel(t('settings.twoFactor.code'));
      // Turning it on carries the password (decision 235), asked in the same form as the code.
      await card.getByLabel(t('settings.currentPassword')).fill(password);
      await codeField.focus();
      await page.keyboard.type('000000');
      await page.keyboard.press('Enter');
      await expect(page.getByText(t('validation.code'))).toBeVisible();
      await codeField.fill('');
      await codeField.focus();
      await page.keyboard.type(appCode(secret));
      await page.keyboard.press('Enter');

      // The recovery codes, once.
      const codes = card.getByRole('list', { name: t('settings.twoFactor.codesTitle') }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const recovery = (await codes.allTextContents()).map((code) => code.trim());
      expect(recovery[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      await expectNoViolations(page, `${lang} recovery codes:`);
      await press(page, t('settings.twoFactor.done'));
      await expect(card.getByText(t('settings.twoFactor.statusOn'), { exact: true })).toBeVisible();
      await expect(card.getByText(t('settings.twoFactor.codesLeft', { count: 10 }))).toBeVisible();

      // Elsewhere: the password, then the second step; a wrong code first.
      const other = await browser.newContext();
      const elsewhere = await other.newPage();
      await signInWithPassword(elsewhere);
      await expectNoViolations(elsewhere, `${lang} second step:`);
      const step = elsewhere.getByLabel(auth['account.secondStep.field']!);
      await step.focus();
      await elsewhere.keyboard.type('000000');
      await elsewhere.keyboard.press('Enter');
      await expect(elsewhere.getByText(t('validation.code'))).toBeVisible();
      await step.fill('');
      await step.focus();
      // The next step's code: the one shown now was used to turn it on, and a code works once.
      await elsewhere.keyboard.type(appCode(secret, 1));
      await elsewhere.keyboard.press('Enter');
      await expect(elsewhere).toHaveURL(homeAddress(prefix));
      await other.close();

      // Another time with a recovery code, from a phone that is lost.
      const third = await browser.newContext();
      const lostPhone = await third.newPage();
      await signInWithPassword(lostPhone);
      await lostPhone.getByLabel(auth['account.secondStep.field']!).fill(recovery[0]!);
      await lostPhone.getByLabel(auth['account.secondStep.field']!).press('Enter');
      await expect(lostPhone).toHaveURL(homeAddress(prefix));
      await third.close();

      // Turning it off asks for the password.
      await page.reload();
      await expect(card.getByText(t('settings.twoFactor.codesLeft', { count: 9 }))).toBeVisible({ timeout: 15_000 });
      await press(page, t('settings.twoFactor.turnOff'));
      const dialog = page.getByRole('dialog', { name: t('settings.twoFactor.turnOff') });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, `${lang} turn-off dialog:`);
      await dialog.getByLabel(t('settings.currentPassword')).fill('Wrong-Passw0rd-9');
      await dialog.getByLabel(t('settings.currentPassword')).press('Enter');
      await expect(dialog.getByText(t('validation.currentPasswordWrong'))).toBeVisible();
      await dialog.getByLabel(t('settings.currentPassword')).fill(password);
      await dialog.getByLabel(t('settings.currentPassword')).press('Enter');
      await expect(dialog).toBeHidden();
      await expect(card.getByText(t('settings.twoFactor.statusOff'), { exact: true })).toBeVisible();

      // The security activity tells all of it; the e2e server's own requests come from the
      // local network, the typed sign-ins from their made-up private addresses.
      await page.reload();
      const activity = page.getByRole('region', { name: t('settings.activity.title') });
      // Its contents load as it comes near the screen (decision 206), as a person scrolls to it.
      await activity.scrollIntoViewIfNeeded();
      for (const kind of ['two_factor_enabled', 'second_step_failed', 'recovery_code_used', 'two_factor_disabled'] as const) {
        await expect(activity.getByText(t(`settings.activity.kind.${kind}`), { exact: true })).toBeVisible({ timeout: 15_000 });
      }
      const localNetwork = t('settings.activity.place.local_network', { address: '' }).split('(')[0]!.trim();
      await expect(activity.locator('[data-kind="sign_in"]').first()).toContainText(localNetwork);
      await expectNoViolations(page, `${lang} security activity:`);
    },
  );
}
