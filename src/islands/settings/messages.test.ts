// The settings page hands its island only the strings its code names (src/i18n/island-messages.ts): a
// security event kind it did not ship showed in the security activity as its key
// ('settings.activity.kind.change_undone'), so every kind's key must be found in how the island writes it.
import { describe, expect, it } from 'vitest';
import { securityEventKinds } from '../../../contract/security-events.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

describe("the settings island's strings", () => {
  it.each(['en_GB', 'uk_UA'] as const)('name every security event kind the activity list can show, in %s', (locale) => {
    const messages: Record<string, string> = islandMessages(locale, 'settings/SettingsApp.tsx');
    for (const kind of securityEventKinds) {
      const key = `settings.activity.kind.${kind}`;
      expect(messages[key], key).toBeTruthy();
      expect(messages[key], key).not.toBe(key);
    }
  });
});
