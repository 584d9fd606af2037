// Who may listen on which private channel: a person on their own `private-user.{id}` (both apps) and
// a member of a company on `private-company.{id}` (jobs app). Framework-free; the route signs.
import { and, eq } from 'drizzle-orm';
import { appChannelKinds, parseChannelName, type RealtimeApp } from '../../contract/realtime.ts';
import type { Db } from '../db/client.ts';
import { companyMembers } from '../db/schema.ts';
import { membershipCounts } from '../shared/companies/membership.ts';

/** Whether `userId` may subscribe to `channel` on `app`. */
export async function mayListen(db: Db, userId: number, app: RealtimeApp, channel: string, now: Date): Promise<boolean> {
  const parsed = parseChannelName(channel);
  if (!parsed || !appChannelKinds[app].includes(parsed.kind)) return false;
  if (parsed.kind === 'user') return parsed.id === userId;
  // Memberships gain a status with the company workspace; until then every member row is active.
  const [member] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, parsed.id), eq(companyMembers.userId, userId), membershipCounts(now)))
    .limit(1);
  return member !== undefined;
}
