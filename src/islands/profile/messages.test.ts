import { describe, expect, it } from 'vitest';
import { skipReasons } from '../../../contract/json-resume-skips.ts';
import { sectionNames } from '../../../contract/profile-sections.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import { islandMessageKeys } from '../../i18n/island-messages.ts';
import { fieldLabelKey } from './Portability.tsx';

// The profile page ships only the keys its island's code names (src/i18n/island-messages.ts): a key
// it builds at run time and the build did not find shows as the key itself ('portability.reason.tooLong'
// once did, in the import preview).
const profileMessageKeys: string[] = islandMessageKeys('profile/ProfileApp.tsx');

describe('the profile page messages', () => {
  it('hold the reason of every entry an import leaves out', () => {
    for (const reason of skipReasons) expect(profileMessageKeys).toContain(`portability.reason.${reason}`);
  });

  it('hold the label of every field an imported entry can be refused on', () => {
    for (const section of sectionNames) {
      const limits = (fieldLimits as Record<string, Record<string, number> | undefined>)[section] ?? {};
      for (const field of Object.keys(limits)) expect(profileMessageKeys).toContain(fieldLabelKey(section, field));
    }
    for (const field of ['first_name', 'last_name', 'headline', 'about', 'location', 'website', 'contact_email', 'contact_phone']) {
      expect(profileMessageKeys).toContain(`field.${field}`);
    }
  });
});
