// A company's competencies (decision 120): the skills its review rounds rate, each with a
// weight in the score. Names are unique among those in use; a retired competency takes no new ratings
// and past rounds keep theirs.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Competency, SaveCompetencyInput } from '../../contract/careers-company.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { competencies } from '../db/careers-schema.ts';
import { CompanyResourceNotFoundError } from '../shared/companies/errors.ts';
import type { CompanyActor } from '../shared/companies/guard.ts';
import { fieldError } from './company-service.ts';

const competencyOf = (row: typeof competencies.$inferSelect): Competency => ({
  id: row.id,
  name: row.name,
  description: row.description,
  weight: row.weight,
  retired: row.retiredAt !== null,
});

/** The company's competencies in use (retired ones only with `withRetired`), oldest first. */
export async function listCompetencies(db: Db, actor: CompanyActor, withRetired = false): Promise<Competency[]> {
  const rows = await db
    .select()
    .from(competencies)
    .where(and(eq(competencies.companyId, actor.companyId), withRetired ? undefined : isNull(competencies.retiredAt)))
    .orderBy(asc(competencies.id));
  return rows.map(competencyOf);
}

async function assertUniqueName(db: Queryable, companyId: number, name: string, exceptId: number | null) {
  const rows = await db
    .select({ id: competencies.id, name: competencies.name })
    .from(competencies)
    .where(and(eq(competencies.companyId, companyId), isNull(competencies.retiredAt)));
  if (rows.some((r) => r.id !== exceptId && r.name.trim().toLowerCase() === name.trim().toLowerCase()))
    throw fieldError('name', 'validation.duplicate');
}

export async function createCompetency(db: Db, clock: Clock, actor: CompanyActor, input: SaveCompetencyInput): Promise<Competency> {
  await assertUniqueName(db, actor.companyId, input.name, null);
  const now = clock.now();
  const [row] = await db
    .insert(competencies)
    .values({
      companyId: actor.companyId,
      name: input.name,
      description: input.description,
      weight: input.weight,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return competencyOf(row!);
}

async function competencyFor(db: Queryable, actor: CompanyActor, competencyId: number) {
  const [row] = await db
    .select()
    .from(competencies)
    .where(and(eq(competencies.id, competencyId), eq(competencies.companyId, actor.companyId), isNull(competencies.retiredAt)))
    .limit(1);
  if (!row) throw new CompanyResourceNotFoundError('Competency not found.');
  return row;
}

export async function updateCompetency(
  db: Db,
  clock: Clock,
  actor: CompanyActor,
  competencyId: number,
  input: SaveCompetencyInput,
): Promise<Competency> {
  const current = await competencyFor(db, actor, competencyId);
  await assertUniqueName(db, actor.companyId, input.name, current.id);
  const [row] = await db
    .update(competencies)
    .set({ name: input.name, description: input.description, weight: input.weight, updatedAt: clock.now() })
    .where(eq(competencies.id, current.id))
    .returning();
  return competencyOf(row!);
}

/** Retires a competency: no new ratings, past rounds keep theirs (and the score still counts them). */
export async function retireCompetency(db: Db, clock: Clock, actor: CompanyActor, competencyId: number): Promise<void> {
  const current = await competencyFor(db, actor, competencyId);
  await db.update(competencies).set({ retiredAt: clock.now(), updatedAt: clock.now() }).where(eq(competencies.id, current.id));
}
