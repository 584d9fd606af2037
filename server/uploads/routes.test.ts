import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaFile, ProfilePage, type UploadKind } from '../../contract/profile-sections.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
// Uploads count against a per-person rate (30 in 10 minutes): the cover cases use their own person.
let coverOwner: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  other = await createUser(ctx);
  coverOwner = await createUser(ctx);
});
afterAll(async () => ctx.close());

function upload(kind: UploadKind, bytes: Buffer, filename: string, token: string | null = owner.token) {
  const body = multipartFile(bytes, filename);
  return ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.upload(kind),
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

const storedFiles = () => readdirSync(ctx.config.uploadsDir).filter((f) => !f.startsWith('.'));

describe('uploading a profile photo', () => {
  it('stores a PNG under a generated name and shows it on the profile', async () => {
    const res = await upload('photo', sampleFiles.png(), 'me.png');
    expect(res.statusCode).toBe(201);
    const file = MediaFile.parse(res.json().data);
    expect(file).toMatchObject({ name: 'me.png', mime_type: 'image/png', is_document: false });
    expect(file.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    const page = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) });
    expect(ProfilePage.parse(page.json().data).photo_url).toBe(file.url);

    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="me.png"; filename*=UTF-8''me.png`);
    expect(served.rawPayload.equals(sampleFiles.png())).toBe(true);
  });

  it('gives show-extra photo and cover URLs that serve the files (they answered 404)', async () => {
    const photo = MediaFile.parse((await upload('photo', sampleFiles.png(), 'p.png')).json().data);
    const cover = MediaFile.parse((await upload('cover', sampleFiles.png(), 'c.png')).json().data);
    const extra = await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowExtra, headers: bearer(owner.token) });
    const { photo_url, cover_url } = extra.json().data;
    expect([photo_url, cover_url]).toEqual([photo.url, cover.url]);
    for (const url of [photo_url, cover_url]) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('replaces the previous photo and removes its file', async () => {
    const first = MediaFile.parse((await upload('photo', sampleFiles.png(), 'a.png')).json().data);
    const second = MediaFile.parse((await upload('photo', sampleFiles.jpeg(), 'b.jpg')).json().data);
    expect(second.mime_type).toBe('image/jpeg');
    expect((await ctx.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect(storedFiles()).not.toContain(path.basename(first.url));
  });

  it('refuses a GIF as a photo (PNG or JPEG only) with 415', async () => {
    expect((await upload('photo', sampleFiles.gif(), 'me.gif')).statusCode).toBe(415);
  });

  it('removes the photo on request: gone from the profile, its URL and the disk, the cover kept', async () => {
    const photo = MediaFile.parse((await upload('photo', sampleFiles.png(), 'gone.png')).json().data);
    const cover = MediaFile.parse((await upload('cover', sampleFiles.png(), 'kept.png')).json().data);
    expect(storedFiles()).toContain(path.basename(photo.url));
    const res = await ctx.app.inject({ method: 'DELETE', url: profileApiPaths.photo, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(204);
    const page = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) });
    expect(ProfilePage.parse(page.json().data)).toMatchObject({ photo_url: null, cover_url: cover.url });
    expect((await ctx.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
    expect(storedFiles()).not.toContain(path.basename(photo.url));
    expect(storedFiles()).toContain(path.basename(cover.url));
  });
});

describe('the cover takes any image browsers show (SPEC §5, decision 073)', () => {
  it.each([
    ['avif', sampleFiles.avif(), 'image/avif'],
    ['bmp', sampleFiles.bmp(), 'image/bmp'],
    ['ico', sampleFiles.ico(), 'image/x-icon'],
    ['gif', sampleFiles.gif(), 'image/gif'],
    ['webp', sampleFiles.webp(), 'image/webp'],
  ])('stores a %s cover, recognised by its bytes, and serves it inline with its type', async (ext, bytes, mime) => {
    const res = await upload('cover', bytes, 'cover.img', coverOwner.token);
    expect(res.statusCode).toBe(201);
    const file = MediaFile.parse(res.json().data);
    expect(file.url).toMatch(new RegExp(`\\.${ext}$`));
    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe(mime);
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('keeps the photo to PNG and JPEG, and refuses an SVG cover with the translatable code', async () => {
    expect((await upload('photo', sampleFiles.bmp(), 'me.bmp', coverOwner.token)).json()).toMatchObject({ code: 'file_type_not_accepted' });
    const svg = await upload(
      'cover',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
      'cover.svg',
      coverOwner.token,
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ code: 'file_type_not_accepted' });
  });
});

describe('upload attacks', () => {
  it('refuses wrong magic bytes behind an image name', async () => {
    const res = await upload('cover', Buffer.from('<html><script>alert(1)</script></html>'), 'cover.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'This type of file is not accepted here.', code: 'file_type_not_accepted' });
  });

  it('refuses an SVG with a script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');
    expect((await upload('cover', svg, 'cover.svg')).statusCode).toBe(415);
  });

  it('refuses a cover one byte over 25 MB with 413, and accepts one of exactly 25 MB', async () => {
    const max = 25 * 1024 * 1024;
    const over = Buffer.concat([sampleFiles.png(), Buffer.alloc(max + 1 - sampleFiles.png().length)]);
    const res = await upload('cover', over, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 25 MB.');
    const exact = over.subarray(0, max);
    expect((await upload('cover', exact, 'exact.png')).statusCode).toBe(201);
  });

  it('keeps no trace of refused files', async () => {
    const before = storedFiles();
    await upload('media', Buffer.from('MZ executable'), 'cv.pdf');
    expect(storedFiles()).toEqual(before);
    expect(readdirSync(path.join(ctx.config.uploadsDir, '.incoming'))).toEqual([]);
  });

  it('never uses the file name as a path', async () => {
    const res = await upload('media', sampleFiles.pdf(), '../../../../etc/passwd.pdf');
    expect(res.statusCode).toBe(201);
    const file = MediaFile.parse(res.json().data);
    expect(file.name).toBe('passwd.pdf');
    expect(existsSync(path.join(ctx.config.uploadsDir, '..', '..', '..', '..', 'etc', 'passwd.pdf'))).toBe(false);
    expect(file.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.pdf$/);
  });

  it('serves a document as an attachment', async () => {
    const file = MediaFile.parse((await upload('media', sampleFiles.docx(), 'cv.docx')).json().data);
    expect(file.is_document).toBe(true);
    const served = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(served.headers['content-disposition']).toMatch(/^attachment; /);
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });

  it.each(['../secret', 'x.png', '00000000-0000-0000-0000-000000000000.png'])('answers 404 for the file name %s', async (name) => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${encodeURIComponent(name)}` })).statusCode).toBe(404);
  });
});

describe('upload authorisation', () => {
  it('answers 401 to an anonymous upload', async () => {
    expect((await upload('media', sampleFiles.pdf(), 'cv.pdf', null)).statusCode).toBe(401);
  });

  it('answers 422 when no file part is sent', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.upload('media'),
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'file', title: 'The file Field is required' }]);
  });

  it("does not let another person attach the owner's media to their certification", async () => {
    const file = MediaFile.parse((await upload('media', sampleFiles.pdf(), 'cert.pdf')).json().data);
    const res = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('certifications'),
      headers: bearer(other.token),
      payload: { name: 'C', provider: 'P', media_file_id: file.id },
    });
    expect(res.statusCode).toBe(422);
    const mine = await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.section('certifications'),
      headers: bearer(owner.token),
      payload: { name: 'C', provider: 'P', media_file_id: file.id },
    });
    expect(mine.statusCode).toBe(201);
    expect(ProfilePage.parse(mine.json().data).certifications[0]?.media).toEqual(file);
  });
});
