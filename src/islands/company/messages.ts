// The strings the company islands read; pages pick exactly these with pickMessages, so an island
// ships one language only.
import companyEn from '../../i18n/company.en_GB.json';
import jobsEn from '../../i18n/jobs.en_GB.json';
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';
import { eventKeys, ratingKeys, scoreHistoryKeys } from '../../i18n/career-keys.ts';
import { contractDictionaries } from '../../../contract/i18n/index.ts';

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
/** The company texts, with the ones the server's pages say too (a company's identity, an employment type: contract/i18n, decision 259). */
const companyKeys = [
  ...Object.keys(companyEn),
  ...Object.keys(contractDictionaries.en_GB).filter(
    (key) => key.startsWith('company.identity.') || key.startsWith('openings.employmentType.'),
  ),
] as MessageKey[];
/** The Openings tab and the language levels its form offers. */
const openingKeys = [
  ...(Object.keys(jobsEn) as MessageKey[]),
  ...(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'] as const).map((level) => `proficiency.${level}` as const),
  // An applicant's jobs carry their level of trust (decision 262).
  'careers.verified',
  'careers.trust.identityNotVerified',
] satisfies readonly MessageKey[];

/** Every company and invitation text, the rating scale, the score history and employment events, the validation texts and the generic error. */
export const companyMessageKeys = [
  ...companyKeys,
  ...openingKeys,
  ...ratingKeys,
  ...scoreHistoryKeys,
  ...eventKeys,
  ...validation,
  'error.generic',
  ...dateFieldKeys,
] as const satisfies readonly MessageKey[];
