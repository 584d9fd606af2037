// The `/activities` list and the comments of its entries (activity issue). Islands read the atoms and
// call the actions; the realtime module calls `receiveActivityNotification` when someone comments,
// replies or likes, so an open thread and a closed one's count update live.
import { atom, map } from 'nanostores';
import type { ActivityEntry, Comment, CreateCommentRequest, CreatePostRequest } from '../../../contract/activities.ts';
import type { Notification } from '../../../contract/notifications.ts';
import {
  createPost,
  deleteActivity,
  deleteComment,
  fetchActivities,
  fetchComments,
  postComment,
  setCommentLike,
  type ActivityQuery,
} from '../api/activities-api.ts';

export interface ActivitiesState {
  query: ActivityQuery;
  items: ActivityEntry[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  loadingMore: boolean;
  /** The range the filter meant, [from, to), and the time zone its boundaries were computed in. */
  range: { from: string; to: string } | null;
  timeZone: string | null;
}

const initial: ActivitiesState = {
  query: {},
  items: [],
  nextCursor: null,
  status: 'idle',
  loadingMore: false,
  range: null,
  timeZone: null,
};
export const $activities = atom<ActivitiesState>(initial);

function update(change: Partial<ActivitiesState>): void {
  $activities.set({ ...$activities.get(), ...change });
}

let generation = 0;

/** Loads the first page for `query`; a later call wins over an earlier one still on its way. */
export async function loadActivities(query: ActivityQuery): Promise<void> {
  const mine = ++generation;
  update({ query, status: 'loading', items: [], nextCursor: null });
  try {
    const page = await fetchActivities(query);
    if (mine !== generation) return;
    update({ items: page.items, nextCursor: page.next_cursor, status: 'ready', range: page.range, timeZone: page.time_zone });
  } catch (error) {
    if (mine === generation) update({ status: 'failed' });
    throw error;
  }
}

/** Appends the next page. */
export async function loadMoreActivities(): Promise<void> {
  const { nextCursor, loadingMore, query } = $activities.get();
  if (!nextCursor || loadingMore) return;
  const mine = generation;
  update({ loadingMore: true });
  try {
    const page = await fetchActivities({ ...query, cursor: nextCursor });
    if (mine !== generation) return;
    const known = new Set($activities.get().items.map((i) => i.id));
    update({ items: [...$activities.get().items, ...page.items.filter((i) => !known.has(i.id))], nextCursor: page.next_cursor });
  } finally {
    update({ loadingMore: false });
  }
}

/** Writes a post, then shows the list again so it appears where the filter and sort put it. */
export async function writePost(input: CreatePostRequest): Promise<ActivityEntry> {
  const entry = await createPost(input);
  await loadActivities($activities.get().query);
  return entry;
}

/** Deletes one of the person's own entries. */
export async function removeActivity(id: number): Promise<void> {
  await deleteActivity(id);
  update({ items: $activities.get().items.filter((i) => i.id !== id) });
  $comments.setKey(String(id), undefined);
}

export interface Thread {
  status: 'loading' | 'ready' | 'failed';
  items: Comment[];
}

/** Comments by entry id (as a string key), present once an entry's comments were opened. */
export const $comments = map<Record<string, Thread | undefined>>({});

function setThread(activityId: number, items: Comment[]): void {
  $comments.setKey(String(activityId), { status: 'ready', items });
  update({ items: $activities.get().items.map((i) => (i.id === activityId ? { ...i, comment_count: items.length } : i)) });
}

export async function loadComments(activityId: number): Promise<void> {
  const known = $comments.get()[String(activityId)];
  $comments.setKey(String(activityId), { status: known?.status === 'ready' ? 'ready' : 'loading', items: known?.items ?? [] });
  try {
    setThread(activityId, (await fetchComments(activityId)).items);
  } catch (error) {
    if (!known) $comments.setKey(String(activityId), { status: 'failed', items: [] });
    throw error;
  }
}

export async function addComment(activityId: number, input: CreateCommentRequest): Promise<void> {
  setThread(activityId, (await postComment(activityId, input)).items);
}

export async function removeComment(activityId: number, commentId: number): Promise<void> {
  await deleteComment(commentId);
  const thread = $comments.get()[String(activityId)];
  // Its replies go with it.
  setThread(
    activityId,
    (thread?.items ?? []).filter((c) => c.id !== commentId && c.parent_id !== commentId),
  );
}

export async function toggleLike(activityId: number, comment: Comment): Promise<void> {
  const state = await setCommentLike(comment.id, !comment.liked_by_me);
  const thread = $comments.get()[String(activityId)];
  if (!thread) return;
  $comments.setKey(String(activityId), { ...thread, items: thread.items.map((c) => (c.id === comment.id ? { ...c, ...state } : c)) });
}

/**
 * A comment, reply or like notification arrived: an open thread it concerns is read again, and a closed
 * one's count on the list follows too ("Show 3 comments" stayed at 2 until a reload).
 */
export function receiveActivityNotification(notification: Notification, read: typeof fetchComments = fetchComments): void {
  const subject = notification.subject;
  if (!subject) return;
  const threads = $comments.get();
  const activityId =
    subject.type === 'post'
      ? subject.id
      : Number(Object.entries(threads).find(([, thread]) => thread?.items.some((c) => c.id === subject.id))?.[0] ?? NaN);
  if (!Number.isFinite(activityId)) return;
  if (threads[String(activityId)]) {
    void loadComments(activityId).catch(() => undefined);
    return;
  }
  if (!$activities.get().items.some((entry) => entry.id === activityId)) return;
  void read(activityId)
    .then(({ items }) =>
      update({ items: $activities.get().items.map((i) => (i.id === activityId ? { ...i, comment_count: items.length } : i)) }),
    )
    .catch(() => undefined);
}
