import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };
import { expectNoViolations } from './axe.ts';
import { nextSequence } from './companies.ts';
import { apiSignIn, signIn } from './sign-in.ts';
import { watchSubscriptions } from './subscriptions.ts';

// Quiet notifications on a phone (decision 176): at 390 px the header has a bell
// with the unread count (not only inside the menu); a burst of news (four endorsements, each a toast,
// and what they unlock) never shows more than two toasts, and none covers the bottom quarter of the
// screen. At 1280 px the count is in the navigation and the bell is gone. Both languages.

const languages = [
  { locale: 'en_GB', prefix: '', who: 'bellEn', endorser: 'bellEndorserEn', shell: shellEn },
  { locale: 'uk_UA', prefix: '/uk', who: 'bellUk', endorser: 'bellEndorserUk', shell: shellUk },
] as const;

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  journeyIn(lang)(
    `At 390 px the bell shows the unread count and a burst of news shows two toasts at most, clear of the bottom quarter (${lang.locale})`,
    async ({ page, context, request }) => {
      test.setTimeout(360_000);
      const person = await signIn(context, request, lang.who);
      const endorser = await apiSignIn(request, lang.endorser);
      const skills: number[] = [];
      for (const name of ['Typography', 'Layout', 'Colour', 'Motion'].map((n) => `${n} ${nextSequence()}`)) {
        const added = await request.post('/api/profile/skills', { headers: person.auth, data: { name } });
        expect(added.ok(), await added.text()).toBe(true);
        skills.push(
          ((await added.json()) as { data: { skills: { id: number; name: string }[] } }).data.skills.find((s) => s.name === name)!.id,
        );
      }

      await page.setViewportSize({ width: 390, height: 844 });
      const subscribed = watchSubscriptions(page);
      await page.goto(`${lang.prefix}/careers`);
      await subscribed(2);
      const bell = page
        .getByRole('link', { name: new RegExp(`^${lang.shell['shell.nav.notifications']}`) })
        .and(page.locator('[data-shell-bell]'));
      await expect(bell).toBeVisible();
      await expect(bell).toHaveAttribute('href', `${lang.prefix}/notifications`);

      // Four endorsements at once: a toast each, and what they unlock.
      let most = 0;
      let lowest = 0;
      const watch = setInterval(() => {
        void page
          .locator('.ui-toast')
          .evaluateAll((toasts) => toasts.map((toast) => toast.getBoundingClientRect().bottom))
          .then((bottoms) => {
            most = Math.max(most, bottoms.length);
            lowest = Math.max(lowest, ...bottoms, 0);
          })
          .catch(() => undefined);
      }, 50);
      await Promise.all(
        skills.map((id) =>
          request
            .post(`/api/profile/skills/${id}/endorsement`, { headers: endorser.auth })
            .then(async (r) => expect(r.ok(), await r.text()).toBe(true)),
        ),
      );
      const count = bell.locator('[data-unread-count]');
      await expect(count).toHaveText(/^[1-9]\d*$/, { timeout: 15_000 });
      await expect.poll(async () => Number(await count.textContent()), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      await expect(page.locator('.ui-toast').first()).toBeVisible();
      await page.screenshot({ path: `test-results/quiet-notifications-${lang.locale}-390.png` });
      const toasts = page.locator('.ui-toast');
      expect(await toasts.count()).toBeLessThanOrEqual(2);
      for (const box of await toasts.evaluateAll((all) => all.map((toast) => toast.getBoundingClientRect().bottom)))
        expect(box).toBeLessThanOrEqual(844 * 0.75);
      await expectNoViolations(page, 'the header with the bell and toasts at 390 px');
      // Until they have gone, never more than two, never low on the screen.
      await expect(toasts).toHaveCount(0, { timeout: 20_000 });
      clearInterval(watch);
      expect(most).toBeGreaterThan(0);
      expect(most).toBeLessThanOrEqual(2);
      expect(lowest).toBeLessThanOrEqual(844 * 0.75);

      // The bell opens the notifications.
      await bell.click();
      await page.waitForURL(`**${lang.prefix}/notifications`);
      await expect(page.locator('.notification').first()).toBeVisible();
      await page.screenshot({ path: `test-results/quiet-notifications-list-${lang.locale}-390.png` });

      // On a desktop the count is in the navigation; the bell is gone.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.locator('[data-shell-bell]')).toBeHidden();
      await expect(page.locator('#app-nav [data-unread-badge]')).toBeVisible();
      await page.screenshot({ path: `test-results/quiet-notifications-list-${lang.locale}-1280.png` });
      expect(person.userId).toBeGreaterThan(0);
    },
  );
}
