// The name of every ISO 639-1 code in both interface languages, shipped rather than asked of the
// browser: Intl.DisplayNames in Chromium knows only some of them and answers a bare code for the
// rest ('aa', 'ab', …). Generated once from the Unicode CLDR names (Node's full ICU), with the
// retired and macro codes named by hand; language-names.test.ts checks every code has one name.
import { names as en } from './language-names/en.ts';
import { names as uk } from './language-names/uk.ts';

/** Both languages' names, for the server and the import (which recognises a language by either name). */
export const languageNames = { en, uk } as const;
