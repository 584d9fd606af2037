// What closing an account removes (SPEC §4), in the order the close section lists it. Its own module,
// so the close section does not pull every settings key (and the validation texts) into its chunk.
import type { MessageKey } from '../../i18n/index.ts';

export const closeLostKeys = [
  'settings.close.lost.recommendations',
  'settings.close.lost.endorsements',
  'settings.close.lost.employment',
  'settings.close.lost.companies',
  'settings.close.lost.profile',
  'settings.close.lost.sessions',
] as const satisfies readonly MessageKey[];
