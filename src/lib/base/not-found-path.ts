// The not-found page is one prerendered file served for every unknown path (SPEC §8: 'Page not
// found: {path}'), so the path goes into its message in the browser.
import { fillPlaceholders } from '../../../contract/placeholders.ts';
import { currentPathForDisplay } from './site-path.ts';

/** A person's page (`/profile-{id}…`): the server answers this page for one of no open account. */
const personPage = /^(?:\/uk)?\/profile-[^/]+(?:\/|$)/;

/**
 * Fills the page's `[data-page-not-found]` template with the path and shows it; under a person's
 * address it says 'Profile not found' instead (SPEC §8), as the server sent this page for a person
 * with no open account.
 */
export function showMissingPath(root: ParentNode = document, pathname?: string): void {
  const line = root.querySelector<HTMLElement>('[data-page-not-found]');
  if (!line) return;
  const path = pathname ?? globalThis.location?.pathname ?? '';
  const profileText = line.dataset['profileNotFound'];
  // textContent, never HTML: the path is whatever the visitor (or a link they followed) typed.
  line.textContent =
    profileText && personPage.test(path)
      ? profileText
      : fillPlaceholders(line.dataset['pageNotFound'] ?? '', { path: currentPathForDisplay(pathname) });
  line.hidden = false;
}
