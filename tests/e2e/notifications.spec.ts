import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { expectNoViolations } from './axe.ts';
import Pusher from 'pusher';
import { realtimePort } from '../../playwright.config.ts';
import { apiSignIn, signIn } from './sign-in.ts';

// The realtime journey: a person has their profile open in two tabs; another person
// endorses their skill; the badge and a toast show it live; 'Mark all as read' clears the badge in
// every tab; after sign-out no socket stays open.

// The hub's own view, through its signed HTTP API (the development apps' credentials): a page that
// navigates away drops its sockets without Chromium always reporting a close to Playwright, so "no
// socket stays open" is asked of the hub, which is what it means.
async function occupiedUserChannels(userId: number): Promise<string[]> {
  const apps = [
    { appId: '1001', key: 'achievements-dev-key', secret: 'achievements-dev-secret' },
    { appId: '1002', key: 'jobs-dev-key', secret: 'jobs-dev-secret' },
  ];
  const occupied: string[] = [];
  for (const app of apps) {
    const hub = new Pusher({ ...app, host: 'localhost', port: String(realtimePort), useTLS: false });
    const answer = await hub.get({ path: '/channels', params: { filter_by_prefix: `private-user.${userId}` } });
    const body = (await answer.json()) as { channels: Record<string, unknown> };
    occupied.push(
      ...Object.keys(body.channels)
        .filter((name) => name === `private-user.${userId}`)
        .map((name) => `${app.appId}:${name}`),
    );
  }
  return occupied;
}

/** Records the page's sockets and resolves once `count` private channels are subscribed. */
function watchSockets(page: Page) {
  const sockets: WebSocket[] = [];
  let subscribed = 0;
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('pusher_internal:subscription_succeeded')) subscribed += 1;
    });
  });
  return {
    sockets,
    subscribed: (count: number) => expect.poll(() => subscribed, { timeout: 15_000 }).toBeGreaterThanOrEqual(count),
  };
}

