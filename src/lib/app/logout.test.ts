// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { revokeToken } from '../api/logout-api.ts';
import { createApiClient } from '../api/request.ts';
import { logOut, logoutDelayMs } from './logout.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { $locale } from '../stores/locale.ts';
import { $token, applyToken } from '../stores/session.ts';

function fakeApi(answer: () => Response) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  return { fetch, api: createApiClient({ baseUrl: '', fetch, token: () => $token.get(), locale: () => 'en_GB' }) };
}

describe('logout (SPEC §4, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    $locale.set('en_GB');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clears the token, revokes it with its bearer, and goes to /login after 10 ms', async () => {
    const { api, fetch } = fakeApi(() => new Response(null, { status: 204 }));
    applyToken('tok');
    const done = logOut(api);
    expect($token.get()).toBe('');
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/logout?locale=en_GB');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    vi.advanceTimersByTime(logoutDelayMs - 1);
    expect(pageNavigation.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await done;
    expect(pageNavigation.assign).toHaveBeenCalledWith('/login');
  });

  it('calls nobody when there was no token, and keeps the page language', async () => {
    const { api, fetch } = fakeApi(() => new Response(null, { status: 204 }));
    applyToken('');
    $locale.set('uk_UA');
    const done = logOut(api);
    vi.advanceTimersByTime(logoutDelayMs);
    await done;
    expect(fetch).not.toHaveBeenCalled();
    expect(pageNavigation.assign).toHaveBeenCalledWith('/uk/login');
  });

  it('ignores a failed revocation', async () => {
    const { api } = fakeApi(() => new Response('{"message":"no"}', { status: 401 }));
    await expect(revokeToken('tok', api)).resolves.toBeUndefined();
  });
});
