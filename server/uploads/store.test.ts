// The file store's contract (decision 195), the same tests for both implementations: the
// uploads folder, and an S3-compatible bucket on a real S3-protocol server (s3rver) started here.
// Then the upload routes over each store: what is stored, served (ranges too) and removed.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaFile, ProfilePage, type UploadKind } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { loadConfig } from '../config.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';
import { startTestS3, type TestS3 } from '../test/s3-server.ts';
import { moveUploadsToBucket } from './move-to-bucket.ts';
import { sweepUploads } from '../shared/uploads/service.ts';
import { createFileStore, type FileStore } from '../shared/uploads/store.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

async function bytesOf(stream: AsyncIterable<unknown> | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function namesIn(store: FileStore): Promise<string[]> {
  const names: string[] = [];
  for await (const object of store.list()) names.push(object.name);
  return names.sort();
}

const kinds = ['local', 's3'] as const;
/** The variables that choose the store: none for the folder, S3_* for the bucket (each test its own prefix). */
const envFor = (kind: (typeof kinds)[number]): Record<string, string> =>
  kind === 's3' ? { ...s3.env, S3_PREFIX: `${randomUUID()}/` } : {};

describe.each(kinds)('the %s store', (kind) => {
  let store: FileStore;
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'profiles-store-'));
    store = createFileStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: work, ...envFor(kind) }));
    expect(store.kind).toBe(kind);
  });
  afterAll(() => store.close());

  const spooled = (bytes: Buffer) => {
    const file = path.join(work, randomUUID());
    writeFileSync(file, bytes);
    return file;
  };

  it('keeps what is put under its name, serves it whole or a range of it, lists it, and removes it', async () => {
    const name = `${randomUUID()}.png`;
    const bytes = sampleFiles.png();
    await store.put(name, spooled(bytes), { size: bytes.length, contentType: 'image/png' });
    expect((await bytesOf(await store.open(name)))!.equals(bytes)).toBe(true);
    expect((await bytesOf(await store.open(name, { start: 1, end: 3 })))!.equals(bytes.subarray(1, 4))).toBe(true);
    expect(await namesIn(store)).toContain(name);
    await store.remove([name]);
    expect(await store.open(name)).toBeUndefined();
    expect(await namesIn(store)).not.toContain(name);
  });

  it('answers undefined for a name it does not have, and removing one is no error', async () => {
    expect(await store.open(`${randomUUID()}.pdf`)).toBeUndefined();
    await expect(store.remove([`${randomUUID()}.pdf`])).resolves.toBeUndefined();
    await expect(store.remove([])).resolves.toBeUndefined();
  });

  it('takes a file larger than one multipart part (12 MB) and gives back the same bytes', async () => {
    const name = `${randomUUID()}.pdf`;
    const bytes = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(12 * 1024 * 1024, 7)]);
    await store.put(name, spooled(bytes), { size: bytes.length, contentType: 'application/pdf' });
    const back = await bytesOf(await store.open(name));
    expect(back!.length).toBe(bytes.length);
    expect(back!.equals(bytes)).toBe(true);
    const tail = await bytesOf(await store.open(name, { start: bytes.length - 10, end: bytes.length - 1 }));
    expect(tail!.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    await store.remove([name]);
  });

  it('leaves nothing behind when a put fails (the spooled file is gone)', async () => {
    const before = await namesIn(store);
    const name = `${randomUUID()}.pdf`;
    await expect(store.put(name, path.join(work, 'no-such-file'), { size: 10, contentType: 'application/pdf' })).rejects.toThrow();
    expect(await namesIn(store)).toEqual(before);
  });
});

