// @vitest-environment happy-dom
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSessionCookie, sessionCookieAttributes, writeSessionCookie } from './session-cookie.ts';
import { foreignChangeTarget, watchSessionCookie } from './session-watch.ts';
import { parseSitePath } from './site-path.ts';
import { $isSignedIn, $token, applyToken, discardToken } from '../stores/session.ts';

describe('the s-token cookie (SPEC §9)', () => {
  it('is Secure, strict, path /, 365 days, and host-only (no Domain, so company.{host} never receives it)', () => {
    for (const hostname of ['profiles.example', 'company.profiles.example']) {
      expect(sessionCookieAttributes({ protocol: 'https:', hostname })).toStrictEqual({
        path: '/',
        sameSite: 'strict',
        expires: 365,
        secure: true,
      });
    }
  });

  it('removes the Domain cookie earlier versions wrote, whenever the token is written or cleared', () => {
    const remove = vi.spyOn(Cookies, 'remove');
    const set = vi.spyOn(Cookies, 'set');
    try {
      writeSessionCookie('tok', { protocol: 'https:', hostname: 'profiles.example' });
      expect(remove).toHaveBeenCalledWith('s-token', expect.objectContaining({ domain: 'profiles.example' }));
      expect(set).toHaveBeenCalledWith('s-token', 'tok', expect.not.objectContaining({ domain: expect.anything() }));
      writeSessionCookie('', { protocol: 'https:', hostname: 'profiles.example' });
      expect(remove).toHaveBeenLastCalledWith('s-token', expect.not.objectContaining({ domain: expect.anything() }));
    } finally {
      remove.mockRestore();
      set.mockRestore();
    }
  });

  it('drops Secure on plain-http loopback, and the Domain browsers refuse there', () => {
    for (const hostname of ['localhost', '127.0.0.1', 'company.localhost']) {
      const attributes = sessionCookieAttributes({ protocol: 'http:', hostname });
      expect(attributes.secure).toBe(false);
      expect(attributes.domain).toBeUndefined();
    }
    expect(sessionCookieAttributes({ protocol: 'https:', hostname: 'localhost' }).secure).toBe(true);
    expect(sessionCookieAttributes({ protocol: 'http:', hostname: 'profiles.example' }).secure).toBe(true);
  });

  it('is written and removed', () => {
    const where = { protocol: 'http:', hostname: 'localhost' };
    writeSessionCookie('tok', where);
    expect(readSessionCookie()).toBe('tok');
    writeSessionCookie('', where);
    expect(readSessionCookie()).toBe('');
  });
});

describe('the session store', () => {
  it('is signed in with a non-empty token; apply and discard write the cookie', () => {
    applyToken('abc');
    expect($isSignedIn.get()).toBe(true);
    expect(Cookies.get('s-token')).toBe('abc');
    discardToken();
    expect($token.get()).toBe('');
    expect($isSignedIn.get()).toBe(false);
    expect(Cookies.get('s-token')).toBeUndefined();
  });
});

describe('foreign token changes (SPEC §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('go to the profile-prefixed root when a token appears and to its login page when it goes', () => {
    expect(foreignChangeTarget(parseSitePath('/uk/profile-4/settings'), 'new')).toBe('/uk/profile-4/');
    expect(foreignChangeTarget(parseSitePath('/profile-4/settings'), '')).toBe('/profile-4/login');
    expect(foreignChangeTarget(parseSitePath('/settings'), '')).toBe('/login');
  });

  it('are reported once, by polling, focus or cookieStore; the app’s own changes are not', () => {
    let cookie = 'a';
    let known = 'a';
    const onForeignChange = vi.fn();
    const events = new EventTarget();
    const cookieStore = new EventTarget();
    const stop = watchSessionCookie({
      readCookie: () => cookie,
      knownToken: () => known,
      onForeignChange,
      events,
      cookieStore,
      intervalMs: 100,
    });

    // The app changes both together: nothing to report.
    cookie = 'b';
    known = 'b';
    vi.advanceTimersByTime(250);
    events.dispatchEvent(new Event('focus'));
    expect(onForeignChange).not.toHaveBeenCalled();

    cookie = '';
    cookieStore.dispatchEvent(new Event('change'));
    expect(onForeignChange).toHaveBeenCalledWith('');
    vi.advanceTimersByTime(500);
    events.dispatchEvent(new Event('visibilitychange'));
    expect(onForeignChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('are found by the poll alone', () => {
    const onForeignChange = vi.fn();
    watchSessionCookie({ readCookie: () => 'other', knownToken: () => '', onForeignChange });
    vi.advanceTimersByTime(1000);
    expect(onForeignChange).toHaveBeenCalledWith('other');
  });
});
