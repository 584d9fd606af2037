// The strings the settings page passes its island (one language per page).
import { validationMessages } from '../../../contract/validation-messages.ts';
import type { MessageKey } from '../../i18n/index.ts';

const validation = Object.keys(validationMessages.en_GB) as MessageKey[];

export const settingsMessageKeys = [
  'title.settings',
  'settings.intro',
  'settings.sectionsLabel',
  'settings.retry',
  'settings.passwordSecurity',
  'settings.currentPassword',
  'settings.newPassword',
  'settings.confirmPassword',
  'settings.platformLanguage',
  'settings.password.intro',
  'settings.password.hint',
  'settings.password.submit',
  'settings.password.saving',
  'settings.password.changed',
  'settings.sessions.title',
  'settings.sessions.intro',
  'settings.sessions.device',
  'settings.sessions.unknownBrowser',
  'settings.sessions.unknownDevice',
  'settings.sessions.lastUsed',
  'settings.sessions.current',
  'settings.sessions.signOut',
  'settings.sessions.signOutDevice',
  'settings.sessions.signOutOthers',
  'settings.sessions.confirmOthers',
  'settings.sessions.signedOut',
  'settings.sessions.othersSignedOut',
  'settings.sessions.onlyThis',
  'settings.sessions.loadFailed',
  'settings.language.intro',
  'settings.language.legend',
  'settings.language.save',
  'settings.language.saving',
  'kit.close',
  'kit.cancel',
  ...validation,
] as const satisfies readonly MessageKey[];
