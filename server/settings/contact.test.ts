// Contact info in the settings (decision 153): the address, citizenship, time zone,
// contact phone and email with each field's message, only the caller's own, and who may see each:
// every profile read (show-extra, the profile page) honours the choice for the owner, another
// signed-in person and an anonymous visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contract/countries.ts';
import { defaultContactVisibility, visibleProfile } from '../../contract/profile-visibility.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { ContactInfo, settingsApiPaths } from '../../contract/settings.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const ukraine = countries.find((c) => c.code === 'UA')!;
const everyoneSees = { ...defaultContactVisibility };
const full = {
  address: '12 Khreshchatyk St',
  address_2: 'Flat 4',
  city: 'Kyiv',
  state: 'Kyiv City',
  postal_code: '01001',
  citizenship_country_id: ukraine.id,
  time_zone: 'Europe/Kyiv',
  contact_phone: '+380 (67) 123-45-67',
  contact_email: ' Work@Example.test ',
  visibility: everyoneSees,
};

const get = async (user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.contact, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return ContactInfo.parse(res.json().data);
};
const put = (user: TestUser | null, payload: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${settingsApiPaths.contact}?locale=${locale}`,
    headers: { ...(user ? bearer(user.token) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const messages = async (user: TestUser, payload: object, locale = 'en_GB') => {
  const res = await put(user, payload, locale);
  expect(res.statusCode, res.body).toBe(422);
  return Object.fromEntries(expectErrorAnswer(res).violations!.map((v) => [v.field, v.title]));
};

describe('the contact info', () => {
  it('starts empty with the default audiences, and is saved and answered in full', async () => {
    const person = await createUser(ctx);
    expect(await get(person)).toEqual({
      address: null,
      address_2: null,
      city: null,
      state: null,
      postal_code: null,
      citizenship_country_id: null,
      time_zone: null,
      contact_phone: null,
      contact_email: null,
      visibility: {
        address: 'owner',
        city: 'signed_in',
        state: 'signed_in',
        postal_code: 'owner',
        citizenship_country_id: 'signed_in',
        time_zone: 'signed_in',
        contact_phone: 'signed_in',
        contact_email: 'signed_in',
      },
    });
    const res = await put(person, full);
    expect(res.statusCode, res.body).toBe(200);
    const saved = { ...full, contact_phone: '+380671234567', contact_email: 'Work@Example.test' };
    expect(ContactInfo.parse(res.json().data)).toEqual(saved);
    expect(await get(person)).toEqual(saved);
    // Emptied fields become null.
    const cleared = await put(person, {
      ...full,
      address: '',
      address_2: '   ',
      contact_phone: '',
      contact_email: '',
      time_zone: null,
      citizenship_country_id: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await get(person)).toMatchObject({
      address: null,
      address_2: null,
      contact_phone: null,
      contact_email: null,
      time_zone: null,
      citizenship_country_id: null,
      city: 'Kyiv',
    });
  });

  it('gives each field its message, in the request language, and changes nothing', async () => {
    const person = await createUser(ctx);
    expect((await put(person, full)).statusCode).toBe(200);
    expect(
      await messages(person, {
        ...full,
        contact_phone: '12345',
        contact_email: 'not-an-address',
        time_zone: 'Mars/Olympus_Mons',
        citizenship_country_id: 99_999,
        address: 'x'.repeat(201),
        postal_code: 'x'.repeat(21),
        visibility: { ...everyoneSees, city: 'friends' },
      }),
    ).toEqual({
      contact_phone: 'Invalid phone number',
      contact_email: 'Invalid email address',
      time_zone: 'Choose a time zone from the list',
      citizenship_country_id: 'Choose a country from the list',
      address: 'The address Exceeded maximum character length of 200',
      postal_code: 'The postal code Exceeded maximum character length of 20',
      'visibility.city': 'The visibility.city Invalid field',
    });
    const uk = await messages(person, { ...full, contact_phone: 'abc', time_zone: 'Europe/Nowhere' }, 'uk_UA');
    expect(uk['contact_phone']).toBe('Недійсний номер телефону');
    expect(uk['time_zone']).toBe('Оберіть часовий пояс зі списку');
    expect((await messages(person, { ...full, visibility: undefined }))['visibility']).toBe('The visibility Field is required');
    expect((await messages(person, { ...full, visibility: undefined }, 'uk_UA'))['visibility']).toBe('«visibility»: Поле обов’язкове');
    expect((await messages(person, { ...full, citizenship_country_id: 'Ukraine' }))['citizenship_country_id']).toMatch(
      /Choose a country from the list$/,
    );
    expect((await messages(person, { ...full, address: 'a\u0000b' }))['address']).toMatch(/cannot be saved/);
    expect(await get(person)).toMatchObject({ contact_phone: '+380671234567', time_zone: 'Europe/Kyiv', city: 'Kyiv' });
  });

  it('belongs to the caller only, and answers 401 to an anonymous visitor', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    expect((await put(other, full)).statusCode).toBe(200);
    expect((await get(person)).city).toBeNull();
    for (const method of ['GET', 'PUT'] as const) {
      const res = await ctx.app.inject({ method, url: settingsApiPaths.contact, payload: method === 'PUT' ? full : undefined });
      expect(res.statusCode).toBe(401);
      expectErrorAnswer(res);
    }
  });
});

// The profile header form and the settings contact form both write the contact
// phone and email; a header save that leaves them out must not clear what the settings saved.
describe('the contact phone and email, owned by two forms', () => {
  const header = { first_name: 'Olena', last_name: 'Kovalenko', open_to_work: false };
  const putProfile = (user: TestUser, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: profileApiPaths.update, headers: bearer(user.token), payload });

  it('keeps them when PUT /api/profile leaves them out, and clears them only when it sends them empty', async () => {
    const person = await createUser(ctx);
    expect((await put(person, full)).statusCode).toBe(200);
    const kept = await putProfile(person, { ...header, headline: 'Designer' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await get(person)).toMatchObject({ contact_phone: '+380671234567', contact_email: 'Work@Example.test' });

    const changed = await putProfile(person, { ...header, contact_phone: '+380501234567' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await get(person)).toMatchObject({ contact_phone: '+380501234567', contact_email: 'Work@Example.test' });

    expect((await putProfile(person, { ...header, contact_phone: '', contact_email: null })).statusCode).toBe(200);
    expect(await get(person)).toMatchObject({ contact_phone: null, contact_email: null });
  });
});

describe('who may see each contact field', () => {
  const extraAs = async (of: TestUser, viewer: TestUser) => {
    const res = await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowExtraOf(of.id), headers: bearer(viewer.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };

  it('every profile read honours the choice for the owner and another signed-in person', async () => {
    const owner = await createUser(ctx);
    const reader = await createUser(ctx);
    const res = await put(owner, {
      ...full,
      visibility: {
        address: 'signed_in',
        city: 'everyone',
        state: 'everyone',
        postal_code: 'owner',
        citizenship_country_id: 'owner',
        time_zone: 'everyone',
        contact_phone: 'everyone',
        contact_email: 'owner',
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    // Every profile read needs a session today (SPEC: the product is for signed-in people); the
    // anonymous visitor is refused outright, and the rule an anonymous read would take is below.
    const refused = await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowExtraOf(owner.id) });
    expect(refused.statusCode).toBe(401);

    const signedIn = await extraAs(owner, reader);
    // Address 2 follows the address's audience.
    expect(signedIn).toMatchObject({ address: '12 Khreshchatyk St', address_2: 'Flat 4', city: 'Kyiv' });
    expect(signedIn).toMatchObject({ postal_code: null, citizenship_country_id: null, contact_email: null });

    const own = await ctx.app.inject({ method: 'GET', url: apiPaths.profileShowExtra, headers: bearer(owner.token) });
    expect(own.json().data).toMatchObject({ postal_code: '01001', citizenship_country_id: ukraine.id, contact_email: 'Work@Example.test' });

    // The profile page shows the contact phone to another person, not the contact email.
    const page = await ctx.app.inject({ method: 'GET', url: profileApiPaths.pageOf(owner.id), headers: bearer(reader.token) });
    expect(page.json().data).toMatchObject({ contact_phone: '+380671234567', contact_email: null });
    const ownPage = await ctx.app.inject({ method: 'GET', url: profileApiPaths.page, headers: bearer(owner.token) });
    expect(ownPage.json().data).toMatchObject({ contact_email: 'Work@Example.test' });

    // Narrowing again hides it at once.
    expect((await put(owner, { ...full, visibility: { ...everyoneSees, city: 'owner' } })).statusCode).toBe(200);
    expect((await extraAs(owner, reader))['city']).toBeNull();
  });

  it('an anonymous reader would see only what the person opened to everyone', () => {
    const record = {
      city: 'Kyiv',
      address: 'Street',
      address_2: 'Flat',
      contact_phone: '+380671234567',
      contact_email: 'a@b.test',
      time_zone: 'UTC',
    };
    const chosen = { ...defaultContactVisibility, city: 'everyone', address: 'everyone', contact_phone: 'owner' } as const;
    expect(visibleProfile(record, 'anonymous', chosen)).toEqual({
      city: 'Kyiv',
      address: 'Street',
      address_2: 'Flat',
      contact_phone: null,
      contact_email: null,
      time_zone: null,
    });
    expect(visibleProfile(record, 'signed_in', chosen)).toEqual({ ...record, contact_phone: null });
    expect(visibleProfile(record, 'owner', chosen)).toEqual(record);
    // Without a choice, the defaults; a stored value that is no audience never widens a field.
    expect(visibleProfile(record, 'signed_in', null).address).toBeNull();
    expect(visibleProfile(record, 'signed_in', { address: 'friends' as never }).address).toBeNull();
  });
});
