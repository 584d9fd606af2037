// The company's own pipeline stages (decision 279): owners and admins rename the stages between applied
// and offer, add their own there, order and remove them. Applied, offer, hired and rejected keep their
// names, places and meaning (what the applicant is told, what a hire makes). A stage that holds
// applications goes only when they move to another stage between applied and offer first, in the same
// transaction; nobody is told of that move, as of any move between internal stages.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { isFixedStage, stageLimits, type PipelineStage } from '../../contract/jobs-stages.ts';
import { messageRef, type ValidationMessageKey } from '../../contract/message-refs.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { jobApplications, pipelineStageKeys, pipelineStages } from '../db/jobs-schema.ts';
import { NotFoundError, RuleBrokenError } from '../domain-errors.ts';
import type { CompanyActor } from '../shared/companies/access.ts';

type StageRow = typeof pipelineStages.$inferSelect;

/** The first place after applied; places from here up are the stages between applied and offer. */
const firstBetween = 1;

const refuse = (field: string, key: ValidationMessageKey, params?: Record<string, number>) =>
  new RuleBrokenError([{ field, message: messageRef(key, params) }]);

/** The company's stages in its order. */
export function stagesOf(db: Queryable, companyId: number): Promise<StageRow[]> {
  return db
    .select()
    .from(pipelineStages)
    .where(eq(pipelineStages.companyId, companyId))
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.key));
}

/** The company's stages with the applications at each in all its openings. */
export async function listStages(db: Queryable, actor: CompanyActor): Promise<PipelineStage[]> {
  const [rows, counts] = await Promise.all([
    stagesOf(db, actor.companyId),
    db
      .select({ stage: jobApplications.stage, n: count() })
      .from(jobApplications)
      .where(eq(jobApplications.companyId, actor.companyId))
      .groupBy(jobApplications.stage),
  ]);
  const at = new Map(counts.map((c) => [c.stage, c.n]));
  return rows.map((row) => ({ key: row.key, name: row.name, fixed: isFixedStage(row.key), applications: at.get(row.key) ?? 0 }));
}

const between = (rows: readonly StageRow[]) => rows.filter((r) => !isFixedStage(r.key));

/** Refuses `name` when another of the company's stages has it already (case and spacing aside). */
function assertNameFree(rows: readonly StageRow[], name: string, except?: string) {
  const folded = name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  if (rows.some((r) => r.key !== except && r.name !== null && r.name.trim().replace(/\s+/g, ' ').toLocaleLowerCase() === folded)) {
    throw refuse('name', 'validation.stageTaken');
  }
}

/** Writes the stages between applied and offer in `order`, at places 1, 2, 3… */
async function placeBetween(tx: Queryable, companyId: number, order: readonly string[]) {
  for (const [index, key] of order.entries()) {
    await tx
      .update(pipelineStages)
      .set({ position: firstBetween + index })
      .where(and(eq(pipelineStages.companyId, companyId), eq(pipelineStages.key, key)));
  }
}

/**
 * Locks the company's stages for the rest of the transaction, so two owners adding, reordering or
 * removing at once take turns (the places and the names stay one consistent list).
 */
async function lockedStages(tx: Queryable, companyId: number): Promise<StageRow[]> {
  await tx.execute(sql`SELECT 1 FROM ${pipelineStages} WHERE ${pipelineStages.companyId} = ${companyId} FOR UPDATE`);
  return stagesOf(tx, companyId);
}

/** Adds a stage of the company's own just before offer. */
export async function addStage(db: Db, clock: Clock, actor: CompanyActor, name: string): Promise<PipelineStage[]> {
  await db.transaction(async (tx) => {
    const rows = await lockedStages(tx, actor.companyId);
    const inBetween = between(rows);
    if (inBetween.length >= stageLimits.between) throw refuse('name', 'validation.tooMany', { maximum: stageLimits.between });
    assertNameFree(rows, name);
    // A key is never given twice (decision 286): past the highest the company ever had, removed ones too.
    const given = await tx
      .select({ key: pipelineStageKeys.key })
      .from(pipelineStageKeys)
      .where(eq(pipelineStageKeys.companyId, actor.companyId));
    const used = [...rows, ...given].map((r) => /^custom_(\d+)$/.exec(r.key)).map((m) => (m ? Number(m[1]) : 0));
    const key = `custom_${Math.max(0, ...used) + 1}`;
    const now = clock.now();
    await tx.insert(pipelineStageKeys).values({ companyId: actor.companyId, key, givenAt: now });
    await tx
      .insert(pipelineStages)
      .values({ companyId: actor.companyId, key, name: name.trim(), position: firstBetween + inBetween.length, createdAt: now });
  });
  return listStages(db, actor);
}

