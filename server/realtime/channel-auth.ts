// Who may listen on which private channel: a person on their own `private-user.{id}` (both apps) and
// a member of a company on `private-company.{id}` (jobs app), an owner or admin only as the company's
// sign-in rule allows (decision 243). Framework-free; the route signs.
import { and, eq } from 'drizzle-orm';
import { appChannelKinds, parseChannelName, type RealtimeApp } from '../../contract/realtime.ts';
import type { CompanyRoleName } from '../../contract/company-roles.ts';
import type { Db } from '../db/client.ts';
import { companyMembers } from '../db/schema.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { assertSignInRule } from '../shared/companies/sign-in-rule.ts';

/** When a member's listening on a company channel ends by itself: the start of their leaving day (membershipCounts). */
export async function companyListeningEndsAt(db: Db, userId: number, channel: string): Promise<Date | undefined> {
  const parsed = parseChannelName(channel);
  if (parsed?.kind !== 'company') return undefined;
  const [member] = await db
    .select({ leavesOn: companyMembers.leavesOn })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, parsed.id), eq(companyMembers.userId, userId)))
    .limit(1);
  return member?.leavesOn ? new Date(`${member.leavesOn}T00:00:00Z`) : undefined;
}

/** Whether `userId` may subscribe to `channel` on `app`; throws TwoFactorRequiredError where the company's rule refuses them. */
export async function mayListen(db: Db, userId: number, app: RealtimeApp, channel: string, now: Date): Promise<boolean> {
  const parsed = parseChannelName(channel);
  if (!parsed || !appChannelKinds[app].includes(parsed.kind)) return false;
  if (parsed.kind === 'user') return parsed.id === userId;
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, parsed.id), eq(companyMembers.userId, userId), membershipCounts(now)))
    .limit(1);
  if (!member) return false;
  await assertSignInRule(db, parsed.id, userId, member.role as CompanyRoleName);
  return true;
}
