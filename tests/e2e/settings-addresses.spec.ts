import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { waitForCode, wrongCodeFor } from './outbox.ts';
import { settingsLanguage } from './settings-texts.ts';
import { forwardedAddress, signIn } from './sign-in.ts';

// Emails and phones in the settings, in both languages: a second email is added
// with the current password (decision 235), verified with the code mailed to it and made primary with
// the current password (then it signs in); a phone is added the same way and verified with the code
// texted to it; an added address is removed with the current password; axe on both sections and every
// dialog.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'settingsEmailsUk' : 'settingsEmailsEn';

  journeyIn(locale)(
    `A person adds a second email, verifies it and makes it primary, and adds a phone (${lang})`,
    async ({ context, page, request }) => {
      test.setTimeout(300_000);
      const { password } = e2eAccounts[who];
      await signIn(context, request, who);
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const second = `second-${stamp}@e2e.test`;

      await page.goto(`${prefix}/settings#emails`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.emails') })).toBeVisible();
      await expect(page.getByText(t('settings.addresses.primary'), { exact: true })).toBeVisible();
      await expectNoViolations(page, 'emails section');

      // SPEC §5's message for a wrong address, under the field.
      const newEmail = page.getByLabel(t('settings.addresses.newEmail'));
      // Adding an address carries the current password, asked in the same form (decision 235).
      await page.locator('form', { has: newEmail }).getByLabel(t('settings.currentPassword')).fill(password);
      await newEmail.fill('not an address');
      await page.getByRole('button', { name: t('settings.addresses.addEmail') }).click();
      await expect(newEmail).toHaveAccessibleDescription(t('validation.personalEmail'));

      const sentFrom = Date.now();
      await newEmail.fill(second);
      await page.getByRole('button', { name: t('settings.addresses.addEmail') }).click();
      const dialog = page.getByRole('dialog', { name: t('settings.addresses.verifyTitle') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t('settings.addresses.codeSent', { address: second }))).toBeVisible();
      await expect(dialog.getByRole('button', { name: /\d+/ })).toBeDisabled();
      await expectNoViolations(page, 'verify dialog');
      const code = await waitForCode('mail', second, sentFrom);
      await dialog.getByLabel(t('settings.addresses.code')).fill(wrongCodeFor(code));
      await dialog.getByRole('button', { name: t('settings.addresses.verify') }).click();
      await expect(dialog.getByLabel(t('settings.addresses.code'))).toHaveAccessibleDescription(t('validation.code'));
      await dialog.getByLabel(t('settings.addresses.code')).fill(code);
      await dialog.getByRole('button', { name: t('settings.addresses.verify') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(t('settings.addresses.verifiedDone', { address: second }))).toBeVisible();

      // Making it primary asks for the current password.
      await page.getByRole('button', { name: t('settings.addresses.makePrimaryOf', { address: second }) }).click();
      const primary = page.getByRole('dialog', { name: t('settings.addresses.primaryTitle') });
      await expect(primary).toBeVisible();
      await expectNoViolations(page, 'primary dialog');
      await primary.getByLabel(t('settings.currentPassword')).fill('Wrong-Passw0rd1');
      await primary.getByRole('button', { name: t('settings.addresses.makePrimary') }).click();
      await expect(primary.getByLabel(t('settings.currentPassword'))).toHaveAccessibleDescription(t('validation.currentPasswordWrong'));
      await primary.getByLabel(t('settings.currentPassword')).fill(password);
      await primary.getByRole('button', { name: t('settings.addresses.makePrimary') }).click();
      await expect(primary).toBeHidden();
      await expect(page.getByText(t('settings.addresses.primaryDone', { address: second }))).toBeVisible();
      const list = page.getByRole('list', { name: t('settings.emails') });
      await expect(list.getByRole('listitem').first()).toContainText(second);
      // The new address signs in.
      const login = await request.post('/api/login', {
        data: { login: second, password },
        headers: { 'x-forwarded-for': forwardedAddress() },
      });
      expect(login.status()).toBe(200);

      // The former address stays, and can be removed with the current password (decision 235).
      const former = e2eAccounts[who].email;
      await page.getByRole('button', { name: t('settings.addresses.removeOf', { address: former }) }).click();
      const remove = page.getByRole('dialog', { name: t('settings.addresses.removeTitle', { address: former }) });
      await expectNoViolations(page, 'remove dialog');
      await remove.getByLabel(t('settings.currentPassword')).fill(password);
      await remove.getByRole('button', { name: t('settings.addresses.remove') }).click();
      await expect(remove).toBeHidden();
      await expect(list.getByText(former)).toHaveCount(0);

      // A phone, by SMS.
      await page.getByRole('link', { name: t('settings.phones') }).click();
      await expect(page.getByRole('heading', { level: 2, name: t('settings.phones') })).toBeVisible();
      await expectNoViolations(page, 'phones section');
      const newPhone = page.getByLabel(t('settings.addresses.newPhone'));
      await page.locator('form', { has: newPhone }).getByLabel(t('settings.currentPassword')).fill(password);
      await newPhone.fill('12345');
      await page.getByRole('button', { name: t('settings.addresses.addPhone') }).click();
      await expect(newPhone).toHaveAccessibleDescription(new RegExp(t('validation.phone')));
      const phone = `+44791${stamp.slice(-7)}`;
      const smsFrom = Date.now();
      await newPhone.fill(phone);
      await page.getByRole('button', { name: t('settings.addresses.addPhone') }).click();
      const phoneDialog = page.getByRole('dialog', { name: t('settings.addresses.verifyTitle') });
      await phoneDialog.getByLabel(t('settings.addresses.code')).fill(await waitForCode('sms', phone, smsFrom));
      await phoneDialog.getByRole('button', { name: t('settings.addresses.verify') }).click();
      await expect(phoneDialog).toBeHidden();
      const phones = page.getByRole('list', { name: t('settings.phones') });
      await expect(phones.getByText(phone)).toBeVisible();
      await expect(phones.getByText(t('settings.addresses.verified'))).toBeVisible();
      await page.reload();
      await expect(page.getByRole('list', { name: t('settings.phones') }).getByText(phone)).toBeVisible();
    },
  );
}
