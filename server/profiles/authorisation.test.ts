// The authorisation matrix of the profile endpoints: anonymous 401; another user 404 with nothing
// changed where the resource is somebody's own; the owner 2xx (the owner's side is covered in
// page-routes.test.ts and uploads/routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileImageKinds, ProfilePage, sectionNames } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;
let owner: TestUser;
let other: TestUser;
let recommendationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx);
  other = await createUser(ctx);
  const third = await createUser(ctx);
  await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.recommendationsOf(owner.id),
    headers: bearer(third.token),
    payload: { text: 'Kind words' },
  });
  const page = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) });
  recommendationId = ProfilePage.parse(page.json().data).recommendations[0]!.id;
});
afterAll(async () => ctx.close());

const anonymousCalls: [string, string][] = [
  ['GET', profileApiPaths.page],
  ['GET', profileApiPaths.pageOf(1)],
  ['PUT', profileApiPaths.update],
  ['GET', profileApiPaths.exportResume],
  ['POST', profileApiPaths.importResume],
  ['POST', profileApiPaths.endorsement(1)],
  ['DELETE', profileApiPaths.endorsement(1)],
  ['POST', profileApiPaths.recommendationsOf(1)],
  ['PUT', profileApiPaths.recommendation(1)],
  ['DELETE', profileApiPaths.recommendation(1)],
  ['DELETE', profileApiPaths.photo],
  ['DELETE', profileApiPaths.cover],
  ['POST', profileApiPaths.upload('media')],
  ...sectionNames.flatMap((s): [string, string][] => [
    ['POST', profileApiPaths.section(s)],
    ['PUT', profileApiPaths.sectionItem(s, 1)],
    ['DELETE', profileApiPaths.sectionItem(s, 1)],
  ]),
];

describe('an anonymous visitor', () => {
  it.each(anonymousCalls)('gets 401 from %s %s', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET', url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });
});

describe('another user', () => {
  it('cannot accept, decline or delete a recommendation written about someone else', async () => {
    for (const status of ['accepted', 'declined']) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: profileApiPaths.recommendation(recommendationId),
        headers: bearer(other.token),
        payload: { status },
      });
      expect(res.statusCode).toBe(404);
    }
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: profileApiPaths.recommendation(recommendationId),
      headers: bearer(other.token),
    });
    expect(removed.statusCode).toBe(404);
    const page = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) });
    expect(ProfilePage.parse(page.json().data).recommendations).toMatchObject([{ id: recommendationId, status: 'pending' }]);
  });

  it('removing "their" photo or cover only ever touches their own profile', async () => {
    for (const kind of profileImageKinds) {
      const body = multipartFile(sampleFiles.png(), `${kind}.png`);
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: profileApiPaths.upload(kind),
        headers: { ...body.headers, ...bearer(owner.token) },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(201);
    }
    const before = ProfilePage.parse(
      (await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) })).json().data,
    );
    expect(before.photo_url).not.toBeNull();
    expect(before.cover_url).not.toBeNull();
    for (const kind of profileImageKinds) {
      const res = await ctx.app.inject({ method: 'DELETE', url: profileApiPaths[kind], headers: bearer(other.token) });
      expect(res.statusCode).toBe(204);
    }
    const after = ProfilePage.parse(
      (await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) })).json().data,
    );
    expect([after.photo_url, after.cover_url]).toEqual([before.photo_url, before.cover_url]);
    for (const url of [after.photo_url!, after.cover_url!]) expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('exports only their own profile', async () => {
    const nameOf = async (user: TestUser) => {
      const page = ProfilePage.parse(
        (await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(user.token) })).json().data,
      );
      return `${page.first_name} ${page.last_name}`;
    };
    const res = await ctx.app.inject({ method: 'GET', url: profileApiPaths.exportResume, headers: bearer(other.token) });
    expect(await nameOf(owner)).not.toBe(await nameOf(other));
    expect(res.json().basics.name).toBe(await nameOf(other));
  });
});
