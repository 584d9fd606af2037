// The name a company confirmed with a verified job (decision 256). Credentials and the verified CV carry
// it; when the person renames themselves, the company sees both names and may confirm the new one.
import { eq } from 'drizzle-orm';
import type { CompanyEmploymentDetails } from '../../contract/careers-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { companyEmployments } from '../db/careers-schema.ts';
import { ConflictError } from '../domain-errors.ts';
import type { CompanyActor } from '../shared/companies/access.ts';
import { RoleForbiddenError } from '../shared/companies/errors.ts';
import { profileNameOf } from '../shared/people.ts';
import { employmentDetails } from './company-service.ts';

/**
 * Confirms the name on the person's profile now as the job's confirmed name. `seen` is the name the
 * member confirmed on their screen: a rename since then is refused (409), never confirmed unseen.
 * Only a member who may manage the job may (the same rule as changing its position).
 */
export async function confirmName(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  employmentId: number,
  seen: string,
): Promise<CompanyEmploymentDetails> {
  const before = await employmentDetails(db, clock, actor, employmentId);
  if (!before.may_manage) throw new RoleForbiddenError();
  const current = await profileNameOf(db, before.person.user_id);
  if (current === null || current !== seen.trim()) {
    throw new ConflictError('name_changed_since_seen', 'The person’s name changed since it was shown; confirm the name shown now.');
  }
  if (current !== before.confirmed_name) {
    await db
      .update(companyEmployments)
      .set({ confirmedName: current, updatedAt: clock.now() })
      .where(eq(companyEmployments.id, employmentId));
  }
  return employmentDetails(db, clock, actor, employmentId);
}
