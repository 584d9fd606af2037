// Uploads and disk (hardening issue, point 6): a storage quota and an upload rate per person, files
// deleted once nothing refers to them, a sweep at start, and downloads named by their proven type.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaFile, ProfilePage, type UploadKind } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { storageQuotaBytes, uploadRate } from '../../contract/upload-kinds.ts';
import { files } from '../db/profile-schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';
import { sweepUploads } from '../shared/uploads/service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(ctx.config.uploadsDir, { recursive: true });
});
afterAll(async () => ctx.close());

function upload(user: TestUser, kind: UploadKind, bytes: Buffer, filename: string) {
  const body = multipartFile(bytes, filename);
  return ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.upload(kind),
    headers: { ...body.headers, ...bearer(user.token) },
    payload: body.payload,
  });
}
async function uploaded(user: TestUser, kind: UploadKind, bytes: Buffer, filename: string): Promise<MediaFile> {
  const res = await upload(user, kind, bytes, filename);
  expect(res.statusCode).toBe(201);
  return MediaFile.parse(res.json().data);
}
const storageNameOf = (file: MediaFile) => file.url.split('/').pop() as string;
const onDisk = (file: MediaFile) => existsSync(path.join(ctx.config.uploadsDir, storageNameOf(file)));
async function hasRow(file: MediaFile) {
  return (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.id, file.id))).length === 1;
}
function send(user: TestUser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });
}
/** Rows that stand for bytes already stored, so a test need not write hundreds of megabytes. */
async function pretendStored(user: TestUser, bytes: number) {
  await ctx.database.db.insert(files).values({
    userId: user.id,
    kind: 'media',
    storageName: `${randomUUID()}.pdf`,
    originalName: 'old.pdf',
    mimeType: 'application/pdf',
    size: bytes,
  });
}

describe('the storage quota', () => {
  it(`refuses an upload that would pass ${storageQuotaBytes / 1024 / 1024} MB with 413 and the translatable code, leaving nothing behind`, async () => {
    const person = await createUser(ctx);
    await pretendStored(person, storageQuotaBytes - 1024 * 1024);
    const stored = () => readdirSync(ctx.config.uploadsDir).filter((name) => !name.startsWith('.'));
    const before = stored();
    const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(person, 'media', big, 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'storage_quota_exceeded', quota_megabytes: 300 });
    expect(stored()).toEqual(before);
    expect(readdirSync(path.join(ctx.config.uploadsDir, '.incoming'))).toEqual([]);
    // What still fits is taken.
    expect((await upload(person, 'media', sampleFiles.pdf(), 'small.pdf')).statusCode).toBe(201);
  });

  it('does not count the cover a new cover replaces', async () => {
    const person = await createUser(ctx);
    const cover = Buffer.concat([sampleFiles.png(), Buffer.alloc(1024 * 1024)]);
    await uploaded(person, 'cover', cover, 'one.png');
    await pretendStored(person, storageQuotaBytes - cover.length - 1024);
    expect((await upload(person, 'cover', cover, 'two.png')).statusCode).toBe(201);
  });
});

describe('the upload rate', () => {
  it(`answers 429 with Retry-After past ${uploadRate.max} uploads in the window, per person`, async () => {
    const busy = await createUser(ctx);
    for (let i = 0; i < uploadRate.max; i++) expect((await upload(busy, 'media', sampleFiles.pdf(), `${i}.pdf`)).statusCode).toBe(201);
    const refused = await upload(busy, 'media', sampleFiles.pdf(), 'one-more.pdf');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const calm = await createUser(ctx);
    expect((await upload(calm, 'media', sampleFiles.pdf(), 'mine.pdf')).statusCode).toBe(201);
  });
});

