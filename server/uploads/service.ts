// Stores an upload: streams it to disk counting bytes (never buffering it), checks its type by
// content, keeps it under a generated name, and records it. Photo and cover replace the old one.
// A file nothing refers to any more is deleted; a sweep at start removes what a crash left behind.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, lt, notExists, or, sql, sum } from 'drizzle-orm';
import { storageQuotaBytes, uploadKinds } from '../../contract/upload-kinds.ts';
import { isDocumentName, profileImageKinds, type MediaFile, type ProfileImageKind, type UploadKind } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Db, Queryable } from '../db/client.ts';
import { FileTooLargeError, FileTypeNotAcceptedError, StorageQuotaExceededError } from '../domain-errors.ts';
import { certifications, files, projects } from '../db/profile-schema.ts';
import { companies, profiles, users } from '../db/schema.ts';
import { careerDocuments } from '../db/careers-schema.ts';
import { detectFileType, safeDisplayName } from './file-type.ts';

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
  uploadsDir: string;
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
  const incoming = path.join(input.uploadsDir, '.incoming');
  await mkdir(incoming, { recursive: true });
  const temp = path.join(incoming, randomUUID());
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
    const type = await detectFileType(temp, size, name);
    if (!type || !(rules.types as readonly string[]).includes(type.mime)) throw new FileTypeNotAcceptedError();
    const storageName = `${randomUUID()}.${type.ext}`;
    await rename(temp, path.join(input.uploadsDir, storageName));
    const [row] = await db
      .insert(files)
      .values({ userId: input.userId, kind: input.kind, storageName, originalName: name, mimeType: type.mime, size })
      .returning();
    if (attach) await replaceProfileImage(db, input.uploadsDir, input.userId, input.kind as ProfileImageKind, row!);
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
async function replaceProfileImage(db: Db, uploadsDir: string, userId: number, kind: ProfileImageKind, row: FileRow | null) {
  const previous = await currentProfileImage(db, userId, kind);
  await db.update(profiles).set({ [imageColumnOf(kind)]: row?.storageName ?? null }).where(eq(profiles.userId, userId));
  if (previous && previous !== row?.storageName) await releaseFiles(db, uploadsDir, { storageNames: [previous] });
}

// Every place that refers to a stored file (hardening issue, point 6): an entry's media by id, a
// profile's or company's picture by storage name. A new reference must be added here.
const isUnreferenced = (db: Queryable) =>
  and(
    notExists(db.select({ one: sql`1` }).from(certifications).where(eq(certifications.mediaFileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(projects).where(eq(projects.mediaFileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(careerDocuments).where(eq(careerDocuments.fileId, files.id))),
    notExists(db.select({ one: sql`1` }).from(profiles).where(or(eq(profiles.photoPath, files.storageName), eq(profiles.coverPath, files.storageName)))),
    notExists(db.select({ one: sql`1` }).from(companies).where(or(eq(companies.logoPath, files.storageName), eq(companies.coverPath, files.storageName)))),
  );

async function unlinkStored(uploadsDir: string, storageNames: readonly string[]): Promise<void> {
  await Promise.all(storageNames.map((name) => rm(path.join(uploadsDir, name), { force: true })));
}

/**
 * Deletes those of the given files that nothing refers to any more (an entry deleted, its media or a
 * picture replaced), row first, then the bytes. Called after the change that dropped the reference.
 */
export async function releaseFiles(db: Queryable, uploadsDir: string, which: { ids?: readonly number[]; storageNames?: readonly string[] }): Promise<number> {
  const ids = (which.ids ?? []).filter((id) => id > 0);
  const names = which.storageNames ?? [];
  if (!ids.length && !names.length) return 0;
  const chosen = or(ids.length ? inArray(files.id, [...ids]) : undefined, names.length ? inArray(files.storageName, [...names]) : undefined);
  const deleted = await db.delete(files).where(and(chosen, isUnreferenced(db))).returning({ storageName: files.storageName });
  await unlinkStored(uploadsDir, deleted.map((row) => row.storageName));
  return deleted.length;
}

const storageNamePattern = /^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;

export interface SweepOptions {
  now: Date;
  /** An upload not yet attached to an entry waits this long before it counts as abandoned. */
  unattachedGraceMs?: number;
  /**
   * True when this process is the only one writing to `uploadsDir` (the embedded database, behind
   * the data-dir lock): then every temporary file is a crash's leftover. Otherwise only old ones are.
   */
  exclusive: boolean;
}

/**
 * Run at start: removes temporary files a crash left in `.incoming/`, files on disk no row knows, and
 * uploads nothing refers to that are older than the grace period. Returns what it removed.
 */
export async function sweepUploads(db: Queryable, uploadsDir: string, options: SweepOptions) {
  const inFlightMs = 60 * 60_000;
  const cutoff = options.exclusive ? Infinity : options.now.getTime() - inFlightMs;
  const oldEnough = async (file: string) => (await stat(file).catch(() => undefined))?.mtimeMs ?? Infinity;

  const incoming = path.join(uploadsDir, '.incoming');
  let temporary = 0;
  for (const name of await readdir(incoming).catch(() => [] as string[])) {
    if ((await oldEnough(path.join(incoming, name))) < cutoff) {
      await rm(path.join(incoming, name), { force: true });
      temporary += 1;
    }
  }

  // A file is renamed into place just before its row is written: young strangers may be in flight.
  const onDisk = (await readdir(uploadsDir).catch(() => [] as string[])).filter((name) => storageNamePattern.test(name));
  const known = new Set<string>();
  for (let at = 0; at < onDisk.length; at += 500) {
    const rows = await db.select({ storageName: files.storageName }).from(files).where(inArray(files.storageName, onDisk.slice(at, at + 500)));
    for (const row of rows) known.add(row.storageName);
  }
  const strangers: string[] = [];
  for (const name of onDisk) if (!known.has(name) && (await oldEnough(path.join(uploadsDir, name))) < cutoff) strangers.push(name);
  await unlinkStored(uploadsDir, strangers);

  const graceStart = new Date(options.now.getTime() - (options.unattachedGraceMs ?? 24 * 60 * 60_000));
  const abandoned = await db
    .delete(files)
    .where(and(lt(files.createdAt, graceStart), isUnreferenced(db)))
    .returning({ storageName: files.storageName });
  await unlinkStored(uploadsDir, abandoned.map((row) => row.storageName));
  return { temporary, orphans: strangers.length, unreferenced: abandoned.length };
}

/** Removes the profile's photo or cover. */
export async function removeProfileImage(db: Db, uploadsDir: string, userId: number, kind: ProfileImageKind): Promise<void> {
  await replaceProfileImage(db, uploadsDir, userId, kind, null);
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

export async function openStoredFile(db: Db, uploadsDir: string, storageName: string) {
  if (!storageNamePattern.test(storageName)) return undefined;
  // A closed account's files stay stored (decision 151) but are served to nobody (issue 28, finding
  // 9); a company's logo or cover stays the company's whoever uploaded it.
  const [found] = await db
    .select({ file: files, owner: users.status })
    .from(files)
    .innerJoin(users, eq(users.id, files.userId))
    .where(eq(files.storageName, storageName))
    .limit(1);
  if (!found) return undefined;
  const row = found.file;
  if (found.owner !== 'active' && !(await isCompanyImage(db, storageName))) return undefined;
  return { row, stream: () => createReadStream(path.join(uploadsDir, row.storageName)) };
}
