// The unread-notification count the header's badge shows. The shell only reads it; the realtime
// and notifications feature writes it when it loads the list, when an event arrives and
// when notifications are read, so every open tab's badge stays current.
import { atom } from 'nanostores';

/** Unread notifications; null while unknown (no badge is shown). */
export const $unreadNotifications = atom<number | null>(null);

export function setUnreadNotifications(count: number | null): void {
  $unreadNotifications.set(count === null ? null : Math.max(0, Math.floor(count)));
}
