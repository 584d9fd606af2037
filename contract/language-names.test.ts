import { describe, expect, it } from 'vitest';
import { languageCodes, languageCodeOf, languageName } from './json-resume.ts';
import { languageNames } from './language-names.ts';

describe('language names', () => {
  it.each(['en', 'uk'] as const)('name every ISO 639-1 code in %s, each once', (locale) => {
    const names = languageCodes.map((code) => languageName(code, locale));
    for (const [index, name] of names.entries()) expect(name, languageCodes[index]).not.toMatch(/^[a-z]{2}$/);
    expect(new Set(names).size).toBe(languageCodes.length);
    expect(Object.keys(languageNames[locale]).sort()).toEqual([...languageCodes].sort());
  });

  it('read naturally', () => {
    expect(languageName('uk', 'en')).toBe('Ukrainian');
    expect(languageName('uk', 'uk')).toBe('Українська');
    expect(languageName('aa', 'en')).toBe('Afar');
    expect(languageName('tw', 'uk')).toBe('Тві');
  });

  it('find a code by either name', () => {
    expect(languageCodeOf('Німецька')).toBe('de');
    expect(languageCodeOf('german')).toBe('de');
  });
});
