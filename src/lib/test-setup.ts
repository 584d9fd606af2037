// Unit tests run without a page, so they install the library's texts in both languages themselves,
// with the validation texts the page's data block carries (Base.astro).
import { pickMessages } from '../i18n/index.ts';
import { validationMessageKeys } from '../i18n/validation-keys.ts';
import { installLibMessages, libMessageKeys } from './lib-messages.ts';

installLibMessages('en_GB', pickMessages('en_GB', [...libMessageKeys, ...validationMessageKeys]));
installLibMessages('uk_UA', pickMessages('uk_UA', [...libMessageKeys, ...validationMessageKeys]));
