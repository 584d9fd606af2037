// The one way a feature adds an entry to someone's activity: `recordActivity(tx, …)` inside the
// transaction of the change it reports (a job added, an employment verified, a recommendation
// accepted, an achievement earned), so the entry exists exactly when its cause does (decision 141).
import { activities } from '../../db/activity-schema.ts';
import type { Queryable } from '../../db/client.ts';
import type { ActivityKind } from '../../../contract/activities.ts';
import type { AchievementCode } from '../../../contract/achievements.ts';

export interface ActivityInput {
  userId: number;
  kind: Exclude<ActivityKind, 'post'>;
  /** What the entry shows as its heading and A-Z sorts on. */
  title: string;
  /** The heading in Ukrainian, when it is product text rather than the person's own words. */
  titleUk?: string | null;
  achievementCode?: AchievementCode | null;
  company?: string | null;
  position?: string | null;
  personId?: number | null;
  /** What caused it ('employment:12'); an entry with the same kind and key is written only once. */
  sourceKey: string;
  occurredAt: Date;
}

/** Adds the entry unless its cause already has one; whether it was added. */
export async function recordActivity(tx: Queryable, input: ActivityInput): Promise<boolean> {
  const added = await tx
    .insert(activities)
    .values({
      userId: input.userId,
      kind: input.kind,
      title: input.title.slice(0, 300),
      titleUk: input.titleUk ?? null,
      achievementCode: input.achievementCode ?? null,
      company: input.company ?? null,
      position: input.position ?? null,
      personId: input.personId ?? null,
      sourceKey: input.sourceKey,
      occurredAt: input.occurredAt,
      createdAt: input.occurredAt,
      updatedAt: input.occurredAt,
    })
    .onConflictDoNothing()
    .returning({ id: activities.id });
  return added.length > 0;
}
