// Leaving a company from the settings' account management: the membership ends at once,
// with the person's company sessions and hand-over codes, and the company's members are told. The
// owner cannot leave: ownership passes to another member first (the one-owner rule). A current
// verified employment there ends with it (decision 120); 'Leave company' on the job itself takes
// effect the next day instead (SPEC §4).
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { endEmploymentOnExit } from '../shared/careers/core.ts';
import { companyHandoffCodes, companySessions } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import { OwnerCannotLeaveError } from '../shared/companies/errors.ts';
import { membershipCounts } from '../shared/companies/membership.ts';
import { notify } from '../shared/notifications/writer.ts';
import { endCompanySessions } from '../shared/companies/session.ts';

/** Ends the person's membership of `companyId`; 404 when they are not a member (another company is unknowable). */
export async function leaveCompany(db: Db, clock: Clock, userId: number, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [membership] = await tx
      .select({ id: companyMembers.id, role: companyMembers.role })
      .from(companyMembers)
      // A membership whose leaving day has come no longer counts (decision 120): nothing to leave.
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId), membershipCounts(clock.now())))
      .for('update');
    if (!membership) throw new NotFoundError();
    if (membership.role === 'owner') throw new OwnerCannotLeaveError();
    await tx.delete(companyMembers).where(eq(companyMembers.id, membership.id));
    // Kept as a marker, so an open workspace tab says the person left (decision 243).
    await endCompanySessions(tx, clock.now(), and(eq(companySessions.companyId, companyId), eq(companySessions.userId, userId)), 'left');
    await tx.delete(companyHandoffCodes).where(and(eq(companyHandoffCodes.companyId, companyId), eq(companyHandoffCodes.userId, userId)));
    await endEmploymentOnExit(tx, companyId, userId, clock.now());
    await notify(tx, { kind: 'member_left', to: { companyId, exceptUserId: userId, on: clock.now() }, actorId: userId });
  });
}
