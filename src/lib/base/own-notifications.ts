// Notifications this tab's own action causes (decision 239). The action says what
// happened with its own toast ('You leave Northwind Studio on 29 Nov 2026'), so the realtime
// notification the server sends the person for it ('You left Northwind Studio.') must not toast a
// second time in this tab. It still reaches the list and the badge here, and other tabs as usual.
import type { Notification, NotificationKind } from '../../../contract/notifications.ts';

/**
 * How long an expectation waits for its notification. The relay publishes within a second or two;
 * the bound only keeps a notification that never came (the kind turned off, a lost publish) from
 * silencing a later one of the same kind caused elsewhere.
 */
export const ownNotificationWaitMs = 120_000;

interface Expectation {
  kind: NotificationKind;
  /** The company the notification will name; null when any company will do. */
  companyId: number | null;
  until: number;
}

const waiting = new Set<Expectation>();

/**
 * Registers that this tab's action is about to cause a notification of `kind` (about `companyId`)
 * for the person. Call it before the request: the notification may arrive before the answer. Returns
 * a cancel for when the action fails.
 */
export function expectOwnNotification(kind: NotificationKind, companyId: number | null, now = Date.now()): () => void {
  const expectation: Expectation = { kind, companyId, until: now + ownNotificationWaitMs };
  waiting.add(expectation);
  return () => void waiting.delete(expectation);
}

/**
 * Whether `notification` is the one an action of this tab announced (and then no longer expected:
 * each expectation silences one notification).
 */
export function isOwnNotification(notification: Pick<Notification, 'kind' | 'company'>, now = Date.now()): boolean {
  for (const expectation of waiting) {
    if (expectation.until < now) {
      waiting.delete(expectation);
      continue;
    }
    if (expectation.kind !== notification.kind) continue;
    if (expectation.companyId !== null && expectation.companyId !== (notification.company?.id ?? null)) continue;
    waiting.delete(expectation);
    return true;
  }
  return false;
}
