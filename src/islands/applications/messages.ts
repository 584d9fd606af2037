// The strings the applications page passes its island (one language per page).
import applicationsEn from '../../i18n/applications.en_GB.json';
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';

export const applicationsMessageKeys = [
  ...(Object.keys(applicationsEn) as MessageKey[]),
  'title.applications',
  'careers.selfDeclared',
  'careers.verified',
  'careers.trust.identityNotVerified',
  'kit.counter.remaining.one',
  'kit.counter.remaining.few',
  'kit.counter.remaining.many',
  'kit.counter.remaining.other',
  'kit.counter.over.one',
  'kit.counter.over.few',
  'kit.counter.over.many',
  'kit.counter.over.other',
  ...validationMessageKeys,
  'error.generic',
] as const satisfies readonly MessageKey[];
