// The language the current page shows, below the transport that sends it with every call (decision
// 214). Changing it is the locale store's (src/lib/stores/locale.ts): a full load of the same page in
// the other language (SPEC §4).
import { atom } from 'nanostores';
import type { Locale } from '../../../contract/locale.ts';
import { currentSitePath } from './site-path.ts';

function initialLocale(): Locale {
  if (typeof document !== 'undefined' && document.body?.dataset['locale'] === 'uk_UA') return 'uk_UA';
  if (typeof location !== 'undefined') return currentSitePath().locale;
  return 'en_GB';
}

/** The locale the current page shows. */
export const $locale = atom<Locale>(initialLocale());
