// The strings the server says (its public pages, the CV, mail) and the ones the site says too, in
// both languages (decision 259). The site merges them into its dictionaries (src/i18n/index.ts), so
// a word both say, such as a CEFR level's name, is written once. en_GB is the source of truth;
// uk_UA must have every key (dictionaries.test.ts).
import type { Locale } from '../locale.ts';
import { formatNumber } from '../numbers.ts';
import { fillPlaceholders } from '../placeholders.ts';
import sharedEn from './shared.en_GB.json' with { type: 'json' };
import sharedUk from './shared.uk_UA.json' with { type: 'json' };
import publicPagesEn from './public-pages.en_GB.json' with { type: 'json' };
import publicPagesUk from './public-pages.uk_UA.json' with { type: 'json' };
import cvEn from './cv.en_GB.json' with { type: 'json' };
import cvUk from './cv.uk_UA.json' with { type: 'json' };
import mailEn from './mail.en_GB.json' with { type: 'json' };
import mailUk from './mail.uk_UA.json' with { type: 'json' };

const en = { ...sharedEn, ...publicPagesEn, ...cvEn, ...mailEn };

type ContractKey = keyof typeof en;

const uk: Record<ContractKey, string> = { ...sharedUk, ...publicPagesUk, ...cvUk, ...mailUk };

export const contractDictionaries: Record<Locale, Record<ContractKey, string>> = { en_GB: en, uk_UA: uk };

/** The text of `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function say(locale: Locale, key: ContractKey, params: Readonly<Record<string, string | number>> = {}): string {
  return fillPlaceholders(contractDictionaries[locale][key], params);
}

/** The keys under `prefix`, without it: wordsUnder(locale, 'rating.').poor. */
type WordsUnder<P extends string> = { [K in ContractKey as K extends `${P}${infer Rest}` ? Rest : never]: string };

/** Every text whose key starts with `prefix`, by the rest of its key: a page's word table. */
export function wordsUnder<P extends string>(locale: Locale, prefix: P): WordsUnder<P> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(contractDictionaries[locale])) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = text;
  return out as WordsUnder<P>;
}

const pluralRules: Record<Locale, Intl.PluralRules> = { en_GB: new Intl.PluralRules('en-GB'), uk_UA: new Intl.PluralRules('uk') };

type PluralBase = { [K in ContractKey]: K extends `${infer Base}.one` ? Base : never }[ContractKey];

/** The form of `base.one|few|many|other` the language's rules pick for `count`, `{count}` written as the site writes numbers. */
export function sayCount(locale: Locale, base: PluralBase, count: number): string {
  const category = pluralRules[locale].select(count);
  const form = category === 'one' || category === 'few' || category === 'many' ? category : 'other';
  const key = `${base}.${form}` as ContractKey;
  return say(locale, key, { count: formatNumber(count, locale) });
}
