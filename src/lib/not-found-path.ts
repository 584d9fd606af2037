// The not-found page is one prerendered file served for every unknown path (SPEC §8: 'Page not
// found: {path}'), so the path goes into its message in the browser.
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { currentPathForDisplay } from './site-path.ts';

/** Fills the page's `[data-page-not-found]` template with the path and shows it. */
export function showMissingPath(root: ParentNode = document, pathname?: string): void {
  const line = root.querySelector<HTMLElement>('[data-page-not-found]');
  if (!line) return;
  // textContent, never HTML: the path is whatever the visitor (or a link they followed) typed.
  line.textContent = fillPlaceholders(line.dataset['pageNotFound'] ?? '', { path: currentPathForDisplay(pathname) });
  line.hidden = false;
}
