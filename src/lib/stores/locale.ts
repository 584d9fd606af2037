// The interface locale of the page. Pages are prerendered per language, so changing it is a full
// load of the same page in the other language (SPEC §4).
// The atom itself sits below the transport, which sends it (src/lib/base/page-locale.ts).
import type { Locale } from '../../../contract/locale.ts';
import { $locale } from '../base/page-locale.ts';
import { pageNavigation } from '../base/page-navigation.ts';
import { writeLanguageCookie } from '../base/site-locale.ts';
import { claimLanguageMove } from '../base/language-moves.ts';
import { isReaderLocaleKept } from '../base/reader-locale.ts';
import { currentSitePath, pathInLocale } from '../base/site-path.ts';

export { $locale };

/**
 * Moves to the same page in `locale` in place of this one (an automatic move: Back goes to the page
 * before it); `remember` sets the language cookie (the own profile's language).
 */
export function switchLocale(locale: Locale, options: { remember: boolean } = { remember: true }): void {
  if (options.remember) writeLanguageCookie(locale);
  if (locale === $locale.get()) return;
  $locale.set(locale);
  pageNavigation.replace(`${pathInLocale(currentSitePath(), locale)}${globalThis.location.search}`);
}

/**
 * SPEC §4: the interface follows a viewed profile's locale when it differs. Only the user's own
 * profile is remembered in the cookie; following another person's page is for that page alone, and
 * not at all once the reader asked for the page in their own language (src/lib/base/reader-locale.ts).
 */
export function followProfileLocale(profileLocale: Locale, isOwnProfile: boolean): boolean {
  if (profileLocale === $locale.get()) return false;
  const page = pathInLocale(currentSitePath(), 'en_GB');
  // The reader chose their own language for this page (the note on a followed profile).
  if (!isOwnProfile && isReaderLocaleKept(page)) return false;
  // The saved language has just moved this page the other way: it stays (decision 173, no loop).
  if (!claimLanguageMove(page, $locale.get(), profileLocale)) return false;
  switchLocale(profileLocale, { remember: isOwnProfile });
  return true;
}
