import { expect, test } from '@playwright/test';
import { alternating } from './languages.ts';
import { expectNoViolations } from './axe.ts';
import { fillDateField } from './date-field.ts';
import { activityPresets, activitySorts, type ActivityList } from '../../contract/activities.ts';
import { achievementCodes, achievementDictionary } from '../../contract/achievements.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import { presetRange } from '../../server/activities/date-ranges.ts';
import { activityHistory } from '../../server/demo/activity-history.ts';
import activityEn from '../../src/i18n/activity.en_GB.json' with { type: 'json' };
import activityUk from '../../src/i18n/activity.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import { signIn, type SignedIn } from './sign-in.ts';

// The achievements and activity journeys, in both languages: achievements unlock live as
// a person completes their profile and the percentile moves; a second person comments on a post, the
// author replies and likes the comment, the commenter deletes it after confirming; every preset and
// sort of /activities over two years of posts; axe on both pages in every state.

// The pages' own texts (Playwright's loader takes JSON only with an import attribute, so not through src/i18n).
const dictionaries = {
  en_GB: { ...coreEn, ...activityEn, ...validationMessages.en_GB, ...achievementDictionary('en_GB') },
  uk_UA: { ...coreUk, ...activityUk, ...validationMessages.uk_UA, ...achievementDictionary('uk_UA') },
};

const languages = [
  {
    locale: 'en_GB',
    prefix: '',
    commenterName: 'Colin Commenter',
    achiever: 'achieverEn',
    poster: 'posterEn',
    commenter: 'commenterEn',
    history: 'historyEn',
    empty: 'activityEmptyEn',
    zone: 'UTC',
  },
  {
    locale: 'uk_UA',
    prefix: '/uk',
    commenterName: 'Кирило Коментар',
    achiever: 'achieverUk',
    poster: 'posterUk',
    commenter: 'commenterUk',
    history: 'historyUk',
    empty: 'activityEmptyUk',
    zone: 'Europe/Kyiv',
  },
] as const;

