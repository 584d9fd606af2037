import { expect, test, type Page } from '@playwright/test';
import { achievementCatalogue } from '../../contract/achievements.ts';
import { CareersResponse, careersPaths } from '../../contract/careers.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import careersEn from '../../src/i18n/careers.en_GB.json' with { type: 'json' };
import careersUk from '../../src/i18n/careers.uk_UA.json' with { type: 'json' };
import notificationsEn from '../../src/i18n/notifications.en_GB.json' with { type: 'json' };
import notificationsUk from '../../src/i18n/notifications.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import { e2eAccounts } from './accounts.ts';
import { expectNoViolations } from './axe.ts';
import { companySession, hire, nextSequence, registerCompany } from './companies.ts';
import { alternating } from './languages.ts';
import { signIn, type SignedIn } from './sign-in.ts';
import { watchSubscriptions } from './subscriptions.ts';

// Quiet news (decision 239). A person who unlocks several achievements in a
// day has one notification that names them all with their count, rewritten in place as they unlock,
// and no toast. Leaving a company shows one toast, the page's own: the 'You left …' notification the
// leave causes reaches the list and the badge but does not toast again. The toast covers neither the
// header's search nor the control just used: English at 390 px, Ukrainian at 1280 px.

const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    who: 'quietEn',
    company: 'Hushwind Studio',
    width: 390,
    height: 844,
    quote: ['‘', '’'],
    and: ' and ',
    notifications: notificationsEn,
    careers: careersEn,
    core: coreEn,
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    who: 'quietUk',
    company: 'Тиха Студія',
    width: 1280,
    height: 800,
    quote: ['«', '»'],
    and: ' і ',
    notifications: notificationsUk,
    careers: careersUk,
    core: coreUk,
  },
] as const;

/** Records the text of every toast the page shows from now on, however briefly. */
async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      for (const toast of [node, ...node.querySelectorAll('.ui-toast')].filter((el) => el.matches('.ui-toast')))
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '');
    };
    document.querySelectorAll('.ui-toast').forEach(note);
    new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(note))).observe(document.body, {
      childList: true,
      subtree: true,
    });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen);
