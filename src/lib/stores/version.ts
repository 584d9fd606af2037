// The outdated flag (SPEC §4): true once version.json names another build than the first one seen.
import { atom } from 'nanostores';

/** Whether a newer version of the site has been published since this page loaded. */
export const $outdated = atom(false);

export function markOutdated(): void {
  $outdated.set(true);
}
