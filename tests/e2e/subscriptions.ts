import { expect, type Page } from '@playwright/test';

/**
 * Counts the private channels the page's sockets subscribe, over every connection it opens, from
 * now on; the returned function waits until `count` have been answered.
 */
export function watchSubscriptions(page: Page) {
  let subscribed = 0;
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('pusher_internal:subscription_succeeded')) subscribed += 1;
    });
  });
  return (count: number) => expect.poll(() => subscribed, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
}
