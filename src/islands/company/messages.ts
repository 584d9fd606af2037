// The strings the company islands read; pages pick exactly these with pickMessages, so an island
// ships one language only.
import companyEn from '../../i18n/company.en_GB.json';
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';

const validation = validationMessageKeys;
const companyKeys = Object.keys(companyEn) as MessageKey[];

/** Every company and invitation text, the validation texts and the generic error. */
export const companyMessageKeys = [...companyKeys, ...validation, 'error.generic'] as const satisfies readonly MessageKey[];

