// Language names in the page's own language, loaded on demand: a page needs one language's names
// (about 2 KB), never both (the shell's budget); the import, which recognises either, loads both itself.
import type { Locale } from '../../../contract/locale.ts';

/** The name of an ISO 639-1 code; the code itself for an unknown one. */
export type LanguageNamer = (code: string) => string;

const loading = new Map<Locale, Promise<LanguageNamer>>();

const namesOf = (locale: Locale) =>
  locale === 'uk_UA' ? import('../../../contract/language-names/uk.ts') : import('../../../contract/language-names/en.ts');

/**
 * The names of `locale`, loaded once per page. When they cannot be loaded (the network dropped), the
 * page still shows, with codes in capitals ('DE'), and the next call tries again.
 */
export function loadLanguageNamer(locale: Locale, load: typeof namesOf = namesOf): Promise<LanguageNamer> {
  let namer = loading.get(locale);
  if (!namer) {
    namer = load(locale).then(
      ({ names: table }) =>
        (code: string) =>
          (table as Record<string, string>)[code] ?? code,
      () => {
        loading.delete(locale);
        return (code: string) => code.toUpperCase();
      },
    );
    loading.set(locale, namer);
  }
  return namer;
}
