import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { countries } from '../../contract/countries.ts';
import type { E2eAccount } from './accounts.ts';
import { settingsLanguage, type SettingsTextKey } from './settings-texts.ts';
import { signIn } from './sign-in.ts';

// Contact info in the settings, in both languages: a wrong phone gets its field
// message, the address, citizenship and a searched time zone are saved and kept, and the profile
// another person opens shows the contact phone opened to them but not the email kept to oneself;
// axe on the section, empty and with an error.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'settingsContactUk' : 'settingsContactEn';
  const viewer: E2eAccount = locale === 'uk_UA' ? 'settingsViewerUk' : 'settingsViewerEn';
  const ukraine = countries.find((c) => c.code === 'UA')!;
  // An optional field's label ends with '(optional)'.
  const optional = (key: SettingsTextKey) => `${t(key)} ${t('kit.optional')}`;

  journeyIn(locale)(
    `A person sets their address, citizenship and time zone, and chooses who sees each contact detail (${lang})`,
    async ({ browser, context, page, request }) => {
      test.setTimeout(300_000);
      const me = await signIn(context, request, who);
      await page.goto(`${prefix}/settings#contact`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.contactInfo') })).toBeVisible();
      await expectNoViolations(page, 'contact section');

      await page.getByLabel(optional('settings.contact.address'), { exact: true }).fill('12 Khreshchatyk St');
      await page.getByLabel(optional('settings.contact.address2'), { exact: true }).fill('Flat 4');
      await page.getByLabel(optional('settings.contact.city'), { exact: true }).fill('Kyiv');
      await page.getByLabel(optional('settings.contact.postalCode'), { exact: true }).fill('01001');
      await page.getByLabel(optional('settings.contact.citizenship'), { exact: true }).selectOption({ label: ukraine[locale] });
      const zone = page.getByRole('combobox', { name: optional('settings.timeZone'), exact: true });
      await zone.fill('Kyiv');
      await page.getByRole('option', { name: /Europe\/Kyiv/ }).click();
      await expect(zone).toHaveValue(/Europe\/Kyiv/);
      // A wrong phone gets SPEC §5's message under its field, and nothing is saved.
      const phone = page.getByLabel(optional('settings.contact.phone'), { exact: true });
      await phone.fill('12345');
      await page.getByLabel(optional('settings.contact.email'), { exact: true }).fill('cora.work@example.test');
      await page.getByRole('button', { name: t('settings.contact.save') }).click();
      await expect(phone).toHaveAccessibleDescription(new RegExp(t('validation.phone')));
      await expectNoViolations(page, 'contact section with an error');
      await phone.fill('+380 67 123 4567');
      await page.getByLabel(t('settings.contact.whoSees', { field: t('settings.contact.email') })).selectOption('owner');
      await page.getByLabel(t('settings.contact.whoSees', { field: t('settings.contact.phone') })).selectOption('signed_in');
      await page.getByRole('button', { name: t('settings.contact.save') }).click();
      await expect(page.getByText(t('settings.contact.saved'))).toBeVisible();

      await page.reload();
      await expect(page.getByLabel(optional('settings.contact.city'), { exact: true })).toHaveValue('Kyiv');
      await expect(page.getByLabel(optional('settings.contact.citizenship'), { exact: true })).toHaveValue(String(ukraine.id));
      await expect(zone).toHaveValue(/Europe\/Kyiv/);
      await expect(phone).toHaveValue('+380671234567');
      await expect(page.getByLabel(t('settings.contact.whoSees', { field: t('settings.contact.email') }))).toHaveValue('owner');

      // Another signed-in person's view of the profile: the phone, not the email kept to oneself.
      const other = await browser.newContext();
      await signIn(other, request, viewer);
      const theirs = await other.newPage();
      await theirs.goto(`${prefix}/profile-${me.userId}`);
      await expect(theirs.getByRole('link', { name: '+380671234567' })).toBeVisible();
      await expect(theirs.getByText('cora.work@example.test')).toHaveCount(0);
      await other.close();
    },
  );
}
