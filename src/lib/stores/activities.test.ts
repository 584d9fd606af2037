// The activities list and its threads through the one path (decision 236): a comment, reply or like
// arriving live reads an open thread again and brings a closed one's count up to date, and only the
// answer for the query shown shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, ActivityList, Comment } from '../../../contract/activities.ts';
import type { Notification } from '../../../contract/notifications.ts';
import * as api from '../api/activities-api.ts';
import type * as ActivitiesStore from './activities.ts';

vi.mock('../api/activities-api.ts', () => ({
  fetchActivities: vi.fn(),
  fetchComments: vi.fn(),
  createPost: vi.fn(),
  deleteActivity: vi.fn(),
  deleteComment: vi.fn(),
  postComment: vi.fn(),
  setCommentLike: vi.fn(),
}));

// Each test starts from a page just opened: the store and its cache anew.
let store: typeof ActivitiesStore;
let stop: () => void = () => undefined;
beforeEach(async () => {
  vi.resetModules();
  store = await import('./activities.ts');
  // The page shows the list, as the island does: a fetcher store reads only while shown.
  stop = store.$activities.listen(() => undefined);
});
afterEach(() => {
  stop();
  vi.resetAllMocks();
});

const entry = (id: number, comment_count: number) => ({ id, comment_count }) as unknown as ActivityEntry;
const list = (entries: ActivityEntry[], next: string | null = null): ActivityList => ({
  items: entries,
  next_cursor: next,
  range: null,
  time_zone: 'UTC',
});
const comment = (id: number) => ({ id, parent_id: null }) as Comment;
const commentOn = (postId: number) => ({ subject: { type: 'post', id: postId } }) as unknown as Notification;
const count = (id: number) => store.$activities.get().data?.items.find((i) => i.id === id)?.comment_count;

describe('a comment, reply or like arriving live', () => {
  it('brings a closed thread’s comment count up to date, without opening it', async () => {
    vi.mocked(api.fetchActivities).mockResolvedValue(list([entry(7, 2), entry(8, 0)]));
    await store.loadActivities({ sort: 'newest' });
    vi.mocked(api.fetchComments).mockResolvedValue({ items: [comment(1), comment(2), comment(3)] });
    store.receiveActivityNotification(commentOn(7));
    await vi.waitFor(() => expect(count(7)).toBe(3));
    expect(api.fetchComments).toHaveBeenCalledWith(7);
    expect(store.$openThreads.get()['7']).toBeUndefined();
    expect(count(8)).toBe(0);
  });

  it('reads nothing for an entry this page does not list', async () => {
    vi.mocked(api.fetchActivities).mockResolvedValue(list([entry(7, 2)]));
    await store.loadActivities({ sort: 'newest' });
    store.receiveActivityNotification(commentOn(99));
    expect(api.fetchComments).not.toHaveBeenCalled();
  });

  it('reads an open thread again when a reply names one of its comments', async () => {
    vi.mocked(api.fetchActivities).mockResolvedValue(list([entry(7, 1)]));
    await store.loadActivities({ sort: 'newest' });
    vi.mocked(api.fetchComments)
      .mockResolvedValueOnce({ items: [comment(1)] })
      .mockResolvedValueOnce({ items: [comment(1), comment(2)] });
    const thread = store.commentsOf(7);
    const stopThread = thread.listen(() => undefined);
    await store.openThread(7);
    store.receiveActivityNotification({ subject: { type: 'comment', id: 1 } } as unknown as Notification);
    await vi.waitFor(() => expect(thread.get().data?.map((c) => c.id)).toEqual([1, 2]));
    expect(count(7)).toBe(2);
    stopThread();
  });
});

describe('the list', () => {
  it('never shows the answer to an older query, whichever answers last', async () => {
    let answerOld: (page: ActivityList) => void = () => undefined;
    vi.mocked(api.fetchActivities).mockImplementation((query) =>
      query.sort === 'oldest' ? new Promise((resolve) => (answerOld = resolve)) : Promise.resolve(list([entry(9, 0)])),
    );
    const old = store.loadActivities({ sort: 'oldest' });
    await vi.waitFor(() => expect(api.fetchActivities).toHaveBeenCalledTimes(1));
    await store.loadActivities({ sort: 'newest' });
    answerOld(list([entry(1, 0)]));
    await old;
    expect(store.$activities.get().data?.items.map((i) => i.id)).toEqual([9]);
  });

  it('appends the next page by its cursor, and reads the list again after a post', async () => {
    vi.mocked(api.fetchActivities)
      .mockResolvedValueOnce(list([entry(3, 0), entry(2, 0)], 'c1'))
      .mockResolvedValueOnce(list([entry(1, 0)]))
      .mockResolvedValueOnce(list([entry(4, 0), entry(3, 0)], 'c2'));
    await store.loadActivities({ sort: 'newest' });
    await store.loadMoreActivities();
    expect(api.fetchActivities).toHaveBeenLastCalledWith({ sort: 'newest', cursor: 'c1' });
    expect(store.$activities.get().data?.items.map((i) => i.id)).toEqual([3, 2, 1]);
    vi.mocked(api.createPost).mockResolvedValue(entry(4, 0));
    await store.writePost({ title: 'New', text: 'Text' });
    expect(store.$activities.get().data?.items.map((i) => i.id)).toEqual([4, 3]);
  });
});
