// Every field of every profile read, as its owner and as another signed-in person sees it: each
// follows its one rule in contract/profile-visibility.ts (hardening issue, point 3).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayRead, profileFieldAudience, visibleProfile, type Audience } from '../../contract/profile-visibility.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { profiles, users } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';

let ctx: TestContext;
let owner: TestUser;
let visitor: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createUser(ctx, { phone: '+380501234999' });
  visitor = await createUser(ctx);
  // Every column filled, so a hidden field cannot pass for an empty one.
  await ctx.database.db
    .update(profiles)
    .set({
      headline: 'Designer',
      about: 'About me',
      birthDate: '1990-04-12',
      title: 'Ms',
      profileStatus: 'open_to_work',
      description: 'Desc',
      location: 'Kyiv',
      timeZone: 'Europe/Kyiv',
      address: '1 Khreshchatyk St',
      address2: 'Flat 2',
      city: 'Kyiv',
      state: 'Kyiv',
      postalCode: '01001',
      citizenshipCountryId: 2,
      website: 'https://me.example',
      contactPhone: '+380500000001',
      contactEmail: 'contact@me.example',
      currentPosition: 'Lead',
      photoPath: 'a.png',
      coverPath: 'b.png',
    })
    .where(eq(profiles.userId, owner.id));
  await ctx.database.db.update(users).set({ phone: '+380501234999' }).where(eq(users.id, owner.id));
  await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('skills'),
    headers: bearer(owner.token),
    payload: { name: 'Figma' },
  });
});
afterAll(async () => ctx.close());

const reads = [
  ['GET /api/profile/show/{id}', apiPaths.profileShow, (id: number) => apiPaths.profileShowOf(id)],
  ['GET /api/profile/show-extra/{id}', apiPaths.profileShowExtra, (id: number) => apiPaths.profileShowExtraOf(id)],
  ['GET /api/profile/page/{id}', profileApiPaths.page, (id: number) => profileApiPaths.pageOf(id)],
] as const;

describe.each(reads)('%s', (_name, ownUrl, otherUrl) => {
  it('shows a visitor exactly the fields meant for signed-in people, and the owner every field', async () => {
    const asOwner = (await ctx.app.inject({ method: 'GET', url: ownUrl, headers: bearer(owner.token) })).json().data as Record<
      string,
      unknown
    >;
    const viaId = (await ctx.app.inject({ method: 'GET', url: otherUrl(owner.id), headers: bearer(owner.token) })).json().data as Record<
      string,
      unknown
    >;
    const asVisitor = (await ctx.app.inject({ method: 'GET', url: otherUrl(owner.id), headers: bearer(visitor.token) })).json()
      .data as Record<string, unknown>;
    expect(viaId).toEqual(asOwner);
    for (const field of Object.keys(asOwner)) {
      const audience = (profileFieldAudience as Record<string, Audience>)[field];
      expect(audience, `${field} has a rule`).toBeDefined();
      if (field === 'is_owner') continue;
      if (mayRead(audience!, 'signed_in')) {
        if (field === 'skills' && Array.isArray(asVisitor[field])) continue; // endorsement details differ per viewer
        expect(asVisitor[field], field).toEqual(asOwner[field]);
      } else {
        expect(asOwner[field], `${field} is filled for the owner`).not.toBeNull();
        expect(asVisitor[field], `${field} is hidden from a visitor`).toBeNull();
      }
    }
  });

  it('answers 401 to an anonymous visitor', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: otherUrl(owner.id) })).statusCode).toBe(401);
  });
});

describe('the visibility rule', () => {
  it('hides the birth date from everyone but the owner', () => {
    expect(profileFieldAudience.birth_date).toBe('owner');
    expect(visibleProfile({ birth_date: '1990-04-12' }, 'signed_in')).toEqual({ birth_date: null });
    expect(visibleProfile({ birth_date: '1990-04-12' }, 'owner')).toEqual({ birth_date: '1990-04-12' });
  });
  it('refuses a field that has no rule', () => {
    expect(() => visibleProfile({ secret: 1 } as never, 'owner')).toThrow(/no visibility rule/);
  });
});