describe.each(kinds)('uploads over the %s store', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(envFor(kind));
  });
  afterAll(async () => ctx?.close());

  function upload(user: TestUser, uploadKind: UploadKind, bytes: Buffer, filename: string) {
    const body = multipartFile(bytes, filename);
    return ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.upload(uploadKind),
      headers: { ...body.headers, ...bearer(user.token) },
      payload: body.payload,
    });
  }
  async function uploaded(user: TestUser, uploadKind: UploadKind, bytes: Buffer, filename: string): Promise<MediaFile> {
    const res = await upload(user, uploadKind, bytes, filename);
    expect(res.statusCode).toBe(201);
    return MediaFile.parse(res.json().data);
  }
  const nameOf = (file: MediaFile) => file.url.split('/').pop()!;
  const stored = async (file: MediaFile) => (await namesIn(ctx.store)).includes(nameOf(file));
  const incoming = () => (existsSync(ctx.store.incomingDir) ? readdirSync(ctx.store.incomingDir) : []);

  it('stores a checked upload in the store and serves it with its name, nosniff and byte ranges', async () => {
    expect(ctx.store.kind).toBe(kind);
    const person = await createUser(ctx);
    const bytes = sampleFiles.pdf();
    const file = await uploaded(person, 'media', bytes, 'CV.pdf');
    expect(await stored(file)).toBe(true);
    expect(incoming()).toEqual([]);
    // Where the bytes live is the store's business: never this machine's uploads folder for a bucket.
    if (kind === 's3') expect(existsSync(path.join(ctx.config.uploadsDir, nameOf(file)))).toBe(false);

    const whole = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="CV.pdf"; filename*=UTF-8''CV.pdf`,
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(bytes.length),
    });

    const part = await ctx.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=2-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(2, 10))).toBe(true);
    const suffix = await ctx.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);
    const outside = await ctx.app.inject({ method: 'GET', url: file.url, headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
    // A header it does not understand (several ranges) gets the whole file.
    const several = await ctx.app.inject({ method: 'GET', url: file.url, headers: { range: 'bytes=0-1,4-5' } });
    expect(several.statusCode).toBe(200);
  });

  it('puts nothing in the store for a refused upload (wrong type) and leaves no incoming copy', async () => {
    const person = await createUser(ctx);
    const before = await namesIn(ctx.store);
    const refused = await upload(person, 'photo', Buffer.from('<html>not an image</html>'), 'me.png');
    expect(refused.statusCode).toBe(415);
    expect(await namesIn(ctx.store)).toEqual(before);
    expect(incoming()).toEqual([]);
  });

  it("removes the replaced photo, the removed cover and a deleted entry's media from the store", async () => {
    const person = await createUser(ctx);
    const first = await uploaded(person, 'photo', sampleFiles.png(), 'a.png');
    const second = await uploaded(person, 'photo', sampleFiles.jpeg(), 'b.jpg');
    expect([await stored(first), await stored(second)]).toEqual([false, true]);
    expect((await ctx.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);

    const cover = await uploaded(person, 'cover', sampleFiles.png(), 'c.png');
    expect((await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.cover, headers: bearer(person.token) })).statusCode).toBe(204);
    expect(await stored(cover)).toBe(false);

    const media = await uploaded(person, 'media', sampleFiles.pdf(), 'cert.pdf');
    const created = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('certifications'),
      headers: bearer(person.token),
      payload: { name: 'C', provider: 'P', media_file_id: media.id },
    });
    const id = ProfilePage.parse(created.json().data).certifications[0]!.id;
    expect(await stored(media)).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.sectionItem('certifications', id), headers: bearer(person.token) }))
        .statusCode,
    ).toBe(200);
    expect(await stored(media)).toBe(false);
  });

  it("keeps a closed account's files unserved for the retention, then the sweep removes them", async () => {
    const person = await createUser(ctx);
    const photo = await uploaded(person, 'photo', sampleFiles.png(), 'me.png');
    const closed = await ctx.app.inject({
      method: 'POST',
      url: settingsApiPaths.closeAccount,
      headers: bearer(person.token),
      payload: { current_password: person.password },
    });
    expect(closed.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    // Rows take the database's own time, so the days are counted from the real clock.
    const soon = await sweepUploads(ctx.database.db, ctx.store, { now: new Date(Date.now() + 60_000), exclusive: false });
    expect(soon.closed).toBe(0);
    expect(await stored(photo)).toBe(true);
    const later = await sweepUploads(ctx.database.db, ctx.store, { now: new Date(Date.now() + 31 * 24 * 60 * 60_000), exclusive: false });
    expect(later.closed).toBeGreaterThanOrEqual(1);
    expect(await stored(photo)).toBe(false);
  });
});

describe('npm run uploads:to-s3', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it("copies the folder's files into the bucket with their types, again only what is missing, and removes local copies when asked", async () => {
    const person = await createUser(ctx);
    const body = multipartFile(sampleFiles.pdf(), 'cv.pdf');
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.upload('media'),
      headers: { ...body.headers, ...bearer(person.token) },
      payload: body.payload,
    });
    const file = MediaFile.parse(res.json().data);
    const name = file.url.split('/').pop()!;
    // A file no row knows stays for the sweep.
    writeFileSync(path.join(ctx.config.uploadsDir, `${randomUUID()}.png`), sampleFiles.png());
    const bucket = createFileStore(loadConfig({ NODE_ENV: 'test', DATA_DIR: ctx.config.dataDir, ...envFor('s3') }));
    try {
      const first = await moveUploadsToBucket(ctx.database.db, { dir: ctx.config.uploadsDir, store: ctx.store }, bucket, {
        removeLocal: false,
      });
      expect(first).toMatchObject({ copied: 1, alreadyThere: 0, unknown: 1, removedLocal: 0 });
      expect((await bytesOf(await bucket.open(name)))!.equals(sampleFiles.pdf())).toBe(true);
      const again = await moveUploadsToBucket(ctx.database.db, { dir: ctx.config.uploadsDir, store: ctx.store }, bucket, {
        removeLocal: true,
      });
      expect(again).toMatchObject({ copied: 0, alreadyThere: 1, removedLocal: 1 });
      expect(existsSync(path.join(ctx.config.uploadsDir, name))).toBe(false);
      expect(await bucket.open(name)).toBeDefined();
    } finally {
      bucket.close();
    }
  });
});
