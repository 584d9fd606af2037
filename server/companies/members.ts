// Members and roles: list, change a role, remove, transfer ownership. There is always
// exactly one owner; removal ends the person's company sessions and hand-over codes in the same
// transaction, and every later request re-reads the membership.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Member } from '../../contract/companies.ts';
import { roleMayManage } from '../../contract/company-roles.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { teamMembers, teams } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { assertMay, memberInCompany, type CompanyActor, type Queryable } from '../shared/companies/access.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { peopleByIds } from '../shared/people.ts';
import { RoleForbiddenError } from '../shared/companies/errors.ts';
import { CompanyConflictError } from './errors.ts';
import { notify } from '../shared/notifications/writer.ts';
import { revokeCompanyAccess } from './sessions.ts';
import { endSessionsTheRuleRefuses } from '../shared/companies/session.ts';
import { endEmploymentOnExit } from '../shared/careers/core.ts';

export async function listMembers(db: Db, companyId: number, now: Date): Promise<Member[]> {
  const rows = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), membershipCounts(now)))
    .orderBy(sql`case ${companyMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(companyMembers.id));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId),
  );
  const teamRows = rows.length
    ? await db
        .select({ memberId: teamMembers.memberId, teamId: teamMembers.teamId })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(
          and(
            eq(teams.companyId, companyId),
            inArray(
              teamMembers.memberId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(asc(teamMembers.teamId))
    : [];
  return rows.map((r) => {
    const person = people.get(r.userId);
    return {
      id: r.id,
      user_id: r.userId,
      name: person?.name ?? '',
      email: person?.email ?? '',
      photo_url: person?.photoUrl ?? null,
      role: r.role,
      position: r.position,
      team_ids: teamRows.filter((t) => t.memberId === r.id).map((t) => t.teamId),
      joined_at: r.createdAt.toISOString(),
    };
  });
}

async function manageableMember(db: Queryable, actor: CompanyActor, memberId: number) {
  const target = await memberInCompany(db, actor.companyId, memberId);
  if (!roleMayManage(actor.role, target.role)) throw new RoleForbiddenError();
  return target;
}

/** Changes a member's role; true when it ended their workspace sessions (a promotion the sign-in rule refuses, decision 243). */
export async function changeRole(db: Db, clock: Clock, actor: CompanyActor, memberId: number, role: 'admin' | 'member'): Promise<boolean> {
  assertMay(actor, 'members.changeRole');
  return db.transaction(async (tx) => {
    const target = await manageableMember(tx, actor, memberId);
    if (target.role === role) return false;
    await tx.update(companyMembers).set({ role, updatedAt: clock.now() }).where(eq(companyMembers.id, target.id));
    const ended = await endSessionsTheRuleRefuses(tx, clock.now(), target.userId, actor.companyId);
    // The member hears of it: a personal notification about the company, its
    // subject's name the new role, which each reader names in its own language.
    await notify(tx, {
      kind: 'role_changed',
      to: { userId: target.userId },
      actorId: actor.userId,
      companyId: actor.companyId,
      subject: { type: 'company', id: actor.companyId, name: role },
    });
    return ended.length > 0;
  });
}

/** Removes a member; returns the removed person's user id. */
export async function removeMember(db: Db, clock: Clock, actor: CompanyActor, memberId: number): Promise<number> {
  assertMay(actor, 'members.remove');
  return db.transaction(async (tx) => {
    const target = await manageableMember(tx, actor, memberId);
    await tx.delete(companyMembers).where(eq(companyMembers.id, target.id));
    await revokeCompanyAccess(tx, clock.now(), actor.companyId, target.userId, 'removed');
    await endEmploymentOnExit(tx, actor.companyId, target.userId, clock.now());
    await notify(tx, {
      kind: 'member_left',
      to: { companyId: actor.companyId, exceptUserId: actor.userId, on: clock.now() },
      actorId: target.userId,
    });
    return target.userId;
  });
}

/**
 * Makes `memberId` the owner and the current owner an admin, in one transaction; the new owner (their
 * account, for the mails) and whether it ended their workspace sessions (the sign-in rule refuses them,
 * decision 243).
 */
export async function transferOwnership(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  memberId: number,
): Promise<{ newOwnerUserId: number; sessionsEnded: boolean }> {
  assertMay(actor, 'ownership.transfer');
  return db.transaction(async (tx) => {
    const target = await memberInCompany(tx, actor.companyId, memberId);
    if (target.id === actor.memberId) throw new CompanyConflictError('already_owner', 'You already own this company.');
    const now = clock.now();
    // Demote first, guarded on the caller still being the owner, so two racing transfers cannot both win.
    const demoted = await tx
      .update(companyMembers)
      .set({ role: 'admin', updatedAt: now })
      .where(and(eq(companyMembers.id, actor.memberId), eq(companyMembers.role, 'owner')))
      .returning({ id: companyMembers.id });
    if (demoted.length === 0) throw new RoleForbiddenError();
    await tx.update(companyMembers).set({ role: 'owner', updatedAt: now }).where(eq(companyMembers.id, target.id));
    const sessionsEnded = (await endSessionsTheRuleRefuses(tx, now, target.userId, actor.companyId)).length > 0;
    return { newOwnerUserId: target.userId, sessionsEnded };
  });
}
