// Unit tests run without a page, so they install the library's texts in both languages themselves,
// with the validation texts the page's data block carries (Base.astro).
import { pickMessages } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';
import { installLibMessages, libMessageKeys } from './lib-messages.ts';
import { afterAll, vi } from 'vitest';
import { $locale } from './page-locale.ts';
import { $token } from './session-token.ts';

installLibMessages('en_GB', pickMessages('en_GB', [...libMessageKeys, ...validationMessageKeys]));
installLibMessages('uk_UA', pickMessages('uk_UA', [...libMessageKeys, ...validationMessageKeys]));

// The unit project shares one module graph and page between its files (`isolate: false` in
// vitest.config.ts, decision 216), so each file starts from a clean page: at the site's root, with no
// cookies, empty storage and a bare <html> (no lang), signed out and in English, whatever the file
// before it left; and what a file rendered is unmounted when it ends, so no component of one file
// keeps a registration (a dirty form, a listener) into the next.
$locale.set('en_GB');
$token.set('');

// A wait for what a test expects gets room on a loaded two-core machine: the libraries' one second by
// default failed a form's answer there (it took three). A ceiling, not a delay: a wait that is met ends
// at once. Both vitest's `vi.waitFor` and Testing Library's `waitFor`/`findBy…`.
const ceiling = 10_000;
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(callback, typeof options === 'number' ? options : { ...options, timeout: options?.timeout ?? ceiling })) as typeof vi.waitFor;
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: ceiling });
  afterAll(() => cleanup());
  history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  for (const attribute of [...document.documentElement.attributes]) document.documentElement.removeAttribute(attribute.name);
  document.head.replaceChildren();
  document.body.replaceChildren();
}
