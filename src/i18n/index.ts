// Typed dictionaries: en_GB is the source of truth; uk_UA must have every key (dictionaries.test.ts).
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import enJson from './en_GB.json';
import ukJson from './uk_UA.json';
import profileEn from './profile.en_GB.json';
import profileUk from './profile.uk_UA.json';
import authEn from './auth.en_GB.json';
import authUk from './auth.uk_UA.json';
import shellEn from './shell.en_GB.json';
import shellUk from './shell.uk_UA.json';
import notificationsEn from './notifications.en_GB.json';
import notificationsUk from './notifications.uk_UA.json';
import companyEn from './company.en_GB.json';
import companyUk from './company.uk_UA.json';
import activityEn from './activity.en_GB.json';
import activityUk from './activity.uk_UA.json';
import { achievementDictionary } from '../../contract/achievements.ts';
import { contractDictionaries } from '../../contract/i18n/index.ts';
import settingsEn from './settings.en_GB.json';
import settingsUk from './settings.uk_UA.json';
import careersEn from './careers.en_GB.json';
import careersUk from './careers.uk_UA.json';
import verifyEn from './verify.en_GB.json';
import verifyUk from './verify.uk_UA.json';
import searchEn from './search.en_GB.json';
import searchUk from './search.uk_UA.json';
import jobsEn from './jobs.en_GB.json';
import jobsUk from './jobs.uk_UA.json';
import applicationsEn from './applications.en_GB.json';
import applicationsUk from './applications.uk_UA.json';
import jobsSearchEn from './jobs-search.en_GB.json';
import jobsSearchUk from './jobs-search.uk_UA.json';

// The SPEC §5 validation texts live in the contract, because the server writes them into its
// violation titles too; they join the dictionaries here so the site reads every string one way.
// The achievement catalogue's names and descriptions live in the contract for the same reason (the
// server names an unlocked achievement in its notification). So do the server's own words in
// contract/i18n (its pages, the CV, mail), among them the words both say (a CEFR level's name, a
// rating, the product's name), written there once (decision 259).
// Feature dictionaries (profile.*.json) keep large screens' strings apart from the core ones.
const en = {
  ...enJson,
  ...profileEn,
  ...authEn,
  ...shellEn,
  ...notificationsEn,
  ...companyEn,
  ...activityEn,
  ...settingsEn,
  ...careersEn,
  ...verifyEn,
  ...searchEn,
  ...jobsEn,
  ...applicationsEn,
  ...jobsSearchEn,
  ...validationMessages.en_GB,
  ...achievementDictionary('en_GB'),
  ...contractDictionaries.en_GB,
};
const uk = {
  ...ukJson,
  ...profileUk,
  ...authUk,
  ...shellUk,
  ...notificationsUk,
  ...companyUk,
  ...activityUk,
  ...settingsUk,
  ...careersUk,
  ...verifyUk,
  ...searchUk,
  ...jobsUk,
  ...applicationsUk,
  ...jobsSearchUk,
  ...validationMessages.uk_UA,
  ...achievementDictionary('uk_UA'),
  ...contractDictionaries.uk_UA,
};

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;

export const dictionaries: Record<Locale, Dictionary> = { en_GB: en, uk_UA: uk as Dictionary };

/** The message for `key` in `locale`, with `{name}` placeholders filled from `params`. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = dictionaries[locale][key] ?? dictionaries.en_GB[key];
  return fillPlaceholders(template, params);
}

/** Picks only the listed keys, so a page ships its island just the strings it needs. */
export function pickMessages<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = dictionaries[locale][key];
  return out;
}

/** The plural forms stored under `base.one`, `base.few`, `base.many`, `base.other` (src/lib/base/plurals.ts). */
export function pluralForms(locale: Locale, base: string): { one: string; few: string; many: string; other: string } {
  const dictionary = dictionaries[locale] as Record<string, string>;
  const pick = (form: string) => dictionary[`${base}.${form}`] ?? dictionaries.en_GB[`${base}.${form}` as MessageKey] ?? '';
  return { one: pick('one'), few: pick('few'), many: pick('many'), other: pick('other') };
}