/** Whether anything on the page asked for a toast (the toaster hydrates on the first request, decision 162). */
const toasterAsked = (page: Page) =>
  page.evaluate(() =>
    Boolean((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for('profiles.demandedIslands')]?.has('toaster')),
  );

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  journeyIn(lang)(
    `A day's unlocks are one notification and no toast; one leave is one toast, clear of the search and the control used (${lang.locale})`,
    async ({ page, context, request }) => {
      test.setTimeout(300_000);
      const person: SignedIn = await signIn(context, request, lang.who);
      const unlocks = (count: number, names: string[]) => {
        const form = new Intl.PluralRules(lang.locale === 'uk_UA' ? 'uk' : 'en-GB').select(count);
        const key = `notifications.unlocks.${form === 'one' || form === 'few' || form === 'many' ? form : 'other'}` as const;
        const list = names.map((n) => `${lang.quote[0]}${n}${lang.quote[1]}`);
        const subject = list.length > 1 ? `${list.slice(0, -1).join(', ')}${lang.and}${list.at(-1)}` : list[0]!;
        return lang.notifications[key].replace('{count}', String(count)).replace('{subject}', subject);
      };
      const name = (code: 'five_skills' | 'first_job') => achievementCatalogue[code][lang.locale].name;

      // ── Several unlocks in a day, while the notifications page is open.
      await page.setViewportSize({ width: lang.width, height: lang.height });
      const subscribed = watchSubscriptions(page);
      await page.goto(`${lang.prefix}/notifications`);
      await subscribed(2);
      await recordToasts(page);
      for (const skill of ['Typesetting', 'Proofreading', 'Indexing', 'Layout', 'Editing']) {
        const added = await request.post(profileApiPaths.section('skills'), {
          headers: person.auth,
          data: { name: `${skill} ${nextSequence()}` },
        });
        expect(added.ok(), await added.text()).toBe(true);
      }
      const unlockItems = page
        .locator('.notification')
        .filter({ hasText: lang.notifications['notifications.unlocks.other'].split('{count}')[0]!.trim() });
      await expect(unlockItems).toHaveCount(1);
      await expect(unlockItems.first()).toContainText(unlocks(1, [name('five_skills')]));
      const job = await request.post(profileApiPaths.section('employments'), {
        headers: person.auth,
        data: {
          position: 'Copy editor',
          company_name: `Press ${nextSequence()}`,
          start_date: '2024-03-01',
          end_date: null,
          is_current: true,
        },
      });
      expect(job.ok(), await job.text()).toBe(true);
      // Rewritten in place: still one, now naming both with their count.
      await expect(unlockItems.first()).toContainText(unlocks(2, [name('five_skills'), name('first_job')]));
      await expect(unlockItems).toHaveCount(1);
      // The live updates that rewrote it asked for no toast.
      expect(await toasterAsked(page)).toBe(false);
      expect(await toastsSeen(page)).toEqual([]);
      await expectNoViolations(page, 'a day of unlocks as one notification');
      await page.screenshot({ path: `test-results/quiet-news-unlocks-${lang.locale}-${lang.width}.png` });
      // After a reload the list says the same.
      await page.reload();
      await expect(unlockItems).toHaveCount(1);
      await expect(unlockItems.first()).toContainText(unlocks(2, [name('five_skills'), name('first_job')]));

      // ── Leaving a company: one toast.
      const company = await registerCompany(request, `${lang.company} ${nextSequence()}`);
      const companyToken = await companySession(request, company.token, company.companyId);
      await hire(request, companyToken, company.companyId, e2eAccounts[lang.who].email, person);
      const jobs = CareersResponse.parse((await (await request.get(careersPaths.jobs, { headers: person.auth })).json()).data).jobs;
      const verified = jobs.find((j) => j.company.id === company.companyId)!;
      const companyName = verified.company.name;
      const details = watchSubscriptions(page);
      await page.goto(`${lang.prefix}/employment-details/${verified.id}`);
      await details(2);
      const badge = page.locator('[data-unread-badge]:visible [data-unread-count]');
      await expect(badge).toHaveText(/^\d+$/);
      const unreadBefore = Number(await badge.textContent());
      await recordToasts(page);
      const leave = lang.core['employment.leaveCompany'];
      await page.getByRole('button', { name: leave }).click();
      const question = page.getByRole('alertdialog');
      await question.getByRole('button', { name: leave }).click();
      await expect(question).toBeHidden();
      // The page's own toast, and the left_company notification arrived (the badge counts it).
      const done = lang.careers['details.leave.done'].split('{date}')[0]!.trim();
      const toast = page.locator('.ui-toast');
      await expect(toast.filter({ hasText: companyName })).toBeVisible();
      await expect(toast.first()).toContainText(done);
      await expect.poll(async () => Number(await badge.textContent())).toBeGreaterThan(unreadBefore);
      // Clear of the header's search and of the control that has focus now.
      const overlap = await page.evaluate(() => {
        const card = document.querySelector('.ui-toaster')!.getBoundingClientRect();
        const covers = (el: Element | null) => {
          if (!el || el === document.body) return false;
          const box = el.getBoundingClientRect();
          return box.top < card.bottom && card.top < box.bottom && box.left < card.right && card.left < box.right;
        };
        return { search: covers(document.querySelector('.shell-search')), focused: covers(document.activeElement) };
      });
      expect(overlap).toEqual({ search: false, focused: false });
      await expectNoViolations(page, 'the leave toast');
      await page.screenshot({ path: `test-results/quiet-news-leave-${lang.locale}-${lang.width}.png` });
      // Until it has gone: that toast alone, never 'You left …'.
      await expect(toast).toHaveCount(0, { timeout: 30_000 });
      const seen = await toastsSeen(page);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain(companyName);
      expect(seen[0]).not.toContain(lang.notifications['notifications.kind.left_company'].replace('{company}', companyName));
      // The notification itself is in the list.
      await page.goto(`${lang.prefix}/notifications`);
      await expect(
        page
          .locator('.notification')
          .filter({ hasText: lang.notifications['notifications.kind.left_company'].replace('{company}', companyName) }),
      ).toHaveCount(1);
    },
  );
}