test('An endorsement shows on the badge and as a toast within a second, Mark all as read clears every tab, and sign-out closes the sockets', async ({
  context,
  request,
}) => {
  const owner = await signIn(context, request, 'liveOwner');
  const endorser = await apiSignIn(request, 'liveEndorser');
  const skill = await request.post('/api/profile/skills', { headers: owner.auth, data: { name: 'Realtime systems' } });
  expect(skill.ok()).toBe(true);
  const skillId = ((await skill.json()) as { data: { skills: { id: number; name: string }[] } }).data.skills.find(
    (s) => s.name === 'Realtime systems',
  )!.id;

  const me = await request.get('/api/profile/show', { headers: owner.auth });
  const userId = ((await me.json()) as { data: { user_id: number } }).data.user_id;

  const profileTab = await context.newPage();
  const listTab = await context.newPage();
  const profileSockets = watchSockets(profileTab);
  const listSockets = watchSockets(listTab);
  await profileTab.goto('/');
  await listTab.goto('/notifications');
  await expect(listTab.getByText('No new notifications')).toBeVisible();
  // Both apps' private user channels, in both tabs.
  await profileSockets.subscribed(2);
  await listSockets.subscribed(2);

  const badge = (page: Page) => page.locator('[data-unread-badge]').first();
  await expect(badge(profileTab)).toBeHidden();
  expect(await occupiedUserChannels(userId)).toHaveLength(2);
  const endorsed = await request.post(`/api/profile/skills/${skillId}/endorsement`, { headers: endorser.auth });
  expect(endorsed.ok()).toBe(true);

  // Within a second, without a reload. The first endorsement also unlocks the 'First endorsement'
  // achievement, a notification of its own: two unread.
  await expect(badge(profileTab)).toBeVisible({ timeout: 1000 });
  await expect(badge(profileTab).locator('[data-unread-count]')).toHaveText('2');
  await expect(profileTab.getByText('Eryk Endorser endorsed your skill Realtime systems.')).toBeVisible({ timeout: 1000 });
  await expect(badge(listTab).locator('[data-unread-count]')).toHaveText('2', { timeout: 1000 });
  const item = listTab.getByRole('listitem').filter({ hasText: 'Eryk Endorser endorsed your skill Realtime systems.' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Unread')).toBeVisible();
  await expect(item.getByRole('link')).toHaveAttribute('href', '/');

  await listTab.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(badge(listTab)).toBeHidden();
  await expect(badge(profileTab)).toBeHidden();
  await expect(item.getByText('Unread')).toBeHidden();

  await profileTab.getByRole('button', { name: /account menu/ }).click();
  await profileTab.getByRole('button', { name: 'Sign out' }).click();
  await profileTab.waitForURL(/\/login$/);
  await listTab.waitForURL(/\/login/);
  const all = [...profileSockets.sockets, ...listSockets.sockets];
  expect(all.length).toBeGreaterThanOrEqual(4);
  await expect.poll(() => occupiedUserChannels(userId), { timeout: 10_000 }).toEqual([]);
});

test('The notifications list pages with a cursor, newest first, with relative times', async ({ page, context, request }) => {
  const person = await signIn(context, request, 'notifyPager');
  const endorser = await apiSignIn(request, 'pageEndorser');
  // 25 endorsements of 25 skills: more than one page (20). Along the way three achievements unlock
  // (the first endorsement, five skills, ten endorsements), one notification for the day, rewritten
  // as each unlocks (decision 239): 26 in all.
  for (let i = 1; i <= 25; i += 1) {
    const added = await request.post('/api/profile/skills', {
      headers: person.auth,
      data: { name: `Skill ${String(i).padStart(2, '0')}` },
    });
    const id = ((await added.json()) as { data: { skills: { id: number; name: string }[] } }).data.skills.find(
      (s) => s.name === `Skill ${String(i).padStart(2, '0')}`,
    )!.id;
    expect((await request.post(`/api/profile/skills/${id}/endorsement`, { headers: endorser.auth })).ok()).toBe(true);
  }
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page.locator('.notifications-list > li');
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText('Skill 25');
  await expect(items.first().locator('time')).toHaveText(/ago/);
  await page.getByRole('button', { name: 'Show older notifications' }).click();
  await expect(items).toHaveCount(26);
  await expect(items.last()).toContainText('Skill 01');
  // The day's unlocks name their achievements in quotes with their count (decisions 176 and 239).
  const unlocks = items.filter({ hasText: /You unlocked \d+ achievements?: ‘/ });
  await expect(unlocks).toHaveCount(1);
  await expect(unlocks).toContainText('You unlocked 3 achievements: ‘');
  // Nobody caused an achievement: it shows a sign, not the initial of 'Someone'; an endorsement shows its endorser.
  await expect(unlocks.locator('.notification-sign[data-sign="star"]')).toHaveCount(1);
  await expect(unlocks.locator('.ui-avatar:not(.notification-sign)')).toHaveCount(0);
  await expect(items.first().locator('.ui-avatar:not(.notification-sign)')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Show older notifications' })).toHaveCount(0);
});

for (const [locale, path, who, emptyWho, empty] of [
  ['en_GB', '/notifications', 'notifyEn', 'notifyEmptyEn', 'No new notifications'],
  ['uk_UA', '/uk/notifications', 'notifyUk', 'notifyEmptyUk', 'Немає нових сповіщень'],
] as const) {
  test(`The notifications page has no accessibility violations, empty and full (${locale})`, async ({ browser, request }) => {
    const axe = (page: Page) => expectNoViolations(page, page.url());
    const emptyContext = await browser.newContext();
    await signIn(emptyContext, request, emptyWho);
    const emptyPage = await emptyContext.newPage();
    await emptyPage.goto(path);
    await expect(emptyPage.getByText(empty)).toBeVisible();
    await axe(emptyPage);
    await emptyContext.close();

    const fullContext = await browser.newContext();
    const person = await signIn(fullContext, request, who);
    const endorser = await apiSignIn(request, 'a11yEndorser');
    const added = await request.post('/api/profile/skills', { headers: person.auth, data: { name: `A11y ${locale}` } });
    const id = ((await added.json()) as { data: { skills: { id: number; name: string }[] } }).data.skills.find(
      (s) => s.name === `A11y ${locale}`,
    )!.id;
    await request.post(`/api/profile/skills/${id}/endorsement`, { headers: endorser.auth });
    const page = await fullContext.newPage();
    await page.goto(path);
    await expect(page.locator('.notifications-list > li').first()).toBeVisible();
    await axe(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/notifications-${locale}-${width}.png`, fullPage: true });
    }
    await fullContext.close();
  });
}
