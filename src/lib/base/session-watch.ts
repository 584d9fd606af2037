// Reloads the page when the session cookie changes behind the app's back (SPEC §4), e.g. another
// tab signs in or out. Cookies fire no event across tabs in every browser, so the cookie is polled
// and re-read on focus; Chromium's cookieStore "change" event makes it immediate where it exists
// (docs/decisions/011-session-cookie-and-cross-tab-changes.md).
import { buildSitePath, type SitePath } from './site-path.ts';

/** How often the cookie is compared with the token the app knows. */
export const sessionPollIntervalMs = 1000;

/** SPEC §4: the profile-prefixed root when a token is now set, the profile-prefixed login page if not. */
export function foreignChangeTarget(path: SitePath, token: string): string {
  return buildSitePath({ locale: path.locale, profileId: path.profileId, page: token ? '/' : '/login' });
}

export interface SessionWatchOptions {
  readCookie(): string;
  knownToken(): string;
  onForeignChange(token: string): void;
  intervalMs?: number;
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  cookieStore?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | undefined;
}

/** Starts watching; returns the function that stops it. Reports one change at most. */
export function watchSessionCookie(options: SessionWatchOptions): () => void {
  const events = options.events ?? globalThis;
  let stopped = false;
  const check = () => {
    if (stopped) return;
    const now = options.readCookie();
    if (now === options.knownToken()) return;
    stop();
    options.onForeignChange(now);
  };
  const onVisibility = () => check();
  const timer = setInterval(check, options.intervalMs ?? sessionPollIntervalMs);
  events.addEventListener('focus', onVisibility);
  events.addEventListener('visibilitychange', onVisibility);
  options.cookieStore?.addEventListener('change', onVisibility);
  function stop() {
    stopped = true;
    clearInterval(timer);
    events.removeEventListener('focus', onVisibility);
    events.removeEventListener('visibilitychange', onVisibility);
    options.cookieStore?.removeEventListener('change', onVisibility);
  }
  return stop;
}
