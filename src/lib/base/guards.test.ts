import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authGuardTarget, needsSession, permissionGuardTarget, returnPathFrom } from './guards.ts';
import { parseSitePath } from './site-path.ts';

describe('the auth guard (SPEC §2)', () => {
  it('protects the SPEC’s auth routes only', () => {
    for (const path of ['/', '/achievements', '/careers', '/employment-details/3', '/notifications', '/search', '/settings']) {
      expect(needsSession(parseSitePath(path)), path).toBe(true);
    }
    for (const path of ['/activities', '/login', '/invitation', '/account-closed', '/create-account/company', '/nope']) {
      expect(needsSession(parseSitePath(path)), path).toBe(false);
    }
  });

  it('sends a signed-out visitor to the profile-prefixed login page with the way back', () => {
    const path = parseSitePath('/uk/profile-4/settings');
    expect(authGuardTarget(path, false, '/uk/profile-4/settings?tab=1')).toBe(
      '/uk/profile-4/login?redirect=%2Fuk%2Fprofile-4%2Fsettings%3Ftab%3D1',
    );
    expect(authGuardTarget(path, true, '/x')).toBeUndefined();
    expect(authGuardTarget(parseSitePath('/login'), false, '/login')).toBeUndefined();
  });

  const origin = 'https://profiles.test';
  it('returns only to same-site paths', () => {
    expect(returnPathFrom('?redirect=%2Fsettings', origin)).toBe('/settings');
    expect(returnPathFrom('?redirect=%2F%2Fevil.test', origin)).toBeUndefined();
    expect(returnPathFrom('?redirect=%2F%5Cevil.test', origin)).toBeUndefined();
    expect(returnPathFrom('?redirect=https%3A%2F%2Fevil.test', origin)).toBeUndefined();
    expect(returnPathFrom('', origin)).toBeUndefined();
  });
});

describe('the permission guard (docs/decisions/014)', () => {
  it('keeps own-account pages to the signed-in user', () => {
    expect(permissionGuardTarget(parseSitePath('/uk/profile-5/settings'), 4)).toBe('/uk/settings');
    expect(permissionGuardTarget(parseSitePath('/profile-4/settings'), 4)).toBeUndefined();
    expect(permissionGuardTarget(parseSitePath('/notifications'), 4)).toBeUndefined();
    // Another person's careers or achievements address shows nobody's under their name.
    expect(permissionGuardTarget(parseSitePath('/profile-2/careers'), 4)).toBe('/careers');
    expect(permissionGuardTarget(parseSitePath('/uk/profile-2/achievements'), 4)).toBe('/uk/achievements');
    expect(permissionGuardTarget(parseSitePath('/profile-4/careers'), 4)).toBeUndefined();
  });
});

// Hardening issue, point 1: the browser strips tabs and newlines (and leading C0 controls and spaces)
// before it resolves a URL, and reads a backslash as a slash, so each of these leaves the site.
describe('the return path after sign-in, against hostile values', () => {
  const origin = 'https://profiles.test';
  const back = (value: string) => returnPathFrom(`?${new URLSearchParams({ redirect: value })}`, origin);
  it.each([
    '//evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '/\t\\evil.test',
    ' //evil.test',
    '\u0000//evil.test',
    '\t//evil.test',
    'https://evil.test/',
    'https:evil.test',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '///evil.test',
    '/%2F/evil.test/..',
    'https://profiles.test@evil.test/',
    'https://user:pass@profiles.test/settings',
    'settings',
    '',
  ])('refuses %j', (value) => {
    const result = back(value);
    if (result !== undefined) expect(new URL(result, origin).origin).toBe(origin);
    expect(result === undefined || result.startsWith('/')).toBe(true);
    expect(result === undefined || !/^\/[/\\]/.test(result)).toBe(true);
    // Whatever came back is what the browser will open: still on our origin.
    if (result !== undefined) expect(new URL(result, `${origin}/`).host).toBe('profiles.test');
  });
  it.each(['//evil.test', '/\t/evil.test', '/\n/evil.test', '\\\\evil.test', ' //evil.test', 'https://evil.test/'])(
    'gives nothing at all for %j',
    (value) => expect(back(value)).toBeUndefined(),
  );
  it.each([
    ['/settings', '/settings'],
    ['/uk/profile-3/settings?tab=password#email', '/uk/profile-3/settings?tab=password#email'],
    ['/a/../settings', '/settings'],
  ])('keeps the same-site path %j as %j', (value, expected) => expect(back(value)).toBe(expected));
});

// Dot segments (also as %2e) collapse to `//host` after the check looked at the
// raw value, and a decoded %2F does the same. What is checked is the path that is returned.
describe('the return path after sign-in, through dot segments and encoded slashes', () => {
  const origin = 'https://profiles.test';
  const back = (value: string) => returnPathFrom(`?${new URLSearchParams({ redirect: value })}`, origin);
  /** Every host `path` may open: as the browser resolves it, and after one round of decoding. */
  const hostsOf = (path: string) => {
    const { pathname } = new URL(path, `${origin}/`);
    return [path, decodeURIComponent(pathname)].map((form) => new URL(form, `${origin}/`).host);
  };

  it.each([
    '/.%2F%2Fevil.example',
    '/..//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.//evil.example',
    '/%2e%2e/%2F/evil.example',
    '/.%5Cevil.example',
  ])('refuses %j', (value) => expect(back(value)).toBeUndefined());

  it('never returns a path that opens another host, for any mix of slashes, dots and their encodings', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%252F',
      'evil.example',
      'a',
      '\t',
      '@',
      ':',
      '?',
      '#',
      '%',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const result = back(`/${pieces.join('')}`);
        if (result === undefined) return;
        expect(result.startsWith('/') && !/^\/[/\\]/.test(result)).toBe(true);
        for (const host of hostsOf(result)) expect(host).toBe('profiles.test');
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps plain site paths as they are', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(back(path)).toBe(path);
      }),
    );
  });
});
