// Stores an upload: streams it to disk counting bytes (never buffering it), checks its type by
// content, keeps it under a generated name, and records it. Photo and cover replace the old one.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import { uploadKinds } from '../../contract/upload-kinds.ts';
import { isDocumentName, profileImageKinds, type MediaFile, type ProfileImageKind, type UploadKind } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { Db } from '../db/client.ts';
import { FileTooLargeError, FileTypeNotAcceptedError } from '../domain-errors.ts';
import { files } from '../db/profile-schema.ts';
import { profiles } from '../db/schema.ts';
import { detectFileType, safeDisplayName } from './file-type.ts';

export type FileRow = typeof files.$inferSelect;

/** The public shape of a stored file (never the raw row). */
export function mediaFileOf(row: FileRow): MediaFile {
  return {
    id: row.id,
    url: profileApiPaths.file(row.storageName),
    name: row.originalName,
    mime_type: row.mimeType,
    size: row.size,
    is_document: isDocumentName(row.originalName),
  };
}

function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
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
  try {
    await pipeline(input.stream, byteLimit(rules.maxBytes), createWriteStream(temp, { flags: 'wx' }));
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
    if (isProfileImageKind(input.kind) && input.attachToProfile !== false) await replaceProfileImage(db, input.uploadsDir, input.userId, input.kind, row!);
    return row!;
  } finally {
    await rm(temp, { force: true });
  }
}

async function deleteFileRow(db: Db, uploadsDir: string, row: FileRow): Promise<void> {
  await db.delete(files).where(eq(files.id, row.id));
  await rm(path.join(uploadsDir, row.storageName), { force: true });
}

const isProfileImageKind = (kind: UploadKind): kind is ProfileImageKind => (profileImageKinds as readonly string[]).includes(kind);

/** Points the profile's photo or cover at `row` and removes the previous file. */
async function replaceProfileImage(db: Db, uploadsDir: string, userId: number, kind: ProfileImageKind, row: FileRow | null) {
  const column = kind === 'photo' ? 'photoPath' : 'coverPath';
  const [profile] = await db.select({ current: profiles[column] }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  await db.update(profiles).set({ [column]: row?.storageName ?? null }).where(eq(profiles.userId, userId));
  if (profile?.current && profile.current !== row?.storageName) {
    const [old] = await db.select().from(files).where(and(eq(files.storageName, profile.current), eq(files.userId, userId))).limit(1);
    if (old) await deleteFileRow(db, uploadsDir, old);
  }
}

/** Removes the profile's photo or cover. */
export async function removeProfileImage(db: Db, uploadsDir: string, userId: number, kind: ProfileImageKind): Promise<void> {
  await replaceProfileImage(db, uploadsDir, userId, kind, null);
}

/** A stored file by its public name, with a stream of its bytes; undefined when unknown. */
export async function openStoredFile(db: Db, uploadsDir: string, storageName: string) {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(storageName)) return undefined;
  const [row] = await db.select().from(files).where(eq(files.storageName, storageName)).limit(1);
  if (!row) return undefined;
  return { row, stream: () => createReadStream(path.join(uploadsDir, row.storageName)) };
}
