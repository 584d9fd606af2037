import { expect, type Locator, type Page } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import activityEn from '../../src/i18n/activity.en_GB.json' with { type: 'json' };
import activityUk from '../../src/i18n/activity.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import notificationsEn from '../../src/i18n/notifications.en_GB.json' with { type: 'json' };
import notificationsUk from '../../src/i18n/notifications.uk_UA.json' with { type: 'json' };
import { signIn } from './sign-in.ts';

// The look, in both languages: a delete button in a list is a quiet bin named
// after its item that turns red only when pointed at or focused, and still asks first; the careers and
// notifications and activities pages use the width of a desktop with a second column of real content beside the main
// one, and stack it on a phone. axe at both widths.

const dictionaries = {
  en_GB: { ...coreEn, ...careersEn, ...notificationsEn, ...activityEn },
  uk_UA: { ...coreUk, ...careersUk, ...notificationsUk, ...activityUk },
};
const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    who: 'lookEn',
    notes: 'lookNotesEn',
    posts: 'lookPostsEn',
    jobs: [
      ['Illustrator', 'Fable Books', '2015-02-01', '2018-06-30'],
      ['Art director', 'Quill & Co', '2018-07-01', '2023-01-31'],
    ],
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    who: 'lookUk',
    notes: 'lookNotesUk',
    posts: 'lookPostsUk',
    jobs: [
      ['Ілюстраторка', 'Видавництво «Казка»', '2015-02-01', '2018-06-30'],
      ['Арт-директорка', 'Студія «Перо»', '2018-07-01', '2023-01-31'],
    ],
  },
] as const;

/** The colour a CSS custom property stands for, as the browser computes it (`rgb(…)`). */
async function tokenColour(page: Page, token: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, token);
}
const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

