// The `/activities` list and the comments of its entries, fetcher stores of the one path (decision
// 236): the list under `activities/list?{query}` (the pages read so far), each entry's comments under
// `activities/{id}/comments`. Islands read the stores and call the actions; the realtime module calls
// `receiveActivityNotification` when someone comments, replies or likes, so an open thread and a
// closed one's count update live.
import { atom, computed, map } from 'nanostores';
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
import { cached, change, put, readAgain, refresh, serverData, type FetcherStore } from './query.ts';

/** The pages read for a query, and what the server says of its range. */
export interface ActivityPages {
  items: ActivityEntry[];
  nextCursor: string | null;
  /** The range the filter meant, [from, to), and the time zone its boundaries were computed in. */
  range: { from: string; to: string } | null;
  timeZone: string | null;
}

const listKeyOf = (query: ActivityQuery) =>
  `activities/list?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}`;

/** The query the page shows; null before the address is read. */
const $query = atom<ActivityQuery | null>(null);
const $listKey = computed($query, (query) => (query ? listKeyOf(query) : null));
/** The query of each key read (the fetcher gets the key). */
const queries = new Map<string, ActivityQuery>();

/** The list: `data` once its first page is read. */
export const $activities = serverData<ActivityPages>([$listKey], async (key) => {
  const page = await fetchActivities(queries.get(String(key)) ?? {});
  return { items: page.items, nextCursor: page.next_cursor, range: page.range, timeZone: page.time_zone };
});

/** 'Load more' under way. */
export const $loadingMoreActivities = atom(false);

/** Changes the list shown, if read. */
function editList(edit: (pages: ActivityPages) => ActivityPages): void {
  const key = $listKey.get();
  if (key) change<ActivityPages>(key, edit);
}

const withCount = (activityId: number, count: number) => (pages: ActivityPages) => ({
  ...pages,
  items: pages.items.map((i) => (i.id === activityId ? { ...i, comment_count: count } : i)),
});

/** Shows the first page for `query` (read again; what was read for it before shows meanwhile); an answer for another query is dropped. */
export async function loadActivities(query: ActivityQuery): Promise<void> {
  const key = listKeyOf(query);
  queries.set(key, query);
  $query.set(query);
  await readAgain($activities, key);
}

/** Appends the next page. */
export async function loadMoreActivities(): Promise<void> {
  const key = $listKey.get();
  const query = $query.get();
  const cursor = key ? cached<ActivityPages>(key)?.nextCursor : null;
  if (!key || !query || !cursor || $loadingMoreActivities.get()) return;
  $loadingMoreActivities.set(true);
  try {
    const page = await fetchActivities({ ...query, cursor });
    // Appended only to the pages it follows, under the query it was asked for.
    change<ActivityPages>(key, (pages) => {
      if (pages.nextCursor !== cursor) return pages;
      const known = new Set(pages.items.map((i) => i.id));
      return { ...pages, items: [...pages.items, ...page.items.filter((i) => !known.has(i.id))], nextCursor: page.next_cursor };
    });
  } finally {
    $loadingMoreActivities.set(false);
  }
}

/** Writes a post, then reads the list again so it appears where the filter and sort put it. */
export async function writePost(input: CreatePostRequest): Promise<ActivityEntry> {
  const entry = await createPost(input);
  await readAgain($activities);
  return entry;
}

/** Deletes one of the person's own entries. */
export async function removeActivity(id: number): Promise<void> {
  await deleteActivity(id);
  editList((pages) => ({ ...pages, items: pages.items.filter((i) => i.id !== id) }));
  closeThread(id);
}

/** The threads open on the page, by entry id (as a string key). */
export const $openThreads = map<Record<string, true | undefined>>({});

const commentsKeyOf = (activityId: number) => `activities/${activityId}/comments`;
const threads = new Map<number, FetcherStore<Comment[]>>();

/** An entry's comments: `data` once read. Reading them also brings the list's count up to date. */
export function commentsOf(activityId: number): FetcherStore<Comment[]> {
  let thread = threads.get(activityId);
  if (!thread) {
    thread = serverData<Comment[]>(commentsKeyOf(activityId), async () => {
      const { items } = await fetchComments(activityId);
      editList(withCount(activityId, items.length));
      return items;
    });
    threads.set(activityId, thread);
  }
  return thread;
}

/** Opens an entry's thread: its comments read (again; those read before show meanwhile). */
export async function openThread(activityId: number): Promise<void> {
  $openThreads.setKey(String(activityId), true);
  await readAgain(commentsOf(activityId));
}

export function closeThread(activityId: number): void {
  $openThreads.setKey(String(activityId), undefined);
}

/** The thread's comments are `items` (a write answered them): they show, and the list's count follows. */
function showThread(activityId: number, items: Comment[]): void {
  put(commentsKeyOf(activityId), items);
  editList(withCount(activityId, items.length));
}

export async function addComment(activityId: number, input: CreateCommentRequest): Promise<void> {
  showThread(activityId, (await postComment(activityId, input)).items);
}

export async function removeComment(activityId: number, commentId: number): Promise<void> {
  await deleteComment(commentId);
  // Its replies go with it.
  const left = (cached<Comment[]>(commentsKeyOf(activityId)) ?? []).filter((c) => c.id !== commentId && c.parent_id !== commentId);
  showThread(activityId, left);
}

export async function toggleLike(activityId: number, comment: Comment): Promise<void> {
  const state = await setCommentLike(comment.id, !comment.liked_by_me);
  change<Comment[]>(commentsKeyOf(activityId), (items) => items.map((c) => (c.id === comment.id ? { ...c, ...state } : c)));
}

/**
 * A comment, reply or like notification arrived: an open thread it concerns is read again, and a closed
 * one's count on the list follows too ("Show 3 comments" stayed at 2 until a reload). An entry the page
 * does not list reads nothing.
 */
export function receiveActivityNotification(notification: Notification): void {
  const subject = notification.subject;
  if (!subject) return;
  const open = Object.keys($openThreads.get()).map(Number);
  const activityId =
    subject.type === 'post' ? subject.id : open.find((id) => cached<Comment[]>(commentsKeyOf(id))?.some((c) => c.id === subject.id));
  if (activityId === undefined) return;
  if ($openThreads.get()[String(activityId)]) {
    refresh(commentsKeyOf(activityId)).catch(() => undefined);
    return;
  }
  const key = $listKey.get();
  if (!key || !cached<ActivityPages>(key)?.items.some((entry) => entry.id === activityId)) return;
  // Read as if shown, for the count the list shows.
  readAgain(commentsOf(activityId)).catch(() => undefined);
}
