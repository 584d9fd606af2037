// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfilePage } from '../../../contract/profile-page.fixture.ts';
import { fetchProfile, fetchProfileExtra } from '../api/profile-api.ts';
import { userIdOfProfileSegment } from '../base/profile-segment.ts';
import { createApiClient } from '../api/request.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { parseSitePath } from '../base/site-path.ts';
import { $locale } from './locale.ts';
import { $ownProfile, $profilePage, loadHomeProfiles } from './profile.ts';
import { forgetServerData } from './query.ts';

const profile = (userId: number, locale = 'en_GB') => ({
  user_id: userId,
  first_name: 'Ann',
  last_name: 'Lee',
  headline: null,
  about: null,
  birth_date: null,
  locale,
});

function apiAnswering(byPath: Record<string, unknown>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://x').pathname;
    return path in byPath ? Response.json(byPath[path]) : Response.json({ message: 'Profile not found' }, { status: 404 });
  });
  return { fetch, api: createApiClient({ baseUrl: '', fetch, token: () => 't', locale: () => 'en_GB' }) };
}

describe('profile calls (SPEC §7, §8)', () => {
  it('fill the defaults of the contract', async () => {
    const { api } = apiAnswering({ '/api/profile/show': { data: profile(1) } });
    expect(await fetchProfile(undefined, api)).toMatchObject({ user_id: 1, country_id: 1, skills: null });
  });

  it('reject a profile without user_id with "User data is not available"', async () => {
    const { api } = apiAnswering({ '/api/profile/show/5': { data: { ...profile(5), user_id: null } } });
    await expect(fetchProfile(5, api)).rejects.toMatchObject({ message: 'User data is not available' });
    const broken = apiAnswering({ '/api/profile/show': { data: { user_id: 3 } } });
    await expect(fetchProfile(undefined, broken.api)).rejects.toMatchObject({ message: 'User data is not available' });
  });

  it('read the extra record, own or another user’s', async () => {
    const text = [
      'title',
      'profile_status',
      'description',
      'location',
      'time_zone',
      'address',
      'address_2',
      'city',
      'state',
      'postal_code',
      'website',
      'contact_phone',
      'contact_email',
      'primary_email',
      'primary_phone',
      'current_position',
      'photo_url',
      'cover_url',
    ];
    const extra = { user_id: 2, open_to_work: false, citizenship_country_id: null, ...Object.fromEntries(text.map((k) => [k, null])) };
    const { api, fetch } = apiAnswering({
      '/api/profile/show-extra/2': { data: extra },
      '/api/profile/show-extra': { data: { user_id: 2 } },
    });
    expect(await fetchProfileExtra(2, api)).toMatchObject({ user_id: 2, open_to_work: false });
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/profile/show-extra/2?locale=en_GB'), expect.anything());
    await expect(fetchProfileExtra(undefined, api)).rejects.toMatchObject({ message: 'User data is not available' });
  });

  it('answer a profile segment without a user id with 404 "Profile not found"', () => {
    expect(userIdOfProfileSegment('42')).toBe(42);
    expect(() => userIdOfProfileSegment('abc')).toThrow('Profile not found');
    try {
      userIdOfProfileSegment('0');
    } catch (error) {
      expect(error).toMatchObject({ status: 404 });
    }
  });
});

const page = (userId: number, options: { locale?: 'en_GB' | 'uk_UA'; isOwner?: boolean } = {}) => ({
  ...emptyProfilePage,
  is_owner: options.isOwner ?? true,
  user_id: userId,
  locale: options.locale ?? 'en_GB',
  first_name: 'Ann',
  last_name: 'Lee',
});

describe('the home page step (the page in a store, read once)', () => {
  beforeEach(() => {
    vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    $locale.set('en_GB');
    forgetServerData();
  });
  afterEach(() => vi.restoreAllMocks());

  it('reads the own page with one request and no separate profile read', async () => {
    const { api, fetch } = apiAnswering({ '/api/profile/page': { data: page(1) } });
    const shown = [$profilePage.listen(() => undefined), $ownProfile.listen(() => undefined)];
    await loadHomeProfiles(parseSitePath('/'), api);
    expect($profilePage.get()).toMatchObject({ data: { user_id: 1, is_owner: true } });
    expect(fetch).toHaveBeenCalledOnce();
    expect($ownProfile.get().data).toBeUndefined();
    for (const stop of shown) stop();
    expect(pageNavigation.replace).not.toHaveBeenCalled();
  });

  it('reads the viewed page and follows its locale, without remembering it', async () => {
    const { api } = apiAnswering({ '/api/profile/page/2': { data: page(2, { locale: 'uk_UA', isOwner: false }) } });
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost/profile-2/');
    const stop = $profilePage.listen(() => undefined);
    await loadHomeProfiles(parseSitePath('/profile-2/'), api);
    expect($profilePage.get()).toMatchObject({ data: { user_id: 2 } });
    stop();
    expect(pageNavigation.replace).toHaveBeenCalledWith('/uk/profile-2/');
    expect(document.cookie).not.toContain('locale=');
  });

  it("names another person's page after them in the tab, and leaves the own page's title alone", async () => {
    document.title = 'Home | Profiles';
    await loadHomeProfiles(parseSitePath('/'), apiAnswering({ '/api/profile/page': { data: page(1) } }).api);
    expect(document.title).toBe('Home | Profiles');
    const other = { ...page(2, { isOwner: false }), first_name: 'Олена', last_name: 'Коваленко' };
    await loadHomeProfiles(
      parseSitePath('/profile-2/'),
      apiAnswering({ '/api/profile/page/2': { data: other }, '/api/profile/show': { data: profile(1) } }).api,
    );
    expect(document.title).toBe('Олена Коваленко | Profiles');
  });

  it("reads the reader's own profile for the locale note only on another person's page", async () => {
    const { api, fetch } = apiAnswering({
      '/api/profile/page/2': { data: page(2, { isOwner: false }) },
      '/api/profile/show': { data: profile(1, 'uk_UA') },
    });
    const stop = $ownProfile.listen(() => undefined);
    await loadHomeProfiles(parseSitePath('/profile-2/'), api);
    expect($ownProfile.get()).toMatchObject({ data: { user_id: 1, locale: 'uk_UA' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
  });

  it('fails with 404 when the prefix names no user id, or the profile is missing', async () => {
    const { api, fetch } = apiAnswering({ '/api/profile/page': { data: page(1) } });
    await expect(loadHomeProfiles(parseSitePath('/profile-x/'), api)).rejects.toMatchObject({ status: 404, message: 'Profile not found' });
    expect(fetch).not.toHaveBeenCalled();
    const stop = $profilePage.listen(() => undefined);
    await expect(loadHomeProfiles(parseSitePath('/profile-9/'), api)).rejects.toMatchObject({ status: 404 });
    expect($profilePage.get()).toMatchObject({ data: undefined, error: { status: 404 } });
    stop();
  });
});

describe('the profile actions', () => {
  it('put the page each write answers into the store', async () => {
    const answers = [page(1), { ...page(1), headline: 'Engineer' }];
    const fetch = vi.fn(async () => Response.json({ data: answers.shift() }));
    vi.stubGlobal('fetch', fetch);
    const { saveHeader, refreshOwnPage } = await import('./profile.ts');
    const stop = $profilePage.listen(() => undefined);
    await refreshOwnPage();
    expect($profilePage.get()).toMatchObject({ data: { headline: null } });
    await saveHeader({ first_name: 'Ann', last_name: 'Lee' } as never);
    expect($profilePage.get()).toMatchObject({ data: { headline: 'Engineer' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    vi.unstubAllGlobals();
  });
});