/**
 * Renames a stage between applied and offer (null gives a built-in one its translated name back) and
 * moves it to `position` among them.
 */
export async function updateStage(
  db: Db,
  actor: CompanyActor,
  key: string,
  change: { name?: string | null; position?: number },
): Promise<PipelineStage[]> {
  await db.transaction(async (tx) => {
    const rows = await lockedStages(tx, actor.companyId);
    const row = rows.find((r) => r.key === key);
    if (!row) throw new NotFoundError('Stage not found.');
    if (isFixedStage(key)) throw refuse(change.name !== undefined ? 'name' : 'position', 'validation.stageFixed');
    if (change.name !== undefined) {
      if (change.name === null && key.startsWith('custom_')) throw refuse('name', 'validation.required');
      if (change.name !== null) assertNameFree(rows, change.name, key);
      await tx
        .update(pipelineStages)
        .set({ name: change.name === null ? null : change.name.trim() })
        .where(and(eq(pipelineStages.companyId, actor.companyId), eq(pipelineStages.key, key)));
    }
    if (change.position !== undefined) {
      const order = between(rows)
        .map((r) => r.key)
        .filter((k) => k !== key);
      if (change.position > order.length) throw refuse('position', 'validation.invalid');
      order.splice(change.position, 0, key);
      await placeBetween(tx, actor.companyId, order);
    }
  });
  return listStages(db, actor);
}

/**
 * Removes a stage between applied and offer. Its applications, if any, first move to `moveTo` (applied
 * or another stage between applied and offer); without it a stage that holds applications stays.
 */
export async function removeStage(db: Db, clock: Clock, actor: CompanyActor, key: string, moveTo?: string): Promise<PipelineStage[]> {
  await db.transaction(async (tx) => {
    const rows = await lockedStages(tx, actor.companyId);
    const row = rows.find((r) => r.key === key);
    if (!row) throw new NotFoundError('Stage not found.');
    if (isFixedStage(key)) throw refuse('key', 'validation.stageFixed');
    const here = and(eq(jobApplications.companyId, actor.companyId), eq(jobApplications.stage, key));
    const [held] = await tx.select({ n: count() }).from(jobApplications).where(here);
    if (held!.n > 0) {
      if (moveTo === undefined) throw refuse('move_to', 'validation.stageNotEmpty');
      const target = rows.find((r) => r.key === moveTo);
      if (!target || moveTo === key || (isFixedStage(moveTo) && moveTo !== 'applied'))
        throw refuse('move_to', 'validation.notCompanyStage');
      const now = clock.now();
      await tx.update(jobApplications).set({ stage: moveTo, stageChangedAt: now, updatedAt: now }).where(here);
    }
    await tx.delete(pipelineStages).where(and(eq(pipelineStages.companyId, actor.companyId), eq(pipelineStages.key, key)));
    await placeBetween(
      tx,
      actor.companyId,
      between(rows)
        .map((r) => r.key)
        .filter((k) => k !== key),
    );
  });
  return listStages(db, actor);
}

/** Refuses a move to a stage the company does not have (422 on `stage`). */
export async function assertCompanyStage(db: Queryable, companyId: number, key: string): Promise<void> {
  // KEY SHARE: a removal of this stage running at the same moment either finishes first (then the row
  // is gone and this answers 422) or waits for the move to commit (then it sees the application).
  // Without it the move's foreign key found the row gone at its own check and answered 500.
  const [row] = await db
    .select({ key: pipelineStages.key })
    .from(pipelineStages)
    .where(and(eq(pipelineStages.companyId, companyId), eq(pipelineStages.key, key)))
    .limit(1)
    .for('key share');
  if (!row) throw refuse('stage', 'validation.notCompanyStage');
}
