// @vitest-environment happy-dom
// The profile's Activity card: the person's latest entries with a link to /activities; the
// placeholder only for someone with none. It reads through the one path (decision 236): an answer for
// a person no longer shown never shows.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../contract/activities.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { fetchActivities } from '../../lib/api/activities-api.ts';
import { forgetServerData } from '../../lib/stores/query.ts';
import RecentActivity from './RecentActivity.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/api/activities-api.ts', () => ({ fetchActivities: vi.fn() }));
const fetchMock = vi.mocked(fetchActivities);

const entry = (id: number, change: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  kind: 'post',
  author: { user_id: 7, first_name: 'Ann', last_name: 'Lee', photo_url: null },
  title: `Post ${id}`,
  text: 'Text',
  details: { achievement: null, company: null, position: null, person: null },
  comment_count: 0,
  is_own: false,
  created_at: '2026-03-0' + id + 'T10:00:00.000Z',
  ...change,
});

const answer = (items: ActivityEntry[]) => ({ items, next_cursor: null, range: null, time_zone: 'UTC' });

function card(props: { userId: number; isOwner: boolean; locale?: Locale }) {
  const locale = props.locale ?? 'en_GB';
  // Only the keys the profile page ships: a missing one would show as the key itself.
  return (
    <RecentActivity
      userId={props.userId}
      isOwner={props.isOwner}
      locale={locale}
      t={messagesTranslator(islandMessages(locale, 'profile/ProfileApp.tsx'))}
    />
  );
}

const show = (props: { userId: number; isOwner: boolean; locale?: Locale }) => render(card(props));

/** A read that answers when the test says. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  forgetServerData();
});

describe('the Activity card of a profile', () => {
  it("shows another person's latest entries, newest first as the server sorts them, with a link to their activities", async () => {
    fetchMock.mockResolvedValue(
      answer([
        entry(3, { title: 'Shipped the redesign' }),
        entry(2, { kind: 'new_job', details: { achievement: null, company: 'Acme', position: 'Designer', person: null } }),
        entry(1, {}),
      ]),
    );
    show({ userId: 7, isOwner: false, locale: 'uk_UA' });
    const list = await screen.findByTestId('recent-activity');
    expect(fetchMock).toHaveBeenCalledWith({ user: 7, sort: 'newest', limit: 3 });
    expect([...list.querySelectorAll('.recent-activity-title')].map((el) => el.textContent)).toEqual([
      'Shipped the redesign',
      'Нова робота: Designer у компанії Acme',
      'Post 1',
    ]);
    expect(screen.getByRole('link', { name: 'Уся активність' }).getAttribute('href')).toBe('/uk/profile-7/activities');
    expect(screen.queryByText('Тут з’явиться активність.')).toBeNull();
  });

  it('links the owner to their own activities page', async () => {
    fetchMock.mockResolvedValue(answer([entry(1, { title: 'Hello', is_own: true })]));
    show({ userId: 5, isOwner: true });
    await screen.findByText('Hello');
    expect(screen.getByRole('link', { name: 'See all activity' }).getAttribute('href')).toBe('/activities');
  });

  it('shows the placeholder only for someone with no activity', async () => {
    fetchMock.mockResolvedValue(answer([]));
    show({ userId: 9, isOwner: true });
    await waitFor(() => expect(screen.getByText('Activity will appear here.')).toBeTruthy());
    expect(screen.getByText('Your posts, comments and reactions will show here.')).toBeTruthy();
    expect(screen.queryByTestId('recent-activity')).toBeNull();
  });

  it('drops the answer for a person no longer shown, even when it arrives last', async () => {
    const first = deferred<ReturnType<typeof answer>>();
    fetchMock.mockImplementation((query) =>
      query.user === 7 ? first.promise : Promise.resolve(answer([entry(2, { title: 'Nine’s post' })])),
    );
    const { rerender } = show({ userId: 7, isOwner: false });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith({ user: 7, sort: 'newest', limit: 3 }));
    rerender(card({ userId: 9, isOwner: false }));
    await screen.findByText('Nine’s post');
    first.resolve(answer([entry(1, { title: 'Seven’s post' })]));
    await first.promise;
    await new Promise((settled) => setTimeout(settled, 0));
    expect(screen.queryByText('Seven’s post')).toBeNull();
    expect(screen.getByText('Nine’s post')).toBeTruthy();
  });

  it('shows the placeholder, not a skeleton for ever, when the read fails', async () => {
    fetchMock.mockRejectedValue(new Error('offline'));
    show({ userId: 4, isOwner: true });
    await screen.findByText('Activity will appear here.');
    expect(document.querySelector('.earned-skeleton')).toBeNull();
  });
});
