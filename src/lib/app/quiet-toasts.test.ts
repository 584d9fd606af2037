// Which live notifications toast, and where toasts sit (decision 239): a
// day's unlocks never toast; one leave is one toast (the action's own; the 'You left …' notification
// it causes does not toast again in the same tab, but does in another); toasts on a phone stay clear
// of the whole header and of the control just used.
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications.ts';
import { notificationText, notificationTextKey } from '../base/notification-text.ts';
import { expectOwnNotification, isOwnNotification, ownNotificationWaitMs } from '../base/own-notifications.ts';
import { toastsOnReceipt } from './realtime.ts';
import { toastPlacement, type PlacementInput } from '../base/toast-placement.ts';
import { dictionaries } from '../../i18n/index.ts';
import { $notifications, receiveNotification } from '../stores/notifications.ts';
import { forgetServerData } from '../stores/query.ts';
import { showNotifications } from './test-notifications.ts';

const notification = (change: Partial<Notification> = {}): Notification => ({
  id: 1,
  kind: 'left_company',
  scope: 'personal',
  company: { id: 4, name: 'Northwind Studio' },
  actor: null,
  subject: { type: 'employment', id: 9, name: 'Northwind Studio', owner_id: null },
  read_at: null,
  created_at: '2026-11-28T10:00:00Z',
  ...change,
});

describe('toasts for live notifications', () => {
  it('never toast an achievement unlock, nor one already read', () => {
    expect(toastsOnReceipt(notification({ kind: 'achievement_unlocked', company: null }))).toBe(false);
    expect(toastsOnReceipt(notification({ kind: 'endorsement', read_at: '2026-11-28T10:01:00Z' }))).toBe(false);
    expect(toastsOnReceipt(notification({ kind: 'endorsement' }))).toBe(true);
  });

  it('toast once for one leave: the action’s own toast, not the notification it causes in the same tab', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expectOwnNotification('left_company', 4, now);
    // Another company's leave (another tab's) still toasts; this one does not, once.
    expect(toastsOnReceipt(notification({ company: { id: 5, name: 'Acme' } }), now + 1000)).toBe(true);
    expect(toastsOnReceipt(notification(), now + 1000)).toBe(false);
    expect(toastsOnReceipt(notification(), now + 2000)).toBe(true);
  });

  it('forget an expectation whose action failed, or whose notification never came', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    const cancel = expectOwnNotification('left_company', 4, now);
    cancel();
    expect(isOwnNotification(notification(), now + 10)).toBe(false);
    expectOwnNotification('left_company', null, now);
    expect(isOwnNotification(notification(), now + ownNotificationWaitMs + 1)).toBe(false);
    // Without a company, any company's leave is the one expected.
    expectOwnNotification('left_company', null, now);
    expect(isOwnNotification(notification({ company: { id: 8, name: 'Other' } }), now + 10)).toBe(true);
  });
});

describe('a day’s unlocks in words', () => {
  const day = (count: number) =>
    notification({
      kind: 'achievement_unlocked',
      company: null,
      subject: { type: 'achievement', id: 3, name: '«А» і «Б»', owner_id: null, count },
    });
  const say = (count: number, locale: 'en_GB' | 'uk_UA') => {
    const n = day(count);
    return notificationText(n, dictionaries[locale][notificationTextKey(n, locale)], '');
  };
  it('use each language’s plural forms, and the per-change ones stored before keep their sentence', () => {
    expect(say(1, 'en_GB')).toBe('You unlocked 1 achievement: «А» і «Б».');
    expect(say(2, 'en_GB')).toBe('You unlocked 2 achievements: «А» і «Б».');
    expect(say(1, 'uk_UA')).toBe('Ви отримали 1 досягнення: «А» і «Б».');
    expect(say(3, 'uk_UA')).toBe('Ви отримали 3 досягнення: «А» і «Б».');
    expect(say(5, 'uk_UA')).toBe('Ви отримали 5 досягнень: «А» і «Б».');
    expect(say(11, 'uk_UA')).toBe('Ви отримали 11 досягнень: «А» і «Б».');
    expect(say(22, 'uk_UA')).toBe('Ви отримали 22 досягнення: «А» і «Б».');
    const { count: _, ...legacy } = day(1).subject!;
    expect(notificationTextKey({ ...day(1), subject: legacy }, 'uk_UA')).toBe('notifications.kind.achievement_unlocked');
  });
});

describe('a day’s unlocks arriving live', () => {
  it('rewrite the listed notification where it stands, not add another', async () => {
    const unlock = (count: number, name: string) =>
      notification({
        id: 7,
        kind: 'achievement_unlocked',
        company: null,
        subject: { type: 'achievement', id: 3, name, owner_id: null, count },
      });
    // The page shows the list, read empty.
    const stop = await showNotifications([], null);
    receiveNotification(unlock(1, '‘A’'), 1);
    receiveNotification(notification({ id: 8, kind: 'endorsement' }), 2);
    receiveNotification(unlock(2, '‘A’ and ‘B’'), 2);
    expect($notifications.get().data?.items.map((n) => [n.id, n.subject?.name])).toEqual([
      [8, 'Northwind Studio'],
      [7, '‘A’ and ‘B’'],
    ]);
    stop();
    forgetServerData();
  });
});

describe('where toasts sit', () => {
  // A 390 × 844 phone whose header (bar and search row) ends at 116 px; two toasts are 150 px tall.
  const phone: PlacementInput = {
    viewport: { width: 390, height: 844 },
    headerBottom: 116,
    control: null,
    controlInHeader: false,
    stackHeight: 150,
    stackWidth: 366,
    gap: 12,
  };
  const box = (top: number, height = 44, left = 16, right = 200) => ({ top, bottom: top + height, left, right });

  it('on a phone: under the whole header, so the search stays clear, unless the control just used is there', () => {
    expect(toastPlacement(phone)).toEqual({ edge: 'top', top: 128 });
    // A button low on the screen: the toasts stay at the top.
    expect(toastPlacement({ ...phone, control: box(700) }).edge).toBe('top');
    // A button just under the header, where the toasts would go: they go to the bottom.
    expect(toastPlacement({ ...phone, control: box(200) }).edge).toBe('bottom');
    // The header's search (its suggestions open under it): the bottom.
    expect(toastPlacement({ ...phone, control: box(66), controlInHeader: true }).edge).toBe('bottom');
    // The header scrolled away or absent: from the top of the screen.
    expect(toastPlacement({ ...phone, headerBottom: 0 }).top).toBe(12);
  });

  it('on a desktop: bottom right (SPEC §9), at the top right when the control just used is there', () => {
    const desktop: PlacementInput = { ...phone, viewport: { width: 1280, height: 800 }, headerBottom: 57, stackWidth: 384 };
    expect(toastPlacement(desktop)).toEqual({ edge: 'bottom', top: 69 });
    expect(toastPlacement({ ...desktop, control: box(400, 44, 600, 700) }).edge).toBe('bottom');
    expect(toastPlacement({ ...desktop, control: box(720, 40, 1100, 1240) }).edge).toBe('top');
    // Low on the left: not under the toasts.
    expect(toastPlacement({ ...desktop, control: box(720, 40, 40, 200) }).edge).toBe('bottom');
  });
});
