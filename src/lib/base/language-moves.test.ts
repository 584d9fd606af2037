// @vitest-environment happy-dom
// Decision 173: the two automatic language rules — the saved language redirects an
// unprefixed address; a profile's page follows the profile's language — never loop. Every combination
// of saved language × address language × own or another person's profile is walked page load by page
// load with the real bootstrap and profile step, until a page stays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import { claimLanguageMove, settleMs } from './language-moves.ts';

type Saved = Locale;
interface Case {
  saved: Saved;
  address: 'en' | 'uk';
  profile: 'own' | 'other';
  settlesOn: string;
}

const other = (locale: Locale): Locale => (locale === 'uk_UA' ? 'en_GB' : 'uk_UA');

/** One page load: the bootstrap, then the profile page's step; the address it leaves for, if any. */
async function load(url: string, saved: Saved, profileLocale: Locale, own: boolean): Promise<string | undefined> {
  vi.resetModules();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  document.cookie = `locale=${saved}; path=/`;
  // Signed in: the profile pages are behind the sign-in guard.
  document.cookie = 's-token=token; path=/';
  document.body.dataset['locale'] = new URL(url).pathname.startsWith('/uk') ? 'uk_UA' : 'en_GB';
  const { pageNavigation } = await import('./page-navigation.ts');
  let next: string | undefined;
  vi.spyOn(pageNavigation, 'replace').mockImplementation((to: string) => {
    next ??= new URL(to, url).href;
  });
  vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
  const { startClient } = await import('../app/app-start.ts');
  // A signed-out bootstrap (no token): only its language redirect matters here.
  if (!startClient()) return next;
  const { followProfileLocale } = await import('../stores/locale.ts');
  followProfileLocale(profileLocale, own);
  return next;
}

async function walk(start: string, saved: Saved, profileLocale: Locale, own: boolean): Promise<{ settled: string; loads: number }> {
  let url = start;
  for (let loads = 1; loads <= 10; loads++) {
    const next = await load(url, saved, profileLocale, own);
    if (!next) return { settled: new URL(url).pathname.replace(/(.)\/$/, '$1'), loads };
    url = next;
  }
  throw new Error(`still moving after 10 loads: ${url}`);
}

const cases: Case[] = [
  // The reported loop: a Ukrainian reader on an English profile. The first automatic move wins.
  { saved: 'uk_UA', address: 'en', profile: 'other', settlesOn: '/uk/profile-7' },
  { saved: 'uk_UA', address: 'uk', profile: 'other', settlesOn: '/profile-7' },
  { saved: 'uk_UA', address: 'en', profile: 'own', settlesOn: '/uk' },
  { saved: 'uk_UA', address: 'uk', profile: 'own', settlesOn: '/uk' },
  { saved: 'en_GB', address: 'en', profile: 'other', settlesOn: '/uk/profile-7' },
  { saved: 'en_GB', address: 'uk', profile: 'other', settlesOn: '/uk/profile-7' },
  { saved: 'en_GB', address: 'en', profile: 'own', settlesOn: '/' },
  { saved: 'en_GB', address: 'uk', profile: 'own', settlesOn: '/' },
];

describe('automatic language moves', () => {
  beforeEach(() => {
    // The bootstrap's later slices (site checks once idle) never run here: they would outlive the test.
    vi.useFakeTimers();
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    document.body.innerHTML = '<main id="main"></main>';
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each(cases)(
    'saved $saved, $address address, $profile profile: settles on $settlesOn within two loads',
    async ({ saved, address, profile, settlesOn }) => {
      const own = profile === 'own';
      // The own profile is in the saved language; another person's is in the other one.
      const profileLocale = own ? saved : other(saved);
      const path = own ? '/' : '/profile-7';
      const start = `http://localhost${address === 'uk' ? `/uk${path === '/' ? '/' : path}` : path}`;
      const { settled, loads } = await walk(start, saved, profileLocale, own);
      expect(settled).toBe(settlesOn);
      expect(loads).toBeLessThanOrEqual(2);
    },
  );

  it('refuses a move that undoes the last one of the same page until it has settled, and no other', () => {
    const storage = sessionStorage;
    expect(claimLanguageMove('/profile-7', 'en_GB', 'uk_UA', 1_000, storage)).toBe(true);
    // Back the other way at once: refused.
    expect(claimLanguageMove('/profile-7', 'uk_UA', 'en_GB', 1_500, storage)).toBe(false);
    // The same move again (the page opened once more at its first address): made.
    expect(claimLanguageMove('/profile-7', 'en_GB', 'uk_UA', 1_600, storage)).toBe(true);
    expect(claimLanguageMove('/careers', 'uk_UA', 'en_GB', 1_700, storage)).toBe(true);
    expect(claimLanguageMove('/profile-7', 'uk_UA', 'en_GB', 1_800, storage)).toBe(true);
    expect(claimLanguageMove('/profile-7', 'en_GB', 'uk_UA', 1_900 + settleMs, storage)).toBe(true);
  });

  it('lets the same page follow its profile again when opened once more at the same address', async () => {
    // Opened twice at /uk/profile-7 by an English reader of an English profile: moved both times.
    const first = await walk('http://localhost/uk/profile-7', 'en_GB', 'en_GB', false);
    const second = await walk('http://localhost/uk/profile-7', 'en_GB', 'en_GB', false);
    expect([first.settled, second.settled]).toEqual(['/profile-7', '/profile-7']);
  });

  it('makes no automatic move where it could not remember one', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    } as unknown as Storage;
    expect(claimLanguageMove('/profile-7', 'en_GB', 'uk_UA', 1_000, refusing)).toBe(false);
    expect(claimLanguageMove('/profile-7', 'en_GB', 'uk_UA', 1_000, null)).toBe(false);
  });
});
