// The outbox relay: publishes stored notifications after their transaction commits, and sends the
// emails the recipients asked for. Woken by PostgreSQL's NOTIFY (delivered only on commit) and by a
// periodic sweep, so a publish that failed, or a NOTIFY lost while reconnecting, is retried; the
// stored notification is never lost either way (decision 080).
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isEmailedFor } from '../../contract/notifications.ts';
import { channelNames } from '../../contract/realtime.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/notification-schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { realtimeMessage, type RealtimeTransport } from '../shared/realtime/publisher.ts';
import { notificationEmail } from './email-text.ts';
import { emailRecipients, notificationsByIds, unreadCountsOf } from './service.ts';
import { outboxChannel } from '../shared/notifications/writer.ts';

export interface RelayDeps {
  db: Db;
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
  transport: RealtimeTransport;
  mailer: Mailer;
  clock: Clock;
  /** The notifications page, linked from emails. */
  listUrl: string;
  onError: (error: unknown) => void;
  sweepMs?: number;
}

// A notification still unpublished after this many tries, or unchanged for `staleMs`, stays stored but
// is no longer pushed live: the person sees it in the list and the badge on their next page load.
const maxAttempts = 5;
const staleMs = 10 * 60 * 1000;
const claimSize = 100;

export interface NotificationRelay {
  start(): Promise<void>;
  /** Publishes everything pending now; resolves when the outbox is empty or only failures remain. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export function createNotificationRelay(deps: RelayDeps): NotificationRelay {
  const { db, transport, mailer, clock } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;

  // Claims a batch (SKIP LOCKED: several API processes may relay at once without doubles).
  async function claim(): Promise<{ id: number; publishAttempts: number }[]> {
    const now = clock.now();
    const pending = db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          isNull(notifications.publishedAt),
          lt(notifications.publishAttempts, maxAttempts),
          // Since its last change: a notification rewritten in place (a day's unlocks) is news again.
          sql`${notifications.updatedAt} > ${new Date(now.getTime() - staleMs)}`,
        ),
      )
      .orderBy(notifications.id)
      .limit(claimSize)
      .for('update', { skipLocked: true });
    return db
      .update(notifications)
      .set({ publishedAt: now, publishAttempts: sql`${notifications.publishAttempts} + 1` })
      .where(inArray(notifications.id, pending))
      .returning({ id: notifications.id, publishAttempts: notifications.publishAttempts });
  }

  async function relayBatch(): Promise<boolean> {
    const claimed = await claim();
    if (!claimed.length) return false;
    const ids = claimed.map((c) => c.id);
    const found = await notificationsByIds(db, ids);
    const counts = await unreadCountsOf(db, [...new Set(found.map((f) => f.userId))]);
    const messages = found.map(({ userId, notification }) =>
      realtimeMessage('notification.created', channelNames.user(userId), { notification, unread_count: counts.get(userId) ?? 0 }),
    );
    try {
      await transport.send(messages);
    } catch (error) {
      // Back in the outbox for the next sweep; the rows themselves were never at risk.
      await db.update(notifications).set({ publishedAt: null }).where(inArray(notifications.id, ids));
      deps.onError(error);
    }
    // Emails go once, on the first claim, whatever happened to the live publish.
    const firstTime = new Set(claimed.filter((c) => c.publishAttempts === 1).map((c) => c.id));
    const toEmail = found.filter((f) => firstTime.has(f.notification.id));
    if (toEmail.length) {
      const recipients = await emailRecipients(db, [...new Set(toEmail.map((f) => f.userId))]);
      for (const { userId, notification } of toEmail) {
        const recipient = recipients.get(userId);
        if (!recipient || !isEmailedFor(recipient.mode, notification.kind, recipient.kinds.get(notification.kind))) continue;
        try {
          await mailer.send({ to: recipient.email, ...notificationEmail(notification, recipient.locale, deps.listUrl) });
        } catch (error) {
          deps.onError(error);
        }
      }
    }
    return claimed.length === claimSize;
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        while (!stopped && (await relayBatch()));
      } catch (error) {
        deps.onError(error);
      }
    } while (again && !stopped);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    drain,
    async start() {
      unlisten = await deps.listen(outboxChannel, () => void drain());
      timer = setInterval(() => void drain(), deps.sweepMs ?? 5000);
      timer.unref();
      await drain();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
