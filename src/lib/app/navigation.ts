// Moving between pages (SPEC §4). Every page is its own prerendered document, so another named
// route is always a full load; a path of the same route (another profile id, another query) is
// pushed into history and announced through $location for the islands, unless the site is
// outdated (docs/decisions/013-version-and-build-checks.md).
import { atom } from 'nanostores';
import { pageNavigation } from '../base/page-navigation.ts';
import { parseSitePath, routeNameOf } from '../base/site-path.ts';
import { $outdated } from '../stores/version.ts';

/** The path and query the page shows, kept current across in-page navigation. */
export const $location = atom<string>(typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`);

/** Whether going from `from` to `to` needs a new document. */
export function needsFullLoad(from: string, to: string, outdated: boolean): boolean {
  const source = parseSitePath(new URL(from, 'http://site').pathname);
  const target = parseSitePath(new URL(to, 'http://site').pathname);
  if (source.locale !== target.locale) return true;
  if (routeNameOf(source.page) !== routeNameOf(target.page)) return true;
  return outdated;
}

/** Goes to `to` (a same-site path): a full load when needed, else a history entry. */
export function navigate(to: string, history: Pick<History, 'pushState'> = globalThis.history): void {
  if (needsFullLoad($location.get(), to, $outdated.get())) {
    pageNavigation.assign(to);
    return;
  }
  history.pushState(null, '', to);
  $location.set(to);
}

/** Keeps $location current on back and forward; returns the remover. */
export function followHistory(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = globalThis): () => void {
  const onPopState = () => $location.set(`${location.pathname}${location.search}`);
  target.addEventListener('popstate', onPopState);
  return () => target.removeEventListener('popstate', onPopState);
}
