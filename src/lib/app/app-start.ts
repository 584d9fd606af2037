// The client bootstrap every page runs (src/layouts/Base.astro): language redirect, guards, the
// cross-tab session watch, version and build checks, the home page's profile step, language-switch
// and sign-out controls, and the error screen for unhandled errors.
import { isCompanyHostname } from '../../../contract/company-hosts.ts';
import { HttpStatus } from '../../../contract/errors.ts';
import { libText } from '../base/lib-messages.ts';
import { ApiError } from '../base/api-error.ts';
import { reportRequestError } from './error-policy.ts';
import { prefetch } from '../api/prefetch.ts';
import { parseProfileIdentifier } from '../../../contract/identifiers.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import { findNewerBuild, pageBuild, buildPollIntervalMs, watchChunkFailures } from '../base/build-check.ts';
import { authGuardTarget, permissionGuardTarget, permissionRules } from '../base/guards.ts';
import { switchLanguage } from './language-switch.ts';
import { logOut } from './logout.ts';
import { followHistory } from './navigation.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { claimLanguageMove } from '../base/language-moves.ts';
import { claimReload } from '../base/reload-guard.ts';
import { readSessionCookie } from '../base/session-cookie.ts';
import { foreignChangeTarget, watchSessionCookie } from '../base/session-watch.ts';
import { browserLanguage, hasLocalePrefix, languageRedirectTarget, readLanguageCookie, writeLanguageCookie } from '../base/site-locale.ts';
import { currentPathWithQuery, currentSitePath, pathInLocale, routeNameOf, type SitePath } from '../base/site-path.ts';
import { showFatalError } from '../stores/fatal-error.ts';
import { $locale } from '../stores/locale.ts';
import { $token } from '../stores/session.ts';
import { $outdated, markOutdated } from '../stores/version.ts';
import { inNextTask, whenLoadedAndIdle } from '../base/task-slices.ts';
import { startVersionCheck } from '../base/version-check.ts';
import { isChunkLoadError } from '../base/build-check.ts';

/**
 * Runs once per page load; returns false when the page is being left for another one. Only the
 * redirects run at once; the watches and controls follow in a task of their own, and the version
 * and build checks once the page has loaded and is idle (decision 159), so no slice is a long task.
 */
export function startClient(): boolean {
  const path = currentSitePath();
  const languageTarget = languageRedirectTarget(path, hasLocalePrefix(location.pathname), readLanguageCookie(), browserLanguage());
  // At most one automatic language move of a page (decision 173): after a followed profile's language
  // brought the tab here, the saved language does not send it back.
  if (languageTarget && claimLanguageMove(pathInLocale(path, 'en_GB'), path.locale, hasLocalePrefix(languageTarget) ? 'uk_UA' : 'en_GB')) {
    // In place of this address: Back goes to the page before, not to one that moves again.
    pageNavigation.replace(`${languageTarget}${location.search}${location.hash}`);
    return false;
  }
  // The company host (decision 090) has no sign-in page of its own: its pages show 'Access denied'
  // without a company session, and its session is not the personal site's to watch.
  if (isCompanyHostname(location.hostname)) {
    watchUnhandledErrors();
    watchSite();
    inNextTask(followHistory);
    whenLoadedAndIdle(startSiteChecks);
    return true;
  }
  const guardTarget = authGuardTarget(path, $token.get() !== '', currentPathWithQuery());
  if (guardTarget) {
    // A redirect takes the address's place: Back goes to the page before, not to one that redirects again.
    pageNavigation.replace(guardTarget);
    return false;
  }

  watchUnhandledErrors();
  watchSite();
  // A signed-in page's own data is its critical path: its read starts now.
  // The not-found page the server answered (an unknown person's address too) has no data to read: its
  // steps would show a second error screen over it.
  if ($token.get() && !document.querySelector('[data-page-not-found]')) void runPageSteps(path);
  inNextTask(() => {
    watchSessionCookie({
      readCookie: readSessionCookie,
      knownToken: () => $token.get(),
      onForeignChange: (token) => {
        // Another tab signed out or in: no socket of the old session stays open while the page goes.
        realtime?.stopRealtime();
        pageNavigation.replace(foreignChangeTarget(currentSitePath(), token));
      },
      cookieStore: (globalThis as { cookieStore?: EventTarget }).cookieStore,
    });
    wireControls();
    followHistory();
    if ($token.get()) void startLiveUpdates();
  });
  whenLoadedAndIdle(startSiteChecks);
  return true;
}

let realtime: { stopRealtime(): void } | undefined;

// Loaded on demand: laravel-echo and pusher-js are for signed-in pages only (SPEC §4).
async function startLiveUpdates(): Promise<void> {
  try {
    const live = await import('./realtime.ts');
    realtime = live;
    await live.startRealtime();
  } catch (error) {
    if (isChunkLoadError(error)) throw error;
  }
}

