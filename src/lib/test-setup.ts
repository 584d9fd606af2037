// Unit tests run without a page, so they install the library's texts in both languages themselves.
import { pickMessages } from '../i18n/index.ts';
import { installLibMessages, libMessageKeys } from './lib-messages.ts';

installLibMessages('en_GB', pickMessages('en_GB', libMessageKeys));
installLibMessages('uk_UA', pickMessages('uk_UA', libMessageKeys));
