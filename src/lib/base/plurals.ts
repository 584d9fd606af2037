// Plural forms by the language's own rules (Intl.PluralRules, CLDR): English has 'one' and
// 'other'; Ukrainian also 'few' and 'many' ('1 символ', '32 символи', '5 символів', '1,5 символу').
import type { Locale } from '../../../contract/locale.ts';

/** The forms of one phrase, each with a `{count}` placeholder; English leaves out few and many. */
export interface PluralForms {
  one: string;
  few?: string;
  many?: string;
  other: string;
}

const rules = new Map<Locale, Intl.PluralRules>();

function rulesOf(locale: Locale): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) {
    found = new Intl.PluralRules(locale === 'uk_UA' ? 'uk' : 'en-GB');
    rules.set(locale, found);
  }
  return found;
}

/** The phrase for `count`, e.g. pluralize('uk_UA', 32, forms) -> '32 символи'. */
export function pluralize(locale: Locale, count: number, forms: PluralForms): string {
  const category = rulesOf(locale).select(count);
  const template = (category === 'one' || category === 'few' || category === 'many' ? forms[category] : undefined) ?? forms.other;
  return template.replaceAll('{count}', new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB').format(count));
}
