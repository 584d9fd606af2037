import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../contract/activities.ts';
import type { Notification } from '../../../contract/notifications.ts';
import { $activities, $comments, receiveActivityNotification } from './activities.ts';

const entry = (id: number, comment_count: number) => ({ id, comment_count }) as unknown as ActivityEntry;
const commentOn = (postId: number) => ({ subject: { type: 'post', id: postId } }) as unknown as Notification;

afterEach(() => {
  $activities.set({ ...$activities.get(), items: [] });
  $comments.set({});
});

describe('receiveActivityNotification', () => {
  it('brings a closed thread’s comment count up to date, without opening it', async () => {
    $activities.set({ ...$activities.get(), items: [entry(7, 2), entry(8, 0)] });
    const read = vi.fn(async () => ({ items: [{}, {}, {}] }) as never);
    receiveActivityNotification(commentOn(7), read);
    await vi.waitFor(() => expect($activities.get().items.find((i) => i.id === 7)?.comment_count).toBe(3));
    expect(read).toHaveBeenCalledWith(7);
    expect($comments.get()['7']).toBeUndefined();
    expect($activities.get().items.find((i) => i.id === 8)?.comment_count).toBe(0);
  });

  it('reads nothing for an entry this page does not list', () => {
    $activities.set({ ...$activities.get(), items: [entry(7, 2)] });
    const read = vi.fn();
    receiveActivityNotification(commentOn(99), read);
    expect(read).not.toHaveBeenCalled();
  });
});
