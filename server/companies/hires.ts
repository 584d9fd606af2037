// Making someone a member: the membership, the invited team, and the verified employment with its
// 'Hired by the company' event (SPEC §3; decision 120). A membership that ended because the
// person left is replaced: coming back takes a new invitation or request, and starts a new employment.
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { teamMembers, teams, type hireSources } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import type { Tx } from '../db/client.ts';
import { currentEmploymentAt, startVerifiedEmployment } from '../shared/careers/core.ts';
import { dayOf } from '../shared/dates.ts';

export interface Hire {
  companyId: number;
  userId: number;
  position: string | null;
  teamId: number | null;
  source: (typeof hireSources)[number];
  sourceId: number;
  at: Date;
  /** The job's first day; today unless given (a hire from an application names it, decision 262). */
  startDate?: string;
}

/**
 * Adds the member (a no-op for someone who already is one) and starts the verified employment, unless
 * one is current there already; the new member id, or undefined when they already were a member.
 */
export async function hire(tx: Tx, h: Hire): Promise<number | undefined> {
  const today = dayOf(h.at);
  await tx
    .delete(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, h.companyId),
        eq(companyMembers.userId, h.userId),
        isNotNull(companyMembers.leavesOn),
        lte(companyMembers.leavesOn, today),
      ),
    );
  const [member] = await tx
    .insert(companyMembers)
    .values({ companyId: h.companyId, userId: h.userId, role: 'member', position: h.position })
    .onConflictDoNothing({ target: [companyMembers.companyId, companyMembers.userId] })
    .returning({ id: companyMembers.id });
  if (!member) return undefined;
  let teamId: number | null = null;
  if (h.teamId !== null) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, h.teamId), eq(teams.companyId, h.companyId)))
      .limit(1);
    if (team) {
      await tx.insert(teamMembers).values({ teamId: team.id, memberId: member.id }).onConflictDoNothing();
      teamId = team.id;
    }
  }
  // Joining a company that already verified the person's job keeps that job (decision 166).
  if (await currentEmploymentAt(tx, h.companyId, h.userId, today)) return member.id;
  await startVerifiedEmployment(tx, {
    companyId: h.companyId,
    userId: h.userId,
    position: h.position,
    teamId,
    startDate: h.startDate ?? today,
    reviewerMemberId: null,
    source: h.source,
    sourceId: h.sourceId,
    at: h.at,
    actorId: null,
  });
  return member.id;
}
