// The brand page: fields with the industry select list, and logo and cover through the upload
// pipeline (checked by content), which never touch the uploader's own profile photo or cover.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyBrand } from '../../contract/companies.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { files } from '../db/profile-schema.ts';
import { profiles } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompanyContext, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let session: string;

beforeAll(async () => {
  ({ ctx, owner, companyId, ownerSession: session } = await createCompanyContext());
});
afterAll(async () => ctx.close());

const put = (payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: workspacePaths.brand(companyId), headers: bearer(session), payload: payload as never });

describe('the brand page', () => {
  it('saves its fields, with an industry from the select list', async () => {
    const res = await put({
      name: 'Acme Robotics',
      industry_id: 1,
      about: '<script>alert(1)</script>',
      website: 'https://acme.example',
      location: 'Kyiv',
      size: '11-50',
    });
    expect(res.statusCode).toBe(200);
    expect(CompanyBrand.parse(res.json().data)).toMatchObject({
      name: 'Acme Robotics',
      industry: 'Software',
      industry_id: 1,
      about: '<script>alert(1)</script>',
      size: '11-50',
    });
  });

  it.each([
    ['an industry key not in the list', { name: 'A', industry_id: 999 }, 'industry_id'],
    ['a javascript: website', { name: 'A', industry_id: null, website: 'javascript:alert(1)' }, 'website'],
    ['an empty name', { name: ' ', industry_id: null }, 'name'],
    ['a size not offered', { name: 'A', industry_id: null, size: 'huge' }, 'size'],
    ['a name too long', { name: 'x'.repeat(121), industry_id: null }, 'name'],
  ])('refuses %s on its field', async (_what, payload, field) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations.map((v: { field: string }) => v.field)).toContain(field);
  });

  it('takes a logo and a cover checked by content, leaving the uploader’s profile alone', async () => {
    const logo = multipartFile(sampleFiles.png(), 'logo.png', { contentType: 'image/png' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.logo(companyId),
      headers: { ...bearer(session), ...logo.headers },
      payload: logo.payload,
    });
    expect(res.statusCode).toBe(200);
    const brand = CompanyBrand.parse(res.json().data);
    expect(brand.logo_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png$/);
    expect((await ctx.app.inject({ method: 'GET', url: brand.logo_url! })).statusCode).toBe(200);

    const cover = multipartFile(sampleFiles.gif(), 'cover.gif', { contentType: 'image/gif' });
    const withCover = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.cover(companyId),
      headers: { ...bearer(session), ...cover.headers },
      payload: cover.payload,
    });
    expect(withCover.json().data.cover_url).toMatch(/\.gif$/);

    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(profile).toMatchObject({ photoPath: null, coverPath: null });

    // A new logo replaces the old one, whose file nothing refers to any more (hardening issue, point 6).
    const again = multipartFile(sampleFiles.jpeg(), 'logo.jpg', { contentType: 'image/jpeg' });
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.logo(companyId),
      headers: { ...bearer(session), ...again.headers },
      payload: again.payload,
    });
    expect(replaced.json().data.logo_url).toMatch(/\.jpg$/);
    expect((await ctx.app.inject({ method: 'GET', url: brand.logo_url! })).statusCode).toBe(404);
  });

  it.each(['logo', 'cover'] as const)('deletes the replaced %s from disk once nothing refers to it', async (image) => {
    const url = image === 'logo' ? workspacePaths.logo(companyId) : workspacePaths.cover(companyId);
    const upload = async () => {
      const file = multipartFile(sampleFiles.png(), `${image}.png`, { contentType: 'image/png' });
      const res = await ctx.app.inject({ method: 'POST', url, headers: { ...bearer(session), ...file.headers }, payload: file.payload });
      expect(res.statusCode).toBe(200);
      const brand = CompanyBrand.parse(res.json().data);
      return (image === 'logo' ? brand.logo_url : brand.cover_url)!.split('/').at(-1)!;
    };
    const onDisk = (name: string) => existsSync(path.join(ctx.config.uploadsDir, name));
    const first = await upload();
    const second = await upload();
    expect(onDisk(first)).toBe(false);
    expect((await ctx.database.db.select().from(files).where(eq(files.storageName, first))).length).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/${first}` })).statusCode).toBe(404);
    expect(onDisk(second)).toBe(true);

    // A file something else still shows stays when the company moves on from it.
    await ctx.database.db.update(profiles).set({ coverPath: second }).where(eq(profiles.userId, owner.id));
    const third = await upload();
    expect(onDisk(second)).toBe(true);
    expect(onDisk(third)).toBe(true);
    await ctx.database.db.update(profiles).set({ coverPath: null }).where(eq(profiles.userId, owner.id));
  });

  it('refuses a logo that is not an image by content, and a request without a file', async () => {
    const fake = multipartFile(sampleFiles.pdf(), 'logo.png', { contentType: 'image/png' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.logo(companyId),
      headers: { ...bearer(session), ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(415);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.logo(companyId),
      headers: { ...bearer(session), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(empty.statusCode).toBe(422);
  });

  it('is not changed by a member, whose role may not', async () => {
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    const memberSession = await enterCompany(ctx, member, companyId);
    const logo = multipartFile(sampleFiles.png(), 'logo.png');
    const res = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.logo(companyId),
      headers: { ...bearer(memberSession), ...logo.headers },
      payload: logo.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});