/** Whether `aside` sits to the right of `main` (side by side) rather than under it. */
async function besideOf(main: Locator, aside: Locator): Promise<boolean> {
  const [a, b] = [await main.boundingBox(), await aside.boundingBox()];
  return Boolean(a && b && b.x >= a.x + a.width - 1 && b.y < a.y + a.height);
}

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const t = (key: keyof typeof text, params: Record<string, string | number> = {}) =>
    (text[key] as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

  journeyIn(lang)(
    `Careers: a quiet bin named after the job turns red on hover and focus and asks before deleting; the history at a glance sits beside the timeline (${lang.locale})`,
    async ({ page, context, request }) => {
      const session = await signIn(context, request, lang.who);
      for (const [position, company, start, end] of lang.jobs) {
        const added = await request.post('/api/profile/employments', {
          headers: session.auth,
          data: { position, company_name: company, start_date: start, end_date: end, is_current: false },
        });
        expect(added.ok(), await added.text()).toBe(true);
      }
      const [position, company] = lang.jobs[0];
      const name = `${position}, ${company}`;

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/careers`);
        const timeline = page.locator('.careers-timeline');
        await expect(timeline.locator('.careers-job')).toHaveCount(2);
        // At a glance: 8 years in work (Feb 2015 – Jan 2023, no month counted twice), none confirmed.
        const glance = page.getByRole('region', { name: t('careers.summary.title') });
        await expect(glance).toContainText(t('careers.summary.verifiedCount', { verified: 0, total: 2 }));
        await expect(glance.getByRole('definition').first()).toHaveText(lang.locale === 'en_GB' ? '8 yrs' : '8 р.');
        await expect(page.getByRole('region', { name: t('careers.summary.employers') })).toContainText(t('careers.summary.noneVerified'));
        expect(await besideOf(page.getByRole('region', { name: t('careers.timeline') }), glance)).toBe(width === 1280);
        await expectNoViolations(page, `careers ${width}`);
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      const bin = page.getByRole('button', { name: t('careers.delete', { name }), exact: true });
      await expect(bin).toBeVisible();
      const [muted, danger] = [await tokenColour(page, '--color-fg-muted'), await tokenColour(page, '--color-fg-danger')];
      expect(muted).not.toBe(danger);
      await expect.poll(() => colourOf(bin)).toBe(muted);
      await bin.hover();
      await expect.poll(() => colourOf(bin)).toBe(danger);
      await page.mouse.move(0, 0);
      await expect.poll(() => colourOf(bin)).toBe(muted);
      // From the keyboard: the edit button before it, then Tab onto the bin.
      await page.getByRole('button', { name: t('careers.edit', { name }), exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(bin).toBeFocused();
      await expect.poll(() => colourOf(bin)).toBe(danger);

      // Enter opens the same question; cancelling keeps the job, confirming deletes it.
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog');
      await expect(question).toContainText(t('confirm.delete.employment'));
      await expectNoViolations(page, 'delete question');
      await question.getByRole('button', { name: t('careers.cancel') }).click();
      await expect(question).toBeHidden();
      await expect(bin).toBeVisible();
      await bin.click();
      await question.getByRole('button', { name: t('careers.deleteConfirm'), exact: true }).click();
      await expect(bin).toBeHidden();
      await expect(page.locator('.careers-timeline .careers-job')).toHaveCount(1);
      await expect(page.getByRole('region', { name: t('careers.summary.title') })).toContainText(
        t('careers.summary.verifiedCount', { verified: 0, total: 1 }),
      );
    },
  );

  journeyIn(lang)(
    `Notifications: filters with their counts and the way to the settings sit beside the list on a desktop and above it on a phone (${lang.locale})`,
    async ({ page, context, request }) => {
      const session = await signIn(context, request, lang.notes);
      // A job unlocks an achievement, and so a notification.
      await request.post('/api/profile/employments', {
        headers: session.auth,
        data: { position: 'Editor', company_name: 'Inkwell', start_date: '2023-02-01', is_current: true },
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/notifications`);
        const list = page.locator('.notifications-list');
        await expect(list.locator('> li').first()).toBeVisible();
        const filters = page.getByRole('region', { name: t('notifications.filter.title') });
        const all = filters.getByRole('button', { name: new RegExp(`^${t('notifications.filter.all')}`) });
        await expect(all).toHaveAttribute('aria-pressed', 'true');
        const total = await list.locator('> li').count();
        await expect(all).toContainText(String(total));
        expect(await besideOf(list, filters)).toBe(width === 1280);
        const settings = page.getByRole('region', { name: t('notifications.settings.title') });
        await expect(settings.getByRole('link', { name: t('notifications.settings.link') })).toHaveAttribute(
          'href',
          `${lang.prefix}/settings#notifications`,
        );
        await expectNoViolations(page, `notifications ${width}`);

        // Each filter shows as many as it counts; one with none says so.
        for (const name of ['achievements', 'people', 'unread'] as const) {
          const button = filters.getByRole('button', { name: new RegExp(`^${t(`notifications.filter.${name}`)}`) });
          const counted = Number((await button.locator('.notifications-filter-count').textContent()) ?? 'NaN');
          await button.click();
          await expect(button).toHaveAttribute('aria-pressed', 'true');
          await expect(all).toHaveAttribute('aria-pressed', 'false');
          if (counted === 0) await expect(page.getByRole('status').filter({ hasText: t('notifications.filter.none') })).toBeVisible();
          else await expect(list.locator('> li')).toHaveCount(counted);
        }
        await filters.getByRole('button', { name: new RegExp(`^${t('notifications.filter.achievements')}`) }).click();
        await expect(list.locator('> li .notification-sign[data-sign="star"]')).toHaveCount(await list.locator('> li').count());
        await all.click();
        await expect(list.locator('> li')).toHaveCount(total);
      }
    },
  );

  journeyIn(lang)(
    `Activities: what the entries shown hold, counted, and the way to achievements sit beside the list on a desktop and under it on a phone (${lang.locale})`,
    async ({ page, context, request }) => {
      const session = await signIn(context, request, lang.posts);
      for (const title of ['Spring catalogue', 'Summer fair']) {
        const posted = await request.post('/api/activities', { headers: session.auth, data: { title, text: `${title}: notes.` } });
        expect(posted.ok(), await posted.text()).toBe(true);
      }
      await request.post('/api/profile/employments', {
        headers: session.auth,
        data: { position: 'Editor', company_name: 'Inkwell', start_date: '2023-02-01', is_current: true },
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${lang.prefix}/activities`);
        const list = page.getByTestId('activities-list');
        await expect(list.locator('> li').first()).toBeVisible();
        const glance = page.getByRole('region', { name: t('activities.glance.title') });
        const entries = await list.locator('> li').count();
        await expect(glance).toContainText(t('activities.glance.among', { count: entries }));
        const stat = (key: string) => glance.locator(`[data-stat="${key}"] dd`);
        await expect(stat('posts')).toHaveText(String(await list.locator('> li[data-kind="post"]').count()));
        expect(Number(await stat('posts').textContent())).toBeGreaterThanOrEqual(2);
        await expect(stat('work')).toHaveText(
          String(
            await list
              .locator('> li[data-kind="new_job"], > li[data-kind="verified_employment"], > li[data-kind="recommendation_accepted"]')
              .count(),
          ),
        );
        await expect(stat('achievements')).toHaveText(String(await list.locator('> li[data-kind="achievement"]').count()));
        expect(await besideOf(list, glance)).toBe(width === 1280);
        const earn = page.getByRole('region', { name: t('activities.earn.title') });
        await expect(earn.getByRole('link', { name: t('activities.earn.link') })).toHaveAttribute('href', `${lang.prefix}/achievements`);
        await expectNoViolations(page, `activities ${width}`);
      }
    },
  );
}
