// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findNewerBuild, isChunkLoadError, pageBuild, watchChunkFailures } from '../base/build-check.ts';
import { $location, followHistory, navigate, needsFullLoad } from './navigation.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { claimReload, reloadGuardMs } from '../base/reload-guard.ts';
import { $outdated, markOutdated } from '../stores/version.ts';
import { fetchVersionStamp, startVersionCheck, versionCheckIntervalMs } from '../base/version-check.ts';

function fetchAnswering(answers: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://site');
    const key = Object.keys(answers).find((path) => url.pathname === path);
    if (key === undefined) return new Response('missing', { status: 404 });
    const value = answers[key];
    if (value instanceof Error) throw value;
    return Response.json(value);
  });
}

describe('the version check (SPEC §4, §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches version.json without cache on load and every 300000 ms, and reports a new stamp once', async () => {
    let ts = 1;
    const fetch = vi.fn(async () => Response.json({ ts }));
    const onOutdated = vi.fn();
    const check = startVersionCheck({ fetch, onOutdated });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledWith('/version.json', expect.objectContaining({ cache: 'no-store' }));
    await vi.advanceTimersByTimeAsync(versionCheckIntervalMs);
    expect(onOutdated).not.toHaveBeenCalled();
    ts = 2;
    await vi.advanceTimersByTimeAsync(versionCheckIntervalMs);
    expect(onOutdated).toHaveBeenCalledOnce();
    expect(fetch).toHaveBeenCalledTimes(3);
    await check.check();
    expect(onOutdated).toHaveBeenCalledOnce();
    check.stop();
  });

  it('reads nothing from a failed or malformed answer', async () => {
    expect(await fetchVersionStamp(fetchAnswering({}))).toBeUndefined();
    expect(await fetchVersionStamp(fetchAnswering({ '/version.json': { nope: 1 } }))).toBeUndefined();
    expect(await fetchVersionStamp(fetchAnswering({ '/version.json': new TypeError('offline') }))).toBeUndefined();
    expect(await fetchVersionStamp(fetchAnswering({ '/version.json': { ts: 'abc' } }))).toBe('abc');
  });
});

describe('new builds (SPEC §4, §7)', () => {
  const current = { id: 'old', timestamp: 100 };

  it('are found through latest.json with a timestamp query once their meta file exists', async () => {
    const fetch = fetchAnswering({
      '/builds/latest.json': { id: 'new', timestamp: 200 },
      '/builds/meta/new.json': { id: 'new', timestamp: 200, routes: [] },
    });
    expect(await findNewerBuild(fetch, current, 123)).toEqual({ id: 'new', timestamp: 200 });
    expect(fetch.mock.calls[0]?.[0]).toBe('/builds/latest.json?t=123');
  });

  it('are not found when the same, older, unpublished or unreadable', async () => {
    expect(await findNewerBuild(fetchAnswering({ '/builds/latest.json': current }), current, 1)).toBeUndefined();
    expect(await findNewerBuild(fetchAnswering({ '/builds/latest.json': { id: 'x', timestamp: 50 } }), current, 1)).toBeUndefined();
    expect(await findNewerBuild(fetchAnswering({ '/builds/latest.json': { id: 'new', timestamp: 200 } }), current, 1)).toBeUndefined();
    expect(await findNewerBuild(fetchAnswering({ '/builds/latest.json': { nope: true } }), current, 1)).toBeUndefined();
    const mismatched = fetchAnswering({
      '/builds/latest.json': { id: 'new', timestamp: 200 },
      '/builds/meta/new.json': { id: 'other', timestamp: 200 },
    });
    expect(await findNewerBuild(mismatched, current, 1)).toBeUndefined();
  });

  it('are compared with the page’s <meta name="build-id">', () => {
    document.head.innerHTML = '<meta name="build-id" content="abc" data-timestamp="42">';
    expect(pageBuild()).toEqual({ id: 'abc', timestamp: 42 });
    document.head.innerHTML = '';
    expect(pageBuild()).toBeUndefined();
  });
});

describe('the reload guard (SPEC §9)', () => {
  it('allows one reload per path within 10 seconds', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    expect(claimReload('/a', store, 1_000)).toBe(true);
    expect(claimReload('/a', store, 1_000 + reloadGuardMs - 1)).toBe(false);
    expect(claimReload('/b', store, 2_000)).toBe(true);
    expect(claimReload('/a', store, 1_000 + reloadGuardMs)).toBe(true);
  });

  it('never reloads without storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(claimReload('/a', broken, 1)).toBe(false);
    const readOnly = {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(claimReload('/a', readOnly, 1)).toBe(false);
  });
});

describe('chunk failures', () => {
  it('are recognised in every browser’s words', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError('error loading dynamically imported module')).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('nope'))).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });

  it('come from Vite, Astro islands and unhandled rejections', () => {
    const target = new EventTarget();
    const onFailure = vi.fn();
    const stop = watchChunkFailures(target, onFailure);
    const preload = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(preload);
    expect(preload.defaultPrevented).toBe(true);
    target.dispatchEvent(
      new CustomEvent('astro:hydration-error', {
        cancelable: true,
        detail: { error: new TypeError('Failed to fetch dynamically imported module') },
      }),
    );
    target.dispatchEvent(new CustomEvent('astro:hydration-error', { cancelable: true, detail: { error: new Error('render bug') } }));
    const rejection = Object.assign(new Event('unhandledrejection', { cancelable: true }), {
      reason: new TypeError('Failed to fetch dynamically imported module'),
    });
    target.dispatchEvent(rejection);
    const other = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: new Error('x') });
    target.dispatchEvent(other);
    expect(onFailure).toHaveBeenCalledTimes(3);
    stop();
    target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(onFailure).toHaveBeenCalledTimes(3);
  });
});

describe('navigation while outdated (SPEC §4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    $outdated.set(false);
  });

  it('loads another named route or language as a new document, and the same route in history', () => {
    expect(needsFullLoad('/settings', '/careers', false)).toBe(true);
    expect(needsFullLoad('/settings', '/uk/settings', false)).toBe(true);
    expect(needsFullLoad('/profile-1/', '/profile-2/', false)).toBe(false);
    expect(needsFullLoad('/activities?sort=az', '/activities?sort=za', false)).toBe(false);
    expect(needsFullLoad('/profile-1/', '/profile-2/', true)).toBe(true);
  });

  it('pushes a same-route path, and loads fully once outdated', () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const history = { pushState: vi.fn() };
    $location.set('/profile-1/');
    navigate('/profile-2/', history);
    expect(history.pushState).toHaveBeenCalledWith(null, '', '/profile-2/');
    expect($location.get()).toBe('/profile-2/');
    navigate('/settings', history);
    expect(assign).toHaveBeenCalledWith('/settings');
    markOutdated();
    navigate('/profile-3/', history);
    expect(assign).toHaveBeenCalledWith('/profile-3/');
    expect(history.pushState).toHaveBeenCalledOnce();
  });

  it('follows back and forward', () => {
    const target = new EventTarget();
    const stop = followHistory(target);
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://localhost/profile-9/?x=1');
    target.dispatchEvent(new Event('popstate'));
    expect($location.get()).toBe('/profile-9/?x=1');
    stop();
  });
});
