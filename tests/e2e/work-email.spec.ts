import { expect } from '@playwright/test';
import { validationMessages } from '../../contract/validation-messages.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import { expectNoViolations } from './axe.ts';
import { nextSequence } from './companies.ts';
import { alternating } from './languages.ts';
import { waitForCode, wrongCodeFor } from './outbox.ts';
import { signIn } from './sign-in.ts';

// Workplace verification by work email (decision 260), in both languages: on a job at the
// demo company (Northwind Studio, which proved northwind.test), "Verify with your work email" takes an
// address, refuses one at another domain on its field, mails a code (read from the e2e outbox),
// refuses a wrong code, and confirms with the right one; the job then shows "Work email at
// northwind.test confirmed" on its page and on /careers, never the address to others; removing the
// address removes the mark. axe in every state, by keyboard, at 390 and 1280 px.

const dictionaries = {
  en_GB: { ...coreEn, ...careersEn, ...validationMessages.en_GB },
  uk_UA: { ...coreUk, ...careersUk, ...validationMessages.uk_UA },
};
const languages = [
  { locale: 'en_GB', prefix: '', who: 'workEmailEn' },
  { locale: 'uk_UA', prefix: '/uk', who: 'workEmailUk' },
] as const;
const shots = process.env['WORK_EMAIL_SHOTS'];

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `A person confirms a job at Northwind Studio with a work email at northwind.test, and removes it (${lang.locale})`,
    async ({ page, context, request }) => {
      const session = await signIn(context, request, lang.who);
      const added = await request.post('/api/profile/employments', {
        headers: session.auth,
        data: {
          position: 'Product designer',
          company_name: 'Northwind Studio',
          start_date: '2023-04-01',
          end_date: null,
          is_current: true,
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      const jobs = ((await added.json()) as { data: { employments: { id: number; position: string }[] } }).data.employments;
      const jobId = jobs.find((j) => j.position === 'Product designer')!.id;

      await page.goto(`${lang.prefix}/employment-details/${jobId}`);
      const card = page.locator('.employment-work-email');
      await expect(card.getByRole('heading', { name: t('details.workEmail.title') })).toBeVisible();
      await expect(card).toContainText(t('details.workEmail.text', { company: 'Northwind Studio', domain: 'northwind.test' }));
      await expectNoViolations(page, 'work email card');

      // By keyboard: the button opens the dialog with the address field focused.
      await card.getByRole('button', { name: t('details.workEmail.start') }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: t('details.workEmail.start') });
      const addressField = dialog.getByLabel(t('details.workEmail.address'));
      await expect(addressField).toBeFocused();
      await expect(dialog).toContainText(t('details.workEmail.addressHint', { domain: 'northwind.test' }));
      await dialog.getByRole('button', { name: t('details.workEmail.sendCode') }).click();
      await expect(dialog.getByText(text['validation.required'])).toBeVisible();
      await addressField.fill(`someone-${nextSequence()}@gmail.com`);
      await dialog.getByRole('button', { name: t('details.workEmail.sendCode') }).click();
      await expect(dialog.getByText(t('validation.workEmailDomain', { domain: 'northwind.test' }))).toBeVisible();
      await expect(addressField).toHaveAttribute('aria-invalid', 'true');
      await expectNoViolations(page, 'work email dialog with a refused address');
      for (const width of shots ? [390, 1280] : []) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/dialog-${lang.locale}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      const address = `wanda-${lang.locale.toLowerCase()}-${Date.now()}-${nextSequence()}@mail.northwind.test`;
      await addressField.fill(address);
      const sentFrom = Date.now();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText(t('details.workEmail.codeSent', { address }))).toBeVisible();
      const codeField = dialog.getByLabel(t('details.workEmail.code'));
      await expect(codeField).toBeFocused();
      // The countdown holds a new code back for a minute.
      await expect(dialog.getByRole('button', { name: new RegExp(t('details.workEmail.resendIn', { seconds: '\\d+' })) })).toBeDisabled();
      const code = await waitForCode('mail', address, sentFrom);
      await codeField.fill(wrongCodeFor(code));
      await dialog.getByRole('button', { name: t('details.workEmail.confirm') }).click();
      await expect(dialog.getByText(text['validation.code'])).toBeVisible();
      await expectNoViolations(page, 'work email dialog with a wrong code');
      for (const width of shots ? [390, 1280] : []) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/code-${lang.locale}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await codeField.fill(code);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();

      const mark = t('careers.trust.workEmail', { domain: 'northwind.test' });
      await expect(page.locator('.employment-header .careers-work-email')).toHaveText(mark);
      await expect(card.getByRole('status')).toContainText(t('details.workEmail.confirmed', { domain: 'northwind.test' }));
      await expect(card).toContainText(t('details.workEmail.confirmedText', { address }));
      await expectNoViolations(page, 'work email confirmed');
      for (const width of shots ? [390, 1280] : []) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/confirmed-${lang.locale}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // The careers list shows the mark, not the address.
      await page.goto(`${lang.prefix}/careers`);
      const job = page.locator('.careers-job').filter({ hasText: 'Product designer' });
      await expect(job.locator('.careers-work-email')).toHaveText(mark);
      await expect(page.locator('main')).not.toContainText(address);
      await expectNoViolations(page, 'careers with a work email mark');
      for (const width of shots ? [390, 1280] : []) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/careers-${lang.locale}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // So does the profile, the same badge beside the company.
      await page.goto(`${lang.prefix}/profile-${session.userId}/`);
      const onProfile = page.locator(`[data-public-job="${jobId}"]`);
      await expect(onProfile.locator('.careers-work-email')).toHaveText(mark);
      await expect(page.locator('main')).not.toContainText(address);

      // Removing the address removes the mark.
      await page.goto(`${lang.prefix}/employment-details/${jobId}`);
      await card.getByRole('button', { name: t('details.workEmail.remove') }).click();
      const ask = page.getByRole('alertdialog', { name: t('details.workEmail.removeTitle') });
      await expect(ask).toContainText(t('details.workEmail.removeText', { domain: 'northwind.test' }));
      await expectNoViolations(page, 'remove work email question');
      await ask.getByRole('button', { name: t('details.workEmail.remove') }).click();
      await expect(ask).toBeHidden();
      await expect(page.locator('.employment-header .careers-work-email')).toHaveCount(0);
      await expect(card.getByRole('button', { name: t('details.workEmail.start') })).toBeVisible();
    },
  );
}
