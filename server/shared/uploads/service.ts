// Stores an upload: streams it to this machine's disk counting bytes (never buffering it), checks its
// type by content, puts it into the file store (store.ts: the uploads folder or a bucket) under a
// generated name, and records it. Photo and cover replace the old one. A file nothing refers to any
// more is deleted; a sweep at start removes what a crash left behind.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lt, notExists, or, sql, sum } from 'drizzle-orm';
import { storageQuotaBytes, uploadKinds } from '../../../contract/upload-kinds.ts';
import {
  isDocumentName,
  profileImageKinds,
  type MediaFile,
  type ProfileImageKind,
  type UploadKind,
} from '../../../contract/profile-sections.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { FileTooLargeError, FileTypeNotAcceptedError, StorageQuotaExceededError } from '../../domain-errors.ts';
import { certifications, files, projects } from '../../db/profile-schema.ts';
import { companies, profiles, users } from '../../db/schema.ts';
import { careerDocuments } from '../../db/careers-schema.ts';
import { jobApplications } from '../../db/jobs-schema.ts';
import { detectFileType, safeDisplayName } from './file-type.ts';
import type { ByteRange, FileStore } from './store.ts';

export type FileRow = typeof files.$inferSelect;

/**
 * The name a file is shown and downloaded under: the uploader's name, cleaned, with the extension of
 * the type its bytes proved (a Word file named `invoice.html` downloads as `invoice.docx`).
 */
export function downloadNameOf(row: Pick<FileRow, 'originalName' | 'storageName'>): string {
  const ext = path.extname(row.storageName);
  const stem = row.originalName.replace(/\.[^.]*$/, '') || 'file';
  return `${stem}${ext}`;
}

/** The public shape of a stored file (never the raw row). */
export function mediaFileOf(row: FileRow): MediaFile {
  const name = downloadNameOf(row);
  return {
    id: row.id,
    url: profileApiPaths.file(row.storageName),
    name,
    mime_type: row.mimeType,
    size: row.size,
    is_document: isDocumentName(name),
  };
}

/** Passes bytes on until `maxBytes`, then fails with `tooMany()`. */
function byteLimit(maxBytes: number, tooMany: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooMany());
      else callback(null, chunk);
    },
  });
}

/** Bytes `userId` has stored, leaving out the file `replacing` (a photo or cover about to go). */
async function storedBytes(db: Queryable, userId: number, replacing: string | null | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sum(files.size) })
    .from(files)
    .where(replacing ? and(eq(files.userId, userId), sql`${files.storageName} <> ${replacing}`) : eq(files.userId, userId));
  return Number(row?.total ?? 0);
}

export interface UploadInput {
  store: FileStore;
  userId: number;
  kind: UploadKind;
  stream: Readable;
  originalName: string;
  /**
   * A photo or cover becomes the uploader's profile image unless this is false (a company's logo or
   * cover uses the same rules and checks but belongs to the company).
   */
  attachToProfile?: boolean;
}

/** Streams, checks and records one upload; throws FileTooLargeError or FileTypeNotAcceptedError. */
export async function storeUpload(db: Db, input: UploadInput): Promise<FileRow> {
  const rules = uploadKinds[input.kind];
  const { store } = input;
  await mkdir(store.incomingDir, { recursive: true });
  const temp = path.join(store.incomingDir, randomUUID());
  const attach = isProfileImageKind(input.kind) && input.attachToProfile !== false;
  const replacing = attach ? await currentProfileImage(db, input.userId, input.kind as ProfileImageKind) : undefined;
  const room = storageQuotaBytes - (await storedBytes(db, input.userId, replacing));
  // The smaller limit decides which error a too-long stream meets.
  const limit =
    room < rules.maxBytes
      ? byteLimit(Math.max(0, room), () => new StorageQuotaExceededError(storageQuotaBytes))
      : byteLimit(rules.maxBytes, () => new FileTooLargeError(rules.maxBytes));
  try {
    await pipeline(input.stream, limit, createWriteStream(temp, { flags: 'wx' }));
    const { size } = await stat(temp);
    const name = safeDisplayName(input.originalName);
    const type = await detectFileType(temp, name);
    if (!type || !(rules.types as readonly string[]).includes(type.mime)) throw new FileTypeNotAcceptedError();
    const storageName = `${randomUUID()}.${type.ext}`;
    await store.put(storageName, temp, { size, contentType: type.mime });
    let row: FileRow | undefined;
    try {
      [row] = await db
        .insert(files)
        .values({ userId: input.userId, kind: input.kind, storageName, originalName: name, mimeType: type.mime, size })
        .returning();
    } catch (error) {
      // No row, no file: the stored copy goes too.
      await store.remove([storageName]).catch(() => undefined);
      throw error;
    }
    if (attach) await replaceProfileImage(db, store, input.userId, input.kind as ProfileImageKind, row!);
    return row!;
  } finally {
    await rm(temp, { force: true });
  }
}

