// Making someone a member: the membership, the invited team, and the 'Hired by the company' event
// (SPEC §3) the careers issue builds its verified employment on.
import { and, eq } from 'drizzle-orm';
import { checkAchievements } from '../achievements/check.ts';
import { recordActivity } from '../activities/writer.ts';
import { employmentEvents, teamMembers, teams, type hireSources } from '../db/company-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import type { Tx } from '../db/client.ts';

export interface Hire {
  companyId: number;
  userId: number;
  position: string | null;
  teamId: number | null;
  source: (typeof hireSources)[number];
  sourceId: number;
  at: Date;
}

/** Adds the member (a no-op for someone who already is one) and records the hire; the new member id, or undefined when they already were a member. */
export async function hire(tx: Tx, h: Hire): Promise<number | undefined> {
  const [member] = await tx
    .insert(companyMembers)
    .values({ companyId: h.companyId, userId: h.userId, role: 'member', position: h.position })
    .onConflictDoNothing({ target: [companyMembers.companyId, companyMembers.userId] })
    .returning({ id: companyMembers.id });
  if (!member) return undefined;
  if (h.teamId !== null) {
    const [team] = await tx.select({ id: teams.id }).from(teams).where(and(eq(teams.id, h.teamId), eq(teams.companyId, h.companyId))).limit(1);
    if (team) await tx.insert(teamMembers).values({ teamId: team.id, memberId: member.id }).onConflictDoNothing();
  }
  const [event] = await tx
    .insert(employmentEvents)
    .values({
      companyId: h.companyId,
      userId: h.userId,
      kind: 'hired',
      position: h.position,
      source: h.source,
      sourceId: h.sourceId,
      occurredAt: h.at,
    })
    .returning({ id: employmentEvents.id });
  // A hire is a verified employment in the person's activity, and may earn an achievement (decisions 140, 141).
  const [company] = await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, h.companyId)).limit(1);
  if (event && company) {
    await recordActivity(tx, {
      userId: h.userId,
      kind: 'verified_employment',
      title: company.name,
      company: company.name,
      position: h.position,
      sourceKey: `employment_event:${event.id}`,
      occurredAt: h.at,
    });
  }
  await checkAchievements(tx, h.userId, h.at);
  return member.id;
}
