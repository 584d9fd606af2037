// The upload service on its own, against the test database (PGlite by default) and a temporary
// uploads folder, without HTTP: what storeUpload keeps and refuses, photo and cover replacement, and
// serving by stored name. Company logos and covers (and the portfolio's media) reuse these functions.
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadKind } from '../../../contract/profile-sections.ts';
import { uploadKinds } from '../../../contract/upload-kinds.ts';
import { files } from '../../db/profile-schema.ts';
import { profiles } from '../../db/schema.ts';
import { FileTooLargeError, FileTypeNotAcceptedError } from '../../domain-errors.ts';
import { createPerson, type Person } from '../../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { sampleFiles } from '../../test/sample-files.ts';
import { mediaFileOf, openStoredFile, removeProfileImage, storeUpload } from './service.ts';

let ctx: TestContext;
let uploadsDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  uploadsDir = ctx.config.uploadsDir;
});
afterAll(async () => ctx.close());

const stored = () => readdirSync(uploadsDir).filter((name) => !name.startsWith('.'));
const incoming = () => readdirSync(`${uploadsDir}/.incoming`);

function store(person: Person, kind: UploadKind, bytes: Buffer, originalName: string, attachToProfile?: boolean) {
  return storeUpload(ctx.database.db, {
    store: ctx.store,
    userId: person.id,
    kind,
    stream: Readable.from([bytes]),
    originalName,
    attachToProfile,
  });
}

async function imagesOf(person: Person) {
  const [row] = await ctx.database.db
    .select({ photo: profiles.photoPath, cover: profiles.coverPath })
    .from(profiles)
    .where(eq(profiles.userId, person.id));
  return row!;
}

describe('storeUpload', () => {
  it('keeps the file under a generated name with the type it really has, and records it', async () => {
    const person = await createPerson(ctx);
    const row = await store(person, 'media', sampleFiles.pdf(), '../../CV final.pdf');
    expect(row).toMatchObject({ userId: person.id, kind: 'media', mimeType: 'application/pdf', size: sampleFiles.pdf().length });
    expect(row.storageName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(row.originalName).not.toContain('/');
    expect(stored()).toContain(row.storageName);
    expect(mediaFileOf(row)).toMatchObject({
      id: row.id,
      mime_type: 'application/pdf',
      is_document: true,
      url: expect.stringContaining(row.storageName),
    });
  });

  it("makes a photo the profile's photo and replaces the previous one, file and row", async () => {
    const person = await createPerson(ctx);
    const first = await store(person, 'photo', sampleFiles.png(), 'a.png');
    const second = await store(person, 'photo', sampleFiles.jpeg(), 'b.jpg');
    expect(await imagesOf(person)).toEqual({ photo: second.storageName, cover: null });
    expect(stored()).not.toContain(first.storageName);
    expect(await ctx.database.db.select().from(files).where(eq(files.id, first.id))).toEqual([]);
  });

  it('leaves the profile alone for an image stored for someone else (a company logo)', async () => {
    const person = await createPerson(ctx);
    const row = await store(person, 'cover', sampleFiles.png(), 'logo.png', false);
    expect(await imagesOf(person)).toEqual({ photo: null, cover: null });
    expect(stored()).toContain(row.storageName);
  });

  it("refuses a file over the kind's limit while streaming, and keeps nothing of it", async () => {
    const person = await createPerson(ctx);
    const before = stored();
    const tooBig = Buffer.concat([sampleFiles.png(), Buffer.alloc(uploadKinds.photo.maxBytes)]);
    await expect(store(person, 'photo', tooBig, 'big.png')).rejects.toBeInstanceOf(FileTooLargeError);
    expect(stored()).toEqual(before);
    expect(incoming()).toEqual([]);
    expect(await ctx.database.db.select().from(files).where(eq(files.userId, person.id))).toEqual([]);
  });

  it('refuses a type the kind does not accept, judged by content and not by name', async () => {
    const person = await createPerson(ctx);
    const before = stored();
    await expect(store(person, 'photo', sampleFiles.gif(), 'looks-like.png')).rejects.toBeInstanceOf(FileTypeNotAcceptedError);
    await expect(store(person, 'media', Buffer.from('just text'), 'notes.pdf')).rejects.toBeInstanceOf(FileTypeNotAcceptedError);
    expect(stored()).toEqual(before);
    expect(incoming()).toEqual([]);
    expect(await imagesOf(person)).toEqual({ photo: null, cover: null });
  });
});

describe('removeProfileImage', () => {
  it('removes the cover, its file and its row, and keeps the photo', async () => {
    const person = await createPerson(ctx);
    const photo = await store(person, 'photo', sampleFiles.png(), 'p.png');
    const cover = await store(person, 'cover', sampleFiles.png(), 'c.png');
    await removeProfileImage(ctx.database.db, ctx.store, person.id, 'cover');
    expect(await imagesOf(person)).toEqual({ photo: photo.storageName, cover: null });
    expect(stored()).not.toContain(cover.storageName);
    expect(stored()).toContain(photo.storageName);
    expect(await ctx.database.db.select().from(files).where(eq(files.id, cover.id))).toEqual([]);
  });
});

describe('openStoredFile', () => {
  it('serves a stored file by its name and nothing for an unknown or path-like name', async () => {
    const person = await createPerson(ctx);
    const row = await store(person, 'photo', sampleFiles.png(), 'p.png');
    const found = await openStoredFile(ctx.database.db, ctx.store, row.storageName);
    const chunks: Buffer[] = [];
    for await (const chunk of (await found!.stream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(sampleFiles.png())).toBe(true);
    expect(await openStoredFile(ctx.database.db, ctx.store, '00000000-0000-0000-0000-000000000000.png')).toBeUndefined();
    expect(await openStoredFile(ctx.database.db, ctx.store, `../${row.storageName}`)).toBeUndefined();
  });
});
