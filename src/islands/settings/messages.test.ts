// The settings page hands its island only the strings listed in messages.ts: a security event kind
// left out of that list showed in the security activity as its key ('settings.activity.kind.change_undone').
import { describe, expect, it } from 'vitest';
import { securityEventKinds } from '../../../contract/security-events.ts';
import { pickMessages } from '../../i18n/index.ts';
import { settingsMessageKeys } from './messages.ts';

describe("the settings island's strings", () => {
  it.each(['en_GB', 'uk_UA'] as const)('name every security event kind the activity list can show, in %s', (locale) => {
    const messages: Record<string, string> = pickMessages(locale, settingsMessageKeys);
    for (const kind of securityEventKinds) {
      const key = `settings.activity.kind.${kind}`;
      expect(messages[key], key).toBeTruthy();
      expect(messages[key], key).not.toBe(key);
    }
  });
});
