// The company notifications the workspace lists (SPEC §3 'Notification, company type'): the
// rows the notifications writer fanned out to this member for this company, newest first. Personal
// notifications stay on the personal site.
import { and, desc, eq } from 'drizzle-orm';
import type { Notification } from '../../contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/notification-schema.ts';
import { companies, profiles, users } from '../db/schema.ts';
import type { CompanyActor } from '../shared/companies/access.ts';

export const companyNotificationsShown = 50;

export async function companyNotificationsOf(db: Db, actor: CompanyActor): Promise<Notification[]> {
  const rows = await db
    .select({
      n: notifications,
      companyName: companies.name,
      first: profiles.firstName,
      last: profiles.lastName,
      actorStatus: users.status,
    })
    .from(notifications)
    .innerJoin(companies, eq(companies.id, notifications.companyId))
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(and(eq(notifications.userId, actor.userId), eq(notifications.companyId, actor.companyId), eq(notifications.scope, 'company')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(companyNotificationsShown);
  return rows.map(({ n, companyName, first, last, actorStatus }) => ({
    id: n.id,
    kind: n.kind,
    scope: n.scope,
    company: { id: actor.companyId, name: companyName },
    // Closed accounts show as nobody (SPEC §4).
    actor:
      n.actorId !== null && actorStatus === 'active' && first !== null
        ? { user_id: n.actorId, first_name: first, last_name: last ?? '' }
        : null,
    subject:
      n.subjectType !== null && n.subjectId !== null
        ? {
            type: n.subjectType,
            id: n.subjectId,
            name: n.subjectName,
            owner_id: n.subjectOwnerId,
            ...(n.subjectCount === null ? {} : { count: n.subjectCount }),
          }
        : null,
    read_at: n.readAt?.toISOString() ?? null,
    created_at: n.createdAt.toISOString(),
  }));
}
