import { expect } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { settingsLanguage } from './settings-texts.ts';
import { signIn } from './sign-in.ts';

// Issue 41 (decision 235): a change to how one signs in carries the current password in its own form,
// however fresh the session. Adding an email without it, or with a wrong one, is refused under the
// password field; what the person typed stays, nothing is added, and the right password adds it.
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
