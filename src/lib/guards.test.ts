import { describe, expect, it } from 'vitest';
import { authGuardTarget, needsSession, permissionGuardTarget, returnPathFrom } from './guards.ts';
import { parseSitePath } from './site-path.ts';

describe('the auth guard (SPEC §2)', () => {
  it('protects the SPEC’s auth routes only', () => {
    for (const path of ['/', '/achievements', '/careers', '/employment-details/3', '/notifications', '/settings']) {
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

  it('returns only to same-site paths', () => {
    expect(returnPathFrom('?redirect=%2Fsettings')).toBe('/settings');
    expect(returnPathFrom('?redirect=%2F%2Fevil.test')).toBeUndefined();
    expect(returnPathFrom('?redirect=%2F%5Cevil.test')).toBeUndefined();
    expect(returnPathFrom('?redirect=https%3A%2F%2Fevil.test')).toBeUndefined();
    expect(returnPathFrom('')).toBeUndefined();
  });
});

describe('the permission guard (docs/decisions/014)', () => {
  it('keeps own-account pages to the signed-in user', () => {
    expect(permissionGuardTarget(parseSitePath('/uk/profile-5/settings'), 4)).toBe('/uk/settings');
    expect(permissionGuardTarget(parseSitePath('/profile-4/settings'), 4)).toBeUndefined();
    expect(permissionGuardTarget(parseSitePath('/notifications'), 4)).toBeUndefined();
    expect(permissionGuardTarget(parseSitePath('/profile-5/careers'), 4)).toBeUndefined();
  });
});