describe('a file nothing refers to is deleted', () => {
  it('goes with the entry that showed it', async () => {
    const person = await createUser(ctx);
    const media = await uploaded(person, 'media', sampleFiles.pdf(), 'cert.pdf');
    const created = await send(person, 'POST', profileApiPaths.section('certifications'), {
      name: 'C',
      provider: 'P',
      media_file_id: media.id,
    });
    const id = ProfilePage.parse(created.json().data).certifications[0]!.id;
    expect(onDisk(media)).toBe(true);
    expect((await send(person, 'DELETE', profileApiPaths.sectionItem('certifications', id))).statusCode).toBe(200);
    expect(await hasRow(media)).toBe(false);
    expect(onDisk(media)).toBe(false);
  });

  it('goes when an entry shows another file instead, and stays while another entry still shows it', async () => {
    const person = await createUser(ctx);
    const first = await uploaded(person, 'media', sampleFiles.pdf(), 'a.pdf');
    const second = await uploaded(person, 'media', sampleFiles.docx(), 'b.docx');
    const shared = await uploaded(person, 'media', sampleFiles.png(), 'c.png');
    const project = ProfilePage.parse(
      (await send(person, 'POST', profileApiPaths.section('projects'), { title: 'P', media_file_id: first.id })).json().data,
    ).projects[0]!;
    await send(person, 'PUT', profileApiPaths.sectionItem('projects', project.id), { title: 'P', media_file_id: second.id });
    expect([await hasRow(first), onDisk(first), await hasRow(second), onDisk(second)]).toEqual([false, false, true, true]);

    const page = await send(person, 'POST', profileApiPaths.section('certifications'), {
      name: 'C',
      provider: 'P',
      media_file_id: shared.id,
    });
    await send(person, 'PUT', profileApiPaths.sectionItem('projects', project.id), { title: 'P', media_file_id: shared.id });
    expect(await hasRow(second)).toBe(false);
    const certification = ProfilePage.parse(page.json().data).certifications[0]!;
    await send(person, 'DELETE', profileApiPaths.sectionItem('certifications', certification.id));
    expect([await hasRow(shared), onDisk(shared)]).toEqual([true, true]);
    await send(person, 'DELETE', profileApiPaths.sectionItem('projects', project.id));
    expect([await hasRow(shared), onDisk(shared)]).toEqual([false, false]);
  });

  it('goes when the cover is removed', async () => {
    const person = await createUser(ctx);
    const cover = await uploaded(person, 'cover', sampleFiles.png(), 'c.png');
    expect((await send(person, 'DELETE', profileApiPaths.cover)).statusCode).toBe(204);
    expect([await hasRow(cover), onDisk(cover)]).toEqual([false, false]);
  });
});

describe('the sweep at start', () => {
  it('removes temporary files, files no row knows and old uploads nothing refers to; keeps the rest', async () => {
    const person = await createUser(ctx);
    const dir = ctx.config.uploadsDir;
    mkdirSync(path.join(dir, '.incoming'), { recursive: true });
    const temp = path.join(dir, '.incoming', randomUUID());
    writeFileSync(temp, 'half an upload');
    const stranger = path.join(dir, `${randomUUID()}.png`);
    writeFileSync(stranger, sampleFiles.png());
    const abandoned = await uploaded(person, 'media', sampleFiles.pdf(), 'never-attached.pdf');
    const shown = await uploaded(person, 'photo', sampleFiles.png(), 'me.png');

    // Another process may be writing: only files older than an hour are anyone's leftovers.
    const shared = await sweepUploads(ctx.database.db, ctx.store, { now: new Date(), exclusive: false });
    expect(shared).toMatchObject({ temporary: 0, orphans: 0 });
    expect(existsSync(temp) && existsSync(stranger)).toBe(true);

    const old = new Date(Date.now() - 2 * 60 * 60_000);
    utimesSync(temp, old, old);
    utimesSync(stranger, old, old);
    // Rows take the database's own time, so the day is counted from the real clock.
    const dayLater = new Date(Date.now() + 25 * 60 * 60_000);
    const result = await sweepUploads(ctx.database.db, ctx.store, { now: dayLater, exclusive: false });
    expect(result.temporary).toBe(1);
    expect(result.orphans).toBe(1);
    expect(result.unreferenced).toBeGreaterThanOrEqual(1);
    expect(existsSync(temp) || existsSync(stranger)).toBe(false);
    expect([await hasRow(abandoned), onDisk(abandoned)]).toEqual([false, false]);
    expect([await hasRow(shown), onDisk(shown)]).toEqual([true, true]);
  });

  it('removes every temporary file when this process owns the folder (the embedded database)', async () => {
    const temp = path.join(ctx.config.uploadsDir, '.incoming', randomUUID());
    writeFileSync(temp, 'crashed mid-upload');
    await sweepUploads(ctx.database.db, ctx.store, { now: new Date(), exclusive: true });
    expect(existsSync(temp)).toBe(false);
  });
});

describe('downloads are named by the type their bytes prove', () => {
  it('serves a Word file uploaded as invoice.html as invoice.docx, as an attachment', async () => {
    const person = await createUser(ctx);
    const file = await uploaded(person, 'media', sampleFiles.docx(), 'invoice.html');
    expect(file).toMatchObject({ name: 'invoice.docx', is_document: true });
    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="invoice.docx"; filename*=UTF-8''invoice.docx`);
    const photo = await uploaded(person, 'photo', sampleFiles.jpeg(), 'me.jpeg.exe');
    expect(photo.name).toBe('me.jpeg.jpg');
  });
});
