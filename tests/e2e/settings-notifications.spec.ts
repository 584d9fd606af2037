import { expect } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import type { E2eAccount } from './accounts.ts';
import { settingsLanguage } from './settings-texts.ts';
import { signIn } from './sign-in.ts';

// The notification type per kind, in both languages: each kind offers in the
// app only, in the app and by email, or off (an invitation no email choice); the choice is saved and
// kept; axe on the section.
const locales = ['en_GB', 'uk_UA'] as const;
const journeyIn = alternating(locales, import.meta.filename);
for (const locale of locales) {
  const { lang, prefix, t } = settingsLanguage(locale);
  const who: E2eAccount = locale === 'uk_UA' ? 'settingsNotifyUk' : 'settingsNotifyEn';

  journeyIn(locale)(
    `A person chooses how each kind of notification reaches them, and finds the choice kept (${lang})`,
    async ({ context, page, request }) => {
      const session = await signIn(context, request, who);
      await page.goto(`${prefix}/settings#notifications`);
      await expect(page.getByRole('heading', { level: 2, name: t('settings.notificationType') })).toBeVisible();
      await expect(page.getByRole('link', { name: t('settings.notificationType') })).toHaveAttribute('aria-current', 'true');
      const like = page.getByLabel(t('settings.notifications.kind.like'));
      const comment = page.getByLabel(t('settings.notifications.kind.comment'));
      const invitation = page.getByLabel(t('settings.notifications.kind.invitation_received'));
      await expect(like).toHaveValue('app');
      await expect(page.getByLabel(t('settings.notifications.kind.join_request_accepted'))).toHaveValue('email');
      // An invitation's mail is its own: no email choice.
      await expect(invitation.locator('option')).toHaveText([
        t('settings.notifications.delivery.app'),
        t('settings.notifications.delivery.none'),
      ]);
      await expectNoViolations(page, 'notification types');

      await like.selectOption({ label: t('settings.notifications.delivery.none') });
      await comment.selectOption({ label: t('settings.notifications.delivery.email') });
      await page.getByRole('button', { name: t('settings.notifications.save') }).click();
      await expect(page.getByText(t('settings.notifications.saved'))).toBeVisible();

      await page.reload();
      await expect(page.getByLabel(t('settings.notifications.kind.like'))).toHaveValue('none');
      await expect(page.getByLabel(t('settings.notifications.kind.comment'))).toHaveValue('email');
      const stored = await request.get('/api/settings/notifications', { headers: session.auth });
      const items = (await stored.json()).data.items as { kind: string; delivery: string }[];
      expect(items.find((i) => i.kind === 'like')?.delivery).toBe('none');
      expect(items.find((i) => i.kind === 'comment')?.delivery).toBe('email');
    },
  );
}
