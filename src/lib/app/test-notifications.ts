// For tests: the notifications page showing its list, read from the server (a stubbed fetch) with
// these notifications: the realtime module's events change the list a page shows (decision 236).
import { vi } from 'vitest';
import type { Notification } from '../../../contract/notifications.ts';
import { $notifications, loadNotifications } from '../stores/notifications.ts';

/** Shows the list read as `items` (with `nextCursor`); resolves to what stops showing it. */
export async function showNotifications(items: Notification[], nextCursor: string | null): Promise<() => void> {
  const unread = items.filter((n) => n.read_at === null).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ data: { items, next_cursor: nextCursor, unread_count: unread } })),
  );
  const stop = $notifications.listen(() => undefined);
  try {
    await loadNotifications();
  } finally {
    vi.unstubAllGlobals();
  }
  return stop;
}