const reloadOnce = () => {
  if (claimReload(location.pathname, sessionStorage, Date.now())) pageNavigation.reload();
};

/** At once: a failed chunk reloads the page once, and an outdated page says so. */
function watchSite(): void {
  $outdated.subscribe((outdated) => document.documentElement.toggleAttribute('data-outdated', outdated));
  // A page restored from the back-forward cache while outdated is a navigation that did not load.
  addEventListener('pageshow', (event) => {
    if (event.persisted && $outdated.get()) pageNavigation.reload();
  });
  watchChunkFailures(globalThis, reloadOnce);
}

/** Once the page has loaded and is idle: the version stamp and the newer-build check, then their timers. */
function startSiteChecks(): void {
  startVersionCheck({ fetch: (input, init) => fetch(input, init), onOutdated: markOutdated });
  const build = pageBuild();
  if (!build) return;
  const checkBuild = async () => {
    if (await findNewerBuild((input, init) => fetch(input, init), build, Date.now())) reloadOnce();
  };
  void checkBuild();
  setInterval(() => void checkBuild(), buildPollIntervalMs);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkBuild();
  });
}

const languageOf = (link: HTMLAnchorElement) => (link.hreflang === 'uk' ? 'uk_UA' : 'en_GB');

/**
 * The same page in the link's language, with the profile prefix and the query (an invitation's
 * `?token=`), which the prerendered link cannot know.
 */
function languageSwitchTarget(link: HTMLAnchorElement): string {
  return `${pathInLocale(currentSitePath(), languageOf(link))}${location.search}${location.hash}`;
}

function wireControls(): void {
  // The links themselves point there too, for a middle click or a copied link.
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]')) link.href = languageSwitchTarget(link);
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const languageLink = target?.closest<HTMLAnchorElement>('a[data-language-switch]');
    // Following the link is the explicit choice the cookie remembers (SPEC §4); a signed-in person's
    // profile remembers it too, saved before the page changes (src/lib/app/language-switch.ts).
    if (languageLink) {
      const locale = languageOf(languageLink);
      if (isModifiedClick(event)) {
        writeLanguageCookie(locale);
      } else {
        event.preventDefault();
        void switchLanguage(locale, languageSwitchTarget(languageLink), {
          isSignedIn: $token.get() !== '',
          navigate: (to) => pageNavigation.assign(to),
        });
      }
    }
    const logoutControl = target?.closest('[data-logout]');
    if (logoutControl) {
      event.preventDefault();
      void logOut();
    }
  });
}

/** A click that opens a new tab or window: the browser's own business. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

async function runPageSteps(path: SitePath): Promise<void> {
  const route = routeNameOf(path.page);
  try {
    // Loaded on demand: the profile calls bring the contract's schemas (zod), which public pages
    // such as /login must not pay for in their first bytes.
    if (route === 'home') {
      // The profile page read starts now, while the island's code is still on its way.
      const viewed = path.profileId === undefined ? undefined : parseProfileIdentifier(path.profileId);
      if (path.profileId === undefined) prefetch(profileApiPaths.page);
      else if (viewed !== undefined) prefetch(profileApiPaths.pageOf(viewed));
      const { loadHomeProfiles } = await import('../stores/profile.ts');
      await loadHomeProfiles(path);
    } else if (path.profileId !== undefined && $token.get() !== '') {
      // Every page under a profile segment first asks whether that profile exists: a missing or
      // closed one answers 404 'Profile not found' on the error screen instead of the page showing
      // the person's own data.
      const [{ fetchProfile }, { userIdOfProfileSegment }] = await Promise.all([
        import('../api/profile-api.ts'),
        import('../base/profile-segment.ts'),
      ]);
      const viewed = userIdOfProfileSegment(path.profileId);
      const own = await fetchProfile();
      if (viewed !== own.user_id) await fetchProfile(viewed);
      const target = permissionRules[route] ? permissionGuardTarget(path, own.user_id) : undefined;
      if (target) pageNavigation.replace(target);
    }
  } catch (error) {
    const isNotFound = error instanceof ApiError && error.status === HttpStatus.notFound;
    if (isNotFound || (error instanceof ApiError && error.status === 0)) {
      showFatalError(error, libText($locale.get(), 'error.generic'));
    } else {
      reportRequestError(error);
    }
  }
}

function watchUnhandledErrors(): void {
  const fallback = () => libText($locale.get(), 'error.generic');
  addEventListener('unhandledrejection', (event) => {
    // Chunk failures reload instead (build-check.ts); aborted fetches are not failures.
    if (event.defaultPrevented || isChunkLoadError(event.reason)) return;
    if (event.reason instanceof DOMException && event.reason.name === 'AbortError') return;
    showFatalError(event.reason, fallback());
  });
  addEventListener('error', (event) => {
    // Cross-origin scripts report a bare "Script error." with no error object: nothing to show.
    if (event.error instanceof Error && !isChunkLoadError(event.error)) showFatalError(event.error, fallback());
  });
}
