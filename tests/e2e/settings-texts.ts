// The settings pages' texts for the browser journeys, so each language's run looks for what that
// language's page shows (Playwright's loader takes JSON only with an import attribute, so not
// through src/i18n/index.ts).
import type { Locale } from '../../contract/locale.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';
import { validationMessages } from '../../contract/validation-messages.ts';
import companyEn from '../../src/i18n/company.en_GB.json' with { type: 'json' };
import companyUk from '../../src/i18n/company.uk_UA.json' with { type: 'json' };
import coreEn from '../../src/i18n/en_GB.json' with { type: 'json' };
import coreUk from '../../src/i18n/uk_UA.json' with { type: 'json' };
import settingsEn from '../../src/i18n/settings.en_GB.json' with { type: 'json' };
import settingsUk from '../../src/i18n/settings.uk_UA.json' with { type: 'json' };
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };

const en: Record<string, string> = { ...coreEn, ...shellEn, ...companyEn, ...settingsEn, ...validationMessages.en_GB };
const uk: Record<string, string> = { ...coreUk, ...shellUk, ...companyUk, ...settingsUk, ...validationMessages.uk_UA };
export type SettingsTextKey =
  | keyof typeof coreEn
  | keyof typeof shellEn
  | keyof typeof companyEn
  | keyof typeof settingsEn
  | keyof (typeof validationMessages)['en_GB'];

export function settingsText(locale: Locale, key: SettingsTextKey, params: Record<string, string | number> = {}): string {
  return fillPlaceholders((locale === 'uk_UA' ? uk : en)[key]!, params);
}

/** A settings journey's language: its name in the test's title, its path prefix and its texts. */
export function settingsLanguage(locale: Locale) {
  return {
    lang: locale === 'uk_UA' ? 'Ukrainian' : 'English',
    prefix: locale === 'uk_UA' ? '/uk' : '',
    t: (key: SettingsTextKey, params?: Record<string, string | number>) => settingsText(locale, key, params),
  };
}
