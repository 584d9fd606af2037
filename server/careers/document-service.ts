// A job's documents, the person's side of careers (decision 120): added through the upload
// pipeline, which checks content and size; opened and deleted by their owner only (another person's
// answers 404). Every function takes the signed-in person's id.
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { CareerDocument } from '../../contract/careers.ts';
import type { Db, Queryable } from '../db/client.ts';
import { careerDocuments } from '../db/careers-schema.ts';
import { files } from '../db/profile-schema.ts';
import { NotFoundError } from '../domain-errors.ts';
import type { FileStore } from '../shared/uploads/store.ts';
import { openStoredFile, releaseFiles, storeUpload } from '../shared/uploads/service.ts';
import { documentOf, documentsOfJob, resolveJob } from './person-jobs.ts';

/** `POST /api/careers/{jobId}/documents`: checked by content and size by the upload pipeline (SPEC §5). */
export async function addDocument(
  db: Db,
  store: FileStore,
  userId: number,
  jobId: number,
  file: { stream: Readable; originalName: string },
): Promise<CareerDocument> {
  const job = await resolveJob(db, userId, jobId);
  const stored = await storeUpload(db, { store, userId, kind: 'media', stream: file.stream, originalName: file.originalName });
  const [row] = await db
    .insert(careerDocuments)
    .values({
      userId,
      fileId: stored.id,
      employmentId: job.kind === 'self' ? job.row.id : null,
      companyEmploymentId: job.kind === 'verified' ? job.row.id : null,
    })
    .returning();
  return documentOf(job.row.id, row!, stored);
}

async function documentRow(db: Queryable, userId: number, jobId: number, documentId: number) {
  const job = await resolveJob(db, userId, jobId);
  const [row] = await db
    .select({ doc: careerDocuments, file: files })
    .from(careerDocuments)
    .innerJoin(files, eq(files.id, careerDocuments.fileId))
    .where(and(eq(careerDocuments.id, documentId), eq(careerDocuments.userId, userId), documentsOfJob(job)))
    .limit(1);
  if (!row) throw new NotFoundError('Document not found.');
  return row;
}

/** The document's bytes for its owner. */
export async function openDocument(db: Db, store: FileStore, userId: number, jobId: number, documentId: number) {
  const { file } = await documentRow(db, userId, jobId, documentId);
  const stored = await openStoredFile(db, store, file.storageName);
  if (!stored) throw new NotFoundError('Document not found.');
  return stored;
}

export async function deleteDocument(db: Db, store: FileStore, userId: number, jobId: number, documentId: number): Promise<void> {
  const { doc } = await documentRow(db, userId, jobId, documentId);
  await db.delete(careerDocuments).where(eq(careerDocuments.id, doc.id));
  await releaseFiles(db, store, { ids: [doc.fileId] });
}
