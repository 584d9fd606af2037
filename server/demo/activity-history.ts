// Posts spread over two years, for the browser journey that checks every date preset and sort of
// /activities (and for anyone trying the page): titles in an order that differs from their dates.
import { activities } from '../db/activity-schema.ts';
import type { Db } from '../db/client.ts';

/** Each post's title and how many days before `now` it was written. */
export const activityHistory = [
  { title: 'Kilo', daysAgo: 0 },
  { title: 'Alpha', daysAgo: 3 },
  { title: 'Mike', daysAgo: 20 },
  { title: 'Echo', daysAgo: 45 },
  { title: 'Bravo', daysAgo: 100 },
  { title: 'Lima', daysAgo: 200 },
  { title: 'Delta', daysAgo: 380 },
  { title: 'Juliet', daysAgo: 500 },
  { title: 'Charlie', daysAgo: 700 },
] as const;

/** Writes the history for `userId`, the newest a minute before `now`. */
export async function seedActivityHistory(db: Db, userId: number, now: Date = new Date()): Promise<void> {
  await db.insert(activities).values(
    activityHistory.map(({ title, daysAgo }) => {
      const at = new Date(now.getTime() - daysAgo * 86_400_000 - 60_000);
      return {
        userId,
        kind: 'post' as const,
        title,
        text: `${title} happened ${daysAgo} days ago.`,
        occurredAt: at,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
}