const isProfileImageKind = (kind: UploadKind): kind is ProfileImageKind => (profileImageKinds as readonly string[]).includes(kind);
const imageColumnOf = (kind: ProfileImageKind) => (kind === 'photo' ? 'photoPath' : 'coverPath');

async function currentProfileImage(db: Queryable, userId: number, kind: ProfileImageKind): Promise<string | null | undefined> {
  const column = imageColumnOf(kind);
  const [profile] = await db.select({ current: profiles[column] }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return profile?.current;
}

/** Points the profile's photo or cover at `row` and deletes the previous file once nothing refers to it. */
async function replaceProfileImage(db: Db, store: FileStore, userId: number, kind: ProfileImageKind, row: FileRow | null) {
  const previous = await currentProfileImage(db, userId, kind);
  await db
    .update(profiles)
    .set({ [imageColumnOf(kind)]: row?.storageName ?? null })
    .where(eq(profiles.userId, userId));
  if (previous && previous !== row?.storageName) await releaseFiles(db, store, { storageNames: [previous] });
}

// Every place that refers to a stored file (hardening issue, point 6): an entry's media by id, a
// profile's or company's picture by storage name. A new reference must be added here.
const isUnreferenced = (db: Queryable) =>
  and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(certifications)
        .where(eq(certifications.mediaFileId, files.id)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(projects)
        .where(eq(projects.mediaFileId, files.id)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(careerDocuments)
        .where(eq(careerDocuments.fileId, files.id)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(jobApplications)
        .where(eq(jobApplications.documentFileId, files.id)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(profiles)
        .where(or(eq(profiles.photoPath, files.storageName), eq(profiles.coverPath, files.storageName))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(companies)
        .where(or(eq(companies.logoPath, files.storageName), eq(companies.coverPath, files.storageName))),
    ),
  );

/**
 * Deletes those of the given files that nothing refers to any more (an entry deleted, its media or a
 * picture replaced), row first, then the bytes. Called after the change that dropped the reference.
 */
export async function releaseFiles(
  db: Queryable,
  store: FileStore,
  which: { ids?: readonly number[]; storageNames?: readonly string[] },
): Promise<number> {
  const ids = (which.ids ?? []).filter((id) => id > 0);
  const names = which.storageNames ?? [];
  if (!ids.length && !names.length) return 0;
  const chosen = or(
    ids.length ? inArray(files.id, [...ids]) : undefined,
    names.length ? inArray(files.storageName, [...names]) : undefined,
  );
  const deleted = await db
    .delete(files)
    .where(and(chosen, isUnreferenced(db)))
    .returning({ storageName: files.storageName });
  await store.remove(deleted.map((row) => row.storageName));
  return deleted.length;
}

const storageNamePattern = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export interface SweepOptions {
  now: Date;
  /** An upload not yet attached to an entry waits this long before it counts as abandoned. */
  unattachedGraceMs?: number;
  /**
   * A closed account's files stay this long (decision 151: kept, served to nobody), then go with
   * their objects, except a company's logo or cover (decision 195). 30 days unless said.
   */
  closedAccountRetentionMs?: number;
  /**
   * True when this process is the only one writing to the store (the embedded database, behind
   * the data-dir lock): then every temporary file is a crash's leftover. Otherwise only old ones are.
   */
  exclusive: boolean;
  /**
   * Whether to list the whole store for objects no row knows. Always for the uploads folder; a
   * bucket of millions of objects is listed only when asked (`npm run uploads:to-s3 -- --sweep`).
   */
  listStore?: boolean;
}

/**
 * Run at start: removes temporary files a crash left in the incoming folder, stored objects no row
 * knows, uploads nothing refers to that are older than the grace period, and the files of accounts
 * closed longer than the retention. Returns what it removed.
 */
export async function sweepUploads(db: Queryable, store: FileStore, options: SweepOptions) {
  const inFlightMs = 60 * 60_000;
  const cutoff = options.exclusive ? Infinity : options.now.getTime() - inFlightMs;

  const incoming = store.incomingDir;
  let temporary = 0;
  for (const name of await readdir(incoming).catch(() => [] as string[])) {
    const modified = (await stat(path.join(incoming, name)).catch(() => undefined))?.mtimeMs ?? Infinity;
    if (modified < cutoff) {
      await rm(path.join(incoming, name), { force: true });
      temporary += 1;
    }
  }

  // A file is put into the store just before its row is written: young strangers may be in flight.
  const strangers: string[] = [];
  if (options.listStore ?? store.kind === 'local') {
    let batch: { name: string; modifiedAt: Date }[] = [];
    const check = async () => {
      const names = batch.map((object) => object.name);
      const rows = names.length
        ? await db.select({ storageName: files.storageName }).from(files).where(inArray(files.storageName, names))
        : [];
      const known = new Set(rows.map((row) => row.storageName));
      for (const object of batch) if (!known.has(object.name) && object.modifiedAt.getTime() < cutoff) strangers.push(object.name);
      batch = [];
    };
    for await (const object of store.list()) {
      if (!storageNamePattern.test(object.name)) continue;
      batch.push(object);
      if (batch.length === 500) await check();
    }
    await check();
    await store.remove(strangers);
  }

  const graceStart = new Date(options.now.getTime() - (options.unattachedGraceMs ?? 24 * 60 * 60_000));
  const abandoned = await db
    .delete(files)
    .where(and(lt(files.createdAt, graceStart), isUnreferenced(db)))
    .returning({ storageName: files.storageName });
  await store.remove(abandoned.map((row) => row.storageName));
  const closed = await purgeClosedAccountFiles(
    db,
    store,
    new Date(options.now.getTime() - (options.closedAccountRetentionMs ?? 30 * 24 * 60 * 60_000)),
  );
  return { temporary, orphans: strangers.length, unreferenced: abandoned.length, closed };
}

/**
 * The files of accounts closed before `closedBefore` (users.updated_at is the closing time: a closed
 * account is never changed again): rows and objects, the profile's picture columns cleared, a
 * company's logo or cover kept (it is the company's). Returns how many files went.
 */
export async function purgeClosedAccountFiles(db: Queryable, store: FileStore, closedBefore: Date): Promise<number> {
  const closedOwner = inArray(
    files.userId,
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'closed'), lt(users.updatedAt, closedBefore))),
  );
  const companyImage = db
    .select({ one: sql`1` })
    .from(companies)
    .where(or(eq(companies.logoPath, files.storageName), eq(companies.coverPath, files.storageName)));
  const doomed = await db
    .select({ storageName: files.storageName })
    .from(files)
    .where(and(closedOwner, notExists(companyImage)))
    .limit(10_000);
  if (!doomed.length) return 0;
  const names = doomed.map((row) => row.storageName);
  await db.update(profiles).set({ photoPath: null }).where(inArray(profiles.photoPath, names));
  await db.update(profiles).set({ coverPath: null }).where(inArray(profiles.coverPath, names));
  // Entries' media are set null and employment documents deleted by their foreign keys.
  const deleted = await db.delete(files).where(inArray(files.storageName, names)).returning({ storageName: files.storageName });
  await store.remove(deleted.map((row) => row.storageName));
  return deleted.length;
}

/** Removes the profile's photo or cover. */
export async function removeProfileImage(db: Db, store: FileStore, userId: number, kind: ProfileImageKind): Promise<void> {
  await replaceProfileImage(db, store, userId, kind, null);
}

/** A stored file by its public name, with a stream of its bytes; undefined when unknown. */
async function isCompanyImage(db: Db, storageName: string): Promise<boolean> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(or(eq(companies.logoPath, storageName), eq(companies.coverPath, storageName)))
    .limit(1);
  return Boolean(company);
}

export async function openStoredFile(db: Db, store: FileStore, storageName: string) {
  if (!storageNamePattern.test(storageName)) return undefined;
  // A closed account's files stay stored (decision 151) but are served to nobody,
  // not even by a link someone kept; a company's logo or cover stays the company's whoever uploaded it.
  const [found] = await db
    .select({ file: files, owner: users.status })
    .from(files)
    .innerJoin(users, eq(users.id, files.userId))
    .where(eq(files.storageName, storageName))
    .limit(1);
  if (!found) return undefined;
  const row = found.file;
  if (found.owner !== 'active' && !(await isCompanyImage(db, storageName))) return undefined;
  return { row, stream: (range?: ByteRange) => store.open(row.storageName, range) };
}
