// The strings the company islands read; pages pick exactly these with pickMessages, so an island
// ships one language only.
import companyEn from '../../i18n/company.en_GB.json';
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';
import { eventKeys, ratingKeys, scoreHistoryKeys } from '../../i18n/career-keys.ts';

const validation = validationMessageKeys;
/** The date field's labels and its own errors. */
const dateFieldKeys = [
  'kit.day',
  'kit.month',
  'kit.year',
  'kit.chooseMonth',
  'kit.date.incomplete',
  'kit.date.invalid',
] as const satisfies readonly MessageKey[];
const companyKeys = Object.keys(companyEn) as MessageKey[];

/** Every company and invitation text, the rating scale, the score history and employment events, the validation texts and the generic error. */
export const companyMessageKeys = [
  ...companyKeys,
  ...ratingKeys,
  ...scoreHistoryKeys,
  ...eventKeys,
  ...validation,
  'error.generic',
  ...dateFieldKeys,
] as const satisfies readonly MessageKey[];
