// Teams: create, rename, delete, add and remove members, a team lead. A member may be in
// several teams; the lead is always one of the team's members.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SaveTeamInput, Team } from '../../contract/companies.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { teamMembers, teams } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { assertMay, type CompanyActor, type Queryable } from '../shared/companies/access.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import { CompanyFieldError } from './errors.ts';

type TeamRow = typeof teams.$inferSelect;

async function teamsOf(db: Queryable, rows: TeamRow[]): Promise<Team[]> {
  const links = rows.length
    ? await db
        .select()
        .from(teamMembers)
        .where(
          inArray(
            teamMembers.teamId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(teamMembers.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    lead_member_id: r.leadMemberId,
    member_ids: links.filter((l) => l.teamId === r.id).map((l) => l.memberId),
  }));
}

export async function listTeams(db: Db, companyId: number): Promise<Team[]> {
  const rows = await db.select().from(teams).where(eq(teams.companyId, companyId)).orderBy(asc(teams.name), asc(teams.id));
  return teamsOf(db, rows);
}

async function teamInCompany(db: Queryable, companyId: number, teamId: number): Promise<TeamRow> {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Team not found.');
  return row;
}

async function assertCompanyMember(db: Queryable, companyId: number, memberId: number, field: string): Promise<void> {
  const [row] = await db
    .select({ id: companyMembers.id })
    .from(companyMembers)
    .where(and(eq(companyMembers.id, memberId), eq(companyMembers.companyId, companyId)))
    .limit(1);
  if (!row) throw new CompanyFieldError(field, 'validation.notCompanyMember');
}

async function oneTeam(db: Queryable, row: TeamRow): Promise<Team> {
  const [team] = await teamsOf(db, [row]);
  return team!;
}

export async function createTeam(db: Db, actor: CompanyActor, input: SaveTeamInput): Promise<Team> {
  assertMay(actor, 'teams.manage');
  if (input.lead_member_id !== null) await assertCompanyMember(db, actor.companyId, input.lead_member_id, 'lead_member_id');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teams)
      .values({ companyId: actor.companyId, name: input.name, leadMemberId: input.lead_member_id })
      .returning();
    if (input.lead_member_id !== null)
      await tx.insert(teamMembers).values({ teamId: row!.id, memberId: input.lead_member_id }).onConflictDoNothing();
    return oneTeam(tx, row!);
  });
}

/** Renames the team and sets its lead (who joins the team if not in it yet). */
export async function updateTeam(db: Db, clock: Clock, actor: CompanyActor, teamId: number, input: SaveTeamInput): Promise<Team> {
  assertMay(actor, 'teams.manage');
  await teamInCompany(db, actor.companyId, teamId);
  if (input.lead_member_id !== null) await assertCompanyMember(db, actor.companyId, input.lead_member_id, 'lead_member_id');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(teams)
      .set({ name: input.name, leadMemberId: input.lead_member_id, updatedAt: clock.now() })
      .where(eq(teams.id, teamId))
      .returning();
    if (input.lead_member_id !== null)
      await tx.insert(teamMembers).values({ teamId, memberId: input.lead_member_id }).onConflictDoNothing();
    return oneTeam(tx, row!);
  });
}

export async function deleteTeam(db: Db, actor: CompanyActor, teamId: number): Promise<void> {
  assertMay(actor, 'teams.manage');
  await teamInCompany(db, actor.companyId, teamId);
  await db.delete(teams).where(eq(teams.id, teamId));
}

export async function addTeamMember(db: Db, actor: CompanyActor, teamId: number, memberId: number): Promise<Team> {
  assertMay(actor, 'teams.manage');
  const team = await teamInCompany(db, actor.companyId, teamId);
  await assertCompanyMember(db, actor.companyId, memberId, 'member_id');
  await db.insert(teamMembers).values({ teamId, memberId }).onConflictDoNothing();
  return oneTeam(db, team);
}

/** Takes a member out of a team; if they led it, the team has no lead afterwards. */
export async function removeTeamMember(db: Db, clock: Clock, actor: CompanyActor, teamId: number, memberId: number): Promise<Team> {
  assertMay(actor, 'teams.manage');
  await teamInCompany(db, actor.companyId, teamId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.memberId, memberId)))
      .returning({ id: teamMembers.id });
    if (removed.length === 0) throw new CompanyResourceNotFoundError('Team member not found.');
    const [row] = await tx.update(teams).set({ updatedAt: clock.now() }).where(eq(teams.id, teamId)).returning();
    if (row!.leadMemberId === memberId) {
      const [cleared] = await tx.update(teams).set({ leadMemberId: null }).where(eq(teams.id, teamId)).returning();
      return oneTeam(tx, cleared!);
    }
    return oneTeam(tx, row!);
  });
}
