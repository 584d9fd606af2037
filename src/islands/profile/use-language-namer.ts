// The page's language names as a hook: undefined until they have arrived (src/lib/base/language-names.ts).
import { useEffect, useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import { loadLanguageNamer, type LanguageNamer } from '../../lib/base/language-names.ts';

/** The namer of `locale` once its names have arrived; undefined until then. */
export function useLanguageNamer(locale: Locale): LanguageNamer | undefined {
  const [namer, setNamer] = useState<{ of: Locale; name: LanguageNamer }>();
  useEffect(() => {
    let current = true;
    void loadLanguageNamer(locale).then((name) => current && setNamer({ of: locale, name }));
    return () => {
      current = false;
    };
  }, [locale]);
  return namer?.of === locale ? namer.name : undefined;
}
