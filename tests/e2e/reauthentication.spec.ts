import { expect } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { settingsLanguage } from './settings-texts.ts';
import { apiSignIn, forwardedAddress, signIn } from './sign-in.ts';
import { waitForMail } from './outbox.ts';
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import authEn from '../../src/i18n/auth.en_GB.json' with { type: 'json' };
import authUk from '../../src/i18n/auth.uk_UA.json' with { type: 'json' };

// Decision 235: a change to how one signs in carries the current password in its own form,
// however fresh the session. Adding an email without it, or with a wrong one, is refused under the
// password field; what the person typed stays, nothing is added, and the right password adds it. The
// page a password reset's mail links to for removing a sign-in method asks once, and says plainly when
// its link no longer works.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'reauthUk' : 'reauthEn';

  journeyIn(locale)(
    `A person adding an email is asked for the password in the same form, and a wrong one keeps what they typed (${lang})`,
    async ({ context, page, request }) => {
      const { password } = e2eAccounts[who];
      await signIn(context, request, who);
      const address = `reauth-${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.test`;
      await page.goto(`${prefix}/settings#emails`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.emails') })).toBeVisible();

      const newEmail = page.getByLabel(t('settings.addresses.newEmail'));
      const form = page.locator('form', { has: newEmail });
      const proof = form.getByLabel(t('settings.currentPassword'));
      const add = form.getByRole('button', { name: t('settings.addresses.addEmail') });
      await expect(proof).toHaveAttribute('type', 'password');
      await expect(proof).toHaveAttribute('autocomplete', 'current-password');

      // Without the password: asked for, on its field.
      await newEmail.fill(address);
      await add.click();
      await expect(proof).toHaveAccessibleDescription(new RegExp(t('validation.required')));
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A wrong one: said under the field; the address stays as typed, and nothing was added.
      await proof.fill('Wrong-Passw0rd-7');
      await add.click();
      await expect(proof).toHaveAccessibleDescription(new RegExp(t('validation.currentPasswordWrong')));
      await expect(newEmail).toHaveValue(address);
      await expect(page.getByRole('list', { name: t('settings.emails') }).getByText(address)).toHaveCount(0);
      await expectNoViolations(page, `${lang} wrong password while adding an email:`);

      // The right one: the code is on its way to the new address.
      await proof.fill(password);
      await add.click();
      const dialog = page.getByRole('dialog', { name: t('settings.addresses.verifyTitle') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t('settings.addresses.codeSent', { address }))).toBeVisible();
    },
  );
}

const removalJourneyIn = alternating(locales, `${import.meta.filename}#removal`);
for (const locale of locales) {
  const core = (locale === 'uk_UA' ? coreUk : coreEn) as Record<string, string>;
  const prefix = locale === 'uk_UA' ? '/uk' : '';
  const lang = locale === 'uk_UA' ? 'Ukrainian' : 'English';
  removalJourneyIn(locale)(
    `The page a reset's mail links to asks before removing a sign-in method, and says when its link no longer works (${lang})`,
    async ({ page }) => {
      await page.goto(`${prefix}/remove-sign-in?token=not-a-real-token`);
      await expect(page.getByRole('heading', { level: 1, name: core['removeSignIn.heading']! })).toBeVisible();
      // Opening the link removes nothing: the page asks first.
      await expect(page.getByText(core['removeSignIn.intro']!)).toBeVisible();
      await page.getByRole('button', { name: core['removeSignIn.button']! }).click();
      await expect(page.getByRole('alert')).toContainText(core['error.code.removal_link_invalid']!);
      await expectNoViolations(page, `${lang} removal link no longer valid:`);
      // Without a token the page says so at once, with no script to run.
      await page.goto(`${prefix}/remove-sign-in`);
      await expect(page.getByText(core['error.code.removal_link_invalid']!)).toBeVisible();
      await expect(page.getByRole('button', { name: core['removeSignIn.button']! })).toHaveCount(0);
    },
  );
}

// Decision 278: the mail about a password change carries its undo. Its link opens a page that sets a
// new password at once; the thief's password stops working and every session ends.
const undoJourneyIn = alternating(locales, `${import.meta.filename}#undo`);
for (const locale of locales) {
  const core: Record<string, string> = locale === 'uk_UA' ? { ...coreUk, ...authUk } : { ...coreEn, ...authEn };
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'undoUk' : 'undoEn';
  undoJourneyIn(locale)(
    `The password-change mail's link lets the owner set a new password at once (${lang})`,
    async ({ page, request }) => {
      const { email, password } = e2eAccounts[who];
      const thief = await apiSignIn(request, who);
      const since = Date.now();
      const thiefPassword = 'Thief-Passw0rd-9';
      const changed = await request.put('/api/settings/password', {
        headers: thief.auth,
        data: { current_password: password, password: thiefPassword, password_confirmation: thiefPassword },
      });
      expect(changed.status()).toBe(200);
      const mail = await waitForMail(email, since, (text) => text.includes('/remove-sign-in?token='));
      const link = /(\/(?:uk\/)?remove-sign-in\?token=\S+)/.exec(mail)![1]!;
      expect(link.startsWith(`${prefix}/remove-sign-in`)).toBe(true);

      await page.goto(link);
      await expect(page.getByText(core['removeSignIn.intro.w']!)).toBeVisible();
      const newPassword = page.getByLabel(core['account.field.newPassword']!, { exact: true });
      const confirmation = page.getByLabel(core['account.field.passwordConfirmation']!, { exact: true });
      const submit = page.getByRole('button', { name: core['removeSignIn.button.password']! });
      // A confirmation that differs is said under it, and nothing is set.
      await newPassword.fill('Owner-Passw0rd-2');
      await confirmation.fill('Owner-Passw0rd-3');
      await submit.click();
      await expect(confirmation).toHaveAccessibleDescription(new RegExp(t('validation.passwordsMismatch')));
      await expectNoViolations(page, `${lang} undo a password change, mismatch:`);
      await confirmation.fill('Owner-Passw0rd-2');
      await submit.click();
      await expect(page.getByText(core['removeSignIn.done.password']!)).toBeVisible();
      await expectNoViolations(page, `${lang} undo a password change, done:`);

      // The thief's session and password are of no use; the owner's new password signs in.
      expect((await request.get('/api/settings/sessions', { headers: thief.auth })).status()).toBe(401);
      const headers = { 'x-forwarded-for': forwardedAddress() };
      expect((await request.post('/api/login', { data: { login: email, password: thiefPassword }, headers })).status()).toBe(401);
      expect((await request.post('/api/login', { data: { login: email, password: 'Owner-Passw0rd-2' }, headers })).ok()).toBe(true);
    },
  );
}
