// The language switch (SPEC §4, §9) for everyone: the cookie remembers the choice on this device and,
// for a signed-in person, the profile's locale remembers it everywhere (it is saved before the page
// changes, because the next page follows the own profile's locale).
import type { Locale } from '../../../contract/locale.ts';
import { profileApiPaths } from '../../../contract/routes.ts';
import { api as defaultApi } from '../api/client.ts';
import type { ApiClient } from '../api/request.ts';
import { writeLanguageCookie } from '../base/site-locale.ts';

/** How long the switch waits for the profile's locale to be saved before moving on anyway. */
export const saveLocaleTimeoutMs = 3000;

/** Saves `locale` as the signed-in person's interface language; a failure leaves the cookie to speak. */
export async function saveProfileLocale(locale: Locale, api: ApiClient = defaultApi): Promise<boolean> {
  const timeout = AbortSignal.timeout(saveLocaleTimeoutMs);
  try {
    await api.put(profileApiPaths.locale, { json: { locale }, signal: timeout, keepalive: true });
    return true;
  } catch {
    return false;
  }
}

export interface SwitchDeps {
  isSignedIn: boolean;
  navigate: (href: string) => void;
  save?: (locale: Locale) => Promise<boolean>;
}

/** Switches to `locale` at `href`: cookie, then the profile's locale when signed in, then the page. */
export async function switchLanguage(locale: Locale, href: string, deps: SwitchDeps): Promise<void> {
  writeLanguageCookie(locale);
  if (deps.isSignedIn) await (deps.save ?? saveProfileLocale)(locale);
  deps.navigate(href);
}
