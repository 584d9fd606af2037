// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleTimeoutMs } from '../base/task-slices.ts';

// The bootstrap reads the cookie and location when its modules load, so each case loads them fresh.
async function start(url: string, cookies: string[] = []) {
  vi.resetModules();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
  const { pageNavigation } = await import('../base/page-navigation.ts');
  // Redirects take the address's place (replace); sign-out loads the sign-in page (assign).
  const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
  const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
  const { startClient } = await import('./app-start.ts');
  const stores = {
    fatal: (await import('../stores/fatal-error.ts')).$fatalError,
    token: (await import('../stores/session.ts')).$token,
  };
  return { started: startClient(), assign, replace, reload, stores };
}

describe('the page bootstrap', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    document.head.innerHTML = '';
    document.body.innerHTML = '<main id="main"></main>';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('moves an unprefixed page to Ukrainian when the cookie says so', async () => {
    const { started, replace } = await start('http://localhost/login?x=1#top', ['locale=uk_UA']);
    expect(started).toBe(false);
    expect(replace).toHaveBeenCalledWith('/uk/login?x=1#top');
  });

  it('sends a signed-out visitor of a protected page to login', async () => {
    const { started, replace } = await start('http://localhost/profile-3/settings', ['locale=en_GB']);
    expect(started).toBe(false);
    expect(replace).toHaveBeenCalledWith('/profile-3/login?redirect=%2Fprofile-3%2Fsettings');
  });

  it('runs a public page and reloads on a foreign sign-in', async () => {
    const { started, replace } = await start('http://localhost/uk/profile-3/login');
    expect(started).toBe(true);
    document.cookie = 's-token=other; path=/';
    await vi.advanceTimersByTimeAsync(1000);
    expect(replace).toHaveBeenCalledWith('/uk/profile-3/');
  });

  it('remembers a language switch and signs out from a sign-out control', async () => {
    document.body.innerHTML = '<a href="/uk/login" hreflang="uk" data-language-switch>uk</a><button data-logout>out</button>';
    const { assign } = await start('http://localhost/login');
    // The controls are wired in the bootstrap's second slice, a task of its own.
    await vi.advanceTimersByTimeAsync(0);
    (document.querySelector('a') as HTMLAnchorElement).addEventListener('click', (e) => e.preventDefault());
    (document.querySelector('a') as HTMLAnchorElement).click();
    expect(document.cookie).toContain('locale=uk_UA');
    (document.querySelector('button') as HTMLButtonElement).click();
    await vi.advanceTimersByTimeAsync(10);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('runs the home step when signed in and shows a missing profile on the error screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Profile not found' }, { status: 404 })),
    );
    const { started, stores } = await start('http://localhost/profile-x/', ['s-token=tok']);
    expect(started).toBe(true);
    // The home step's module is loaded on demand, so its result arrives after a few ticks.
    await vi.waitFor(() => expect(stores.fatal.get()).toMatchObject({ message: 'Profile not found', status: 404 }), { timeout: 10_000 });
  });

  it('logs out when the home step meets a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Unauthenticated' }, { status: 401 })),
    );
    const { assign, stores } = await start('http://localhost/', ['s-token=tok']);
    await vi.waitFor(() => expect(stores.token.get()).toBe(''));
    await vi.advanceTimersByTimeAsync(20);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('starts in slices: redirects at once, the controls in a task of their own, the checks once loaded and idle', async () => {
    document.body.innerHTML = '<a href="/uk/login" hreflang="uk" data-language-switch>uk</a>';
    const fetch = vi.fn(async () => Response.json({ ts: 1 }));
    vi.stubGlobal('fetch', fetch);
    const link = () => document.querySelector('a') as HTMLAnchorElement;
    await start('http://localhost/login?next=1');
    // Nothing but the redirects has run yet: the link still has its prerendered address.
    expect(link().getAttribute('href')).toBe('/uk/login');
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(link().getAttribute('href')).toBe('/uk/login?next=1');
    await vi.advanceTimersByTimeAsync(idleTimeoutMs);
    expect(fetch).toHaveBeenCalledWith('/version.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('applies the permission guard to own-account pages under another profile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: { user_id: 1, first_name: 'A', last_name: 'B', headline: null, about: null, birth_date: null, locale: 'en_GB' },
        }),
      ),
    );
    const { replace } = await start('http://localhost/profile-2/settings', ['s-token=tok']);
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith('/settings'));
  });

  it('says Profile not found on any page under a missing or closed profile, not the person’s own page', async () => {
    const own = { user_id: 1, first_name: 'A', last_name: 'B', headline: null, about: null, birth_date: null, locale: 'en_GB' };
    const fetch = vi.fn(async (url: string) =>
      String(url).includes('/show/9999')
        ? Response.json({ message: 'Profile not found', code: 'profile_not_found' }, { status: 404 })
        : Response.json({ data: own }),
    );
    vi.stubGlobal('fetch', fetch);
    for (const page of ['careers', 'achievements', 'activities', 'settings', 'employment-details/4']) {
      const { stores, replace } = await start(`http://localhost/profile-9999/${page}`, ['s-token=tok']);
      await vi.waitFor(() => expect(stores.fatal.get()).toMatchObject({ status: 404 }), { timeout: 10_000 });
      expect(replace).not.toHaveBeenCalled();
    }
    const { stores } = await start('http://localhost/uk/profile-abc/careers', ['s-token=tok']);
    await vi.waitFor(() => expect(stores.fatal.get()).toMatchObject({ message: 'Профіль не знайдено', status: 404 }), { timeout: 10_000 });
  }, 60_000);

  it('reloads once on a newer build, and shows unhandled errors on the error screen', async () => {
    document.head.innerHTML = '<meta name="build-id" content="old" data-timestamp="1">';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://x').pathname;
        if (path === '/builds/latest.json') return Response.json({ id: 'new', timestamp: 2 });
        if (path === '/builds/meta/new.json') return Response.json({ id: 'new', timestamp: 2 });
        return Response.json({ ts: 1 });
      }),
    );
    sessionStorage.clear();
    const { reload, stores } = await start('http://localhost/login');
    await vi.advanceTimersByTimeAsync(idleTimeoutMs);
    expect(reload).toHaveBeenCalledOnce();
    // Within the 10 s guard another check finds the same newer build and holds back.
    await vi.advanceTimersByTimeAsync(5_000);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(reload).toHaveBeenCalledOnce();

    // A bug's own words never reach the page: the error screen says what the page's language says.
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError("Cannot read properties of undefined (reading 'id')") }));
    expect(stores.fatal.get()).toEqual({ message: 'Something went wrong', status: undefined });
    stores.fatal.set(null);
    const rejection = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: new Error('Late boom') });
    window.dispatchEvent(rejection);
    expect(stores.fatal.get()).toEqual({ message: 'Something went wrong', status: undefined });
  });
});
