// `npm run uploads:to-s3`: copies the files of the uploads folder into the bucket (decision
// 195), the type each row recorded as the object's Content-Type, skipping what the bucket already has,
// then (with removeLocal) deletes the local copy once the bucket answers with the same size. Files no
// row knows are left where they are for the sweep. Safe to run again after an interruption.
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { files } from '../db/profile-schema.ts';
import type { FileStore } from '../shared/uploads/store.ts';

export interface MoveReport {
  copied: number;
  alreadyThere: number;
  unknown: number;
  removedLocal: number;
  bytes: number;
}

export async function moveUploadsToBucket(
  db: Queryable,
  from: { dir: string; store: FileStore },
  to: FileStore,
  options: { removeLocal: boolean; onProgress?: (report: MoveReport) => void },
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, unknown: 0, removedLocal: 0, bytes: 0 };
  const inBucket = new Set<string>();
  for await (const object of to.list()) inBucket.add(object.name);

  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = await db
      .select({ storageName: files.storageName, mimeType: files.mimeType, size: files.size })
      .from(files)
      .where(inArray(files.storageName, batch));
    const known = new Map(rows.map((row) => [row.storageName, row]));
    report.unknown += batch.length - known.size;
    for (const row of known.values()) {
      if (inBucket.has(row.storageName)) report.alreadyThere += 1;
      else {
        await to.put(row.storageName, path.join(from.dir, row.storageName), { size: row.size, contentType: row.mimeType });
        report.copied += 1;
        report.bytes += row.size;
      }
      if (options.removeLocal) {
        // Only once the bucket serves the same number of bytes.
        const check = await to.open(row.storageName, { start: Math.max(0, row.size - 1), end: Math.max(0, row.size - 1) });
        if (check) {
          check.resume();
          await from.store.remove([row.storageName]);
          report.removedLocal += 1;
        }
      }
    }
    options.onProgress?.(report);
    batch = [];
  };
  for await (const object of from.store.list()) {
    if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(object.name)) continue;
    batch.push(object.name);
    if (batch.length === 200) await flush();
  }
  await flush();
  return report;
}