const journeyIn = alternating(languages, import.meta.filename);
for (const lang of languages) {
  const text = dictionaries[lang.locale];
  const total = achievementCodes.length;
  const countText = (n: number) => text['achievements.count'].replace('{unlocked}', String(n)).replace('{total}', String(total));

  journeyIn(lang)(
    `A person completes their profile and watches achievements unlock live, the percentile rising (${lang.locale})`,
    async ({ page, context, request }) => {
      const me = await signIn(context, request, lang.achiever);
      await page.goto(`${lang.prefix}/achievements`);
      await expect(page.getByRole('heading', { level: 1, name: text['title.achievements'] })).toBeVisible();
      await expect(page.getByTestId('achievements-count')).toHaveText(countText(0));
      await expect(page.getByTestId('achievements-percentile')).toHaveText(text['achievements.percentile'].replace('{percentile}', '0'));
      await expect(page.getByText(text['achievements.noneEarned'])).toBeVisible();
      // The progress of what is to be earned, in words.
      await expect(page.getByText(text['achievements.unit.steps'].replace('{progress}', '0').replace('{target}', '7'))).toBeVisible();
      await expectNoViolations(page, 'achievements, nothing earned');

      // The profile, filled in through the API while the page stays open.
      const put = (path: string, data: unknown) => request.put(path, { headers: me.auth, data });
      const post = (path: string, data: unknown) => request.post(path, { headers: me.auth, data });
      expect(
        (
          await put('/api/profile', {
            first_name: 'Aria',
            last_name: 'Achiever',
            headline: 'Engineer',
            about: 'I build things.',
            open_to_work: true,
          })
        ).ok(),
      ).toBe(true);
      for (const name of ['TypeScript', 'SQL', 'Testing', 'Design', 'Writing'])
        expect((await post('/api/profile/skills', { name })).ok()).toBe(true);
      // Five skills: an unlock, shown on the page without a reload, and quietly: no toast (decision 239).
      const wellRounded = text['achievements.item.five_skills.name'];
      await expect(page.getByTestId('achievements-earned')).toContainText(wellRounded);
      await expect(page.locator('.ui-toast')).toHaveCount(0);
      await expect(page.getByTestId('achievements-count')).toHaveText(countText(1));
      await expect(page.getByTestId('achievements-percentile')).not.toHaveText(
        text['achievements.percentile'].replace('{percentile}', '0'),
      );
      const percentileAfterOne = Number((await page.getByTestId('achievements-percentile').textContent())!.replace(/\D/g, ''));

      expect(
        (
          await post('/api/profile/employments', { position: 'Engineer', company_name: 'Acme', start_date: '2020-01-01', is_current: true })
        ).ok(),
      ).toBe(true);
      expect((await post('/api/profile/educations', { school: 'KPI' })).ok()).toBe(true);
      expect((await post('/api/profile/languages', { code: 'en', proficiency: 'C1' })).ok()).toBe(true);
      const photo = await request.post('/api/uploads/photo', {
        headers: me.auth,
        multipart: {
          file: {
            name: 'me.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
              'base64',
            ),
          },
        },
      });
      expect(photo.ok(), await photo.text()).toBe(true);
      const complete = text['achievements.item.profile_complete.name'];
      await expect(page.getByTestId('achievements-earned')).toContainText(complete, { timeout: 5000 });
      await expect(page.getByTestId('achievements-earned')).toContainText(text['achievements.item.first_job.name']);
      const count = Number((await page.getByTestId('achievements-count').textContent())!.split(/\D+/).filter(Boolean)[0]);
      // Five skills, a job, a photo and the complete profile.
      expect(count).toBeGreaterThanOrEqual(4);
      const percentile = Number((await page.getByTestId('achievements-percentile').textContent())!.replace(/\D/g, ''));
      expect(percentile).toBeGreaterThanOrEqual(percentileAfterOne);
      // Issued dates on earned items.
      await expect(page.getByTestId('achievements-earned').locator('time').first()).toBeVisible();
      await expectNoViolations(page, 'achievements, some earned');

      // Another person sees the earned achievements on the profile.
      const visitor = await context.browser()!.newContext();
      await signIn(visitor, request, lang.commenter);
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${lang.prefix}/profile-${me.userId}`);
      // A whole profile page of another person and its cards' reads: on a loaded machine more than 5 s.
      await expect(visitorPage.getByTestId('earned-achievements')).toContainText(complete, { timeout: 15_000 });
      await visitor.close();
    },
  );

  journeyIn(lang)(
    `A second person comments on a post, the author replies and likes it, the commenter deletes it after confirming (${lang.locale})`,
    async ({ browser, request }) => {
      const authorContext = await browser.newContext();
      const author = await signIn(authorContext, request, lang.poster);
      const commenterContext = await browser.newContext();
      await signIn(commenterContext, request, lang.commenter);
      const authorPage = await authorContext.newPage();
      const commenterPage = await commenterContext.newPage();

      // The author writes a post through the form.
      await authorPage.goto(`${lang.prefix}/activities`);
      await expect(authorPage.getByRole('heading', { level: 1, name: text['title.activities'] })).toBeVisible();
      const title = `Launch ${lang.locale}`;
      await authorPage.getByLabel(text['activities.post.title']).fill(title);
      await authorPage.getByLabel(text['activities.post.text'], { exact: true }).fill('We launched today.');
      await authorPage.getByRole('button', { name: text['activities.post.submit'], exact: true }).click();
      const authorEntry = authorPage.locator('.activity').filter({ has: authorPage.getByRole('heading', { name: title }) });
      await expect(authorEntry).toBeVisible();

      // The second person opens the author's activity and comments.
      await commenterPage.goto(`${lang.prefix}/profile-${author.userId}/activities`);
      const entry = commenterPage.locator('.activity').filter({ has: commenterPage.getByRole('heading', { name: title }) });
      await entry.getByRole('button', { name: text['comments.show'].replace('{count}', '0') }).click();
      // An empty comment is refused under its field, and nothing is posted.
      await entry.getByRole('button', { name: text['comments.submit'], exact: true }).click();
      await expect(entry.getByLabel(text['comments.write'])).toHaveAccessibleDescription(text['validation.required']);
      await expect(entry.locator('.comment-text')).toHaveCount(0);
      await entry.getByLabel(text['comments.write']).fill('Congratulations!');
      await entry.getByRole('button', { name: text['comments.submit'], exact: true }).click();
      await expect(entry.locator('.comment-text')).toHaveText(['Congratulations!']);
      // The author is told at once (a toast, shown for 5 s).
      await expect(authorPage.locator('.ui-toast').filter({ hasText: lang.commenterName })).toBeVisible({ timeout: 5000 });
      await expectNoViolations(commenterPage, 'activities with comments');

      // The author opens the comments, replies and likes the comment.
      await authorEntry
        .getByRole('button', { name: text['comments.show'].replace('{count}', '0') })
        .or(authorEntry.getByRole('button', { name: text['comments.show'].replace('{count}', '1') }))
        .click();
      const comment = authorEntry.locator('.comment').filter({ hasText: 'Congratulations!' });
      await comment.locator('button[aria-pressed]').click();
      await expect(comment.locator('button[aria-pressed="true"]')).toContainText('1');
      await comment.getByRole('button', { name: new RegExp(text['comments.replyTo'].replace('{name}', '.*')) }).click();
      await authorEntry.getByRole('textbox', { name: new RegExp(text['comments.replyTo'].replace('{name}', '.*')) }).fill('Thank you!');
      await authorEntry.getByRole('button', { name: text['comments.submitReply'] }).click();
      await expect(authorEntry.locator('.comments-replies .comment-text')).toHaveText(['Thank you!']);

      // The commenter sees the reply and the like live, then deletes their comment after confirming.
      await expect(entry.locator('.comments-replies .comment-text')).toHaveText(['Thank you!'], { timeout: 5000 });
      const mine = entry.locator('.comment').filter({ hasText: 'Congratulations!' });
      await expect(mine.locator('button[aria-pressed]')).toContainText('1', { timeout: 5000 });
      await mine.getByRole('button', { name: text['comments.deleteLabel'] }).click();
      const dialog = commenterPage.getByRole('alertdialog');
      await expect(dialog).toContainText(text['confirm.delete.comment']);
      await expectNoViolations(commenterPage, 'comment deletion dialog');
      await dialog.getByRole('button', { name: text['comments.delete'] }).click();
      await expect(dialog).toBeHidden();
      await expect(entry.locator('.comment')).toHaveCount(0);
      await expect(entry.getByText(text['comments.empty'])).toBeVisible();

      // The author deletes the post after confirming.
      await authorPage.reload();
      await authorEntry.getByRole('button', { name: text['activities.deleteLabel'].replace('{title}', title) }).click();
      await expect(authorPage.getByRole('alertdialog')).toContainText(text['activities.deleteText']);
      await authorPage.getByRole('alertdialog').getByRole('button', { name: text['activities.delete'] }).click();
      await expect(authorEntry).toHaveCount(0);
      await authorContext.close();
      await commenterContext.close();
    },
  );

  journeyIn(lang)(
    `Every preset and sort shows the right entries from two years of posts, kept in the address (${lang.locale})`,
    async ({ page, context, request }) => {
      test.setTimeout(300_000);
      const person: SignedIn = await signIn(context, request, lang.history);
      const all = (await (await request.get('/api/activities?limit=50', { headers: person.auth })).json()) as { data: ActivityList };
      const instants = new Map(all.data.items.map((i) => [i.title, new Date(i.created_at)]));
      expect(instants.size).toBe(activityHistory.length);

      const titles = () => page.locator('.activity-title').allTextContents();
      const presetLabel = {
        today: text['activities.filter.today'],
        past_month: text['activities.filter.pastMonth'],
        this_month: text['activities.filter.thisMonth'],
        last_month: text['activities.filter.lastMonth'],
        past_year: text['activities.filter.pastYear'],
        this_year: text['activities.filter.thisYear'],
        last_year: text['activities.filter.lastYear'],
      };
      await page.goto(`${lang.prefix}/activities`);
      await expect(page.locator('.activity')).toHaveCount(activityHistory.length);
      for (const preset of activityPresets) {
        await page.getByLabel(text['activities.filter.label']).selectOption({ label: presetLabel[preset] });
        await expect(page).toHaveURL(new RegExp(`[?&]preset=${preset}`));
        const range = presetRange(preset, new Date(), lang.zone);
        const expected = [...instants]
          .filter(([, at]) => at >= range.from && at < range.to)
          .sort((a, b) => b[1].getTime() - a[1].getTime())
          .map(([t]) => t);
        if (expected.length) await expect.poll(titles).toEqual(expected);
        else await expect(page.getByText(text['activities.empty'])).toBeVisible();
      }
      await page.getByLabel(text['activities.filter.label']).selectOption({ label: text['activities.filter.any'] });
      const sorted = {
        newest: [...instants].sort((a, b) => b[1].getTime() - a[1].getTime()).map(([t]) => t),
        oldest: [...instants].sort((a, b) => a[1].getTime() - b[1].getTime()).map(([t]) => t),
        az: [...instants.keys()].sort(),
        za: [...instants.keys()].sort().reverse(),
      };
      const sortLabel = {
        newest: text['activities.sort.newest'],
        oldest: text['activities.sort.oldest'],
        az: text['activities.sort.az'],
        za: text['activities.sort.za'],
      };
      for (const sort of activitySorts) {
        await page.getByLabel(text['activities.sort.label']).selectOption({ label: sortLabel[sort] });
        await expect.poll(titles).toEqual(sorted[sort]);
      }
      // A reload shows the same list: preset and sort travel in the address.
      await page.getByLabel(text['activities.filter.label']).selectOption({ label: presetLabel.past_year });
      await expect(page).toHaveURL(/preset=past_year&sort=za/);
      const pastYear = presetRange('past_year', new Date(), lang.zone);
      const before = [...instants]
        .filter(([, at]) => at >= pastYear.from && at < pastYear.to)
        .map(([t]) => t)
        .sort()
        .reverse();
      await expect.poll(titles).toEqual(before);
      await page.reload();
      await expect.poll(titles).toEqual(before);
      await expect(page.getByLabel(text['activities.sort.label'])).toHaveValue('za');

      // A custom range.
      await page.getByLabel(text['activities.filter.label']).selectOption({ label: text['activities.filter.custom'] });
      // The day each was written on in the person's own time zone (the page's boundaries are there).
      const day = (title: string) => new Intl.DateTimeFormat('en-CA', { timeZone: lang.zone }).format(instants.get(title)!);
      await fillDateField(page, text['activities.filter.from'], day('Juliet'), lang.locale);
      await fillDateField(page, text['activities.filter.to'], day('Delta'), lang.locale);
      await page.getByRole('button', { name: text['activities.filter.apply'] }).click();
      await expect(page).toHaveURL(/from=.*&to=/);
      await expect.poll(titles).toEqual(['Juliet', 'Delta']);
      await expectNoViolations(page, 'activities, filtered');
    },
  );

  journeyIn(lang)(
    `The activities page has no accessibility violations when empty, signed out and at 360 px (${lang.locale})`,
    async ({ browser, request }) => {
      const anonymous = await browser.newContext();
      const signedOut = await anonymous.newPage();
      await signedOut.goto(`${lang.prefix}/activities`);
      await expect(signedOut.getByText(text['activities.signIn'])).toBeVisible();
      await expectNoViolations(signedOut, 'activities, signed out');
      await anonymous.close();

      const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
      await signIn(context, request, lang.empty);
      const page = await context.newPage();
      await page.goto(`${lang.prefix}/activities`);
      await expect(page.getByText(text['activities.emptyAll'])).toBeVisible();
      await expectNoViolations(page, 'activities, empty');
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(scroll).toBeLessThanOrEqual(0);
      // A post refused by the form shows its field messages.
      await page.getByRole('button', { name: text['activities.post.submit'] }).click();
      await expect(page.getByText(text['validation.required']).first()).toBeVisible();
      await expectNoViolations(page, 'activities, form errors');
      await page.goto(`${lang.prefix}/achievements`);
      await expect(page.getByTestId('achievements-count')).toBeVisible();
      const achievementsScroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(achievementsScroll).toBeLessThanOrEqual(0);
      await expectNoViolations(page, 'achievements at 360 px');
      await context.close();
    },
  );
}

test('A visitor who is not signed in is offered the login page from /activities', async ({ page }) => {
  await page.goto('/activities?preset=today');
  await page.getByRole('link', { name: dictionaries.en_GB['activities.signInLink'] }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Factivities%3Fpreset%3Dtoday/);
});
