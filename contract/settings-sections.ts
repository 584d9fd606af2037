// The settings page's sections (SPEC §2 'Settings'), in their order. A module of its own, free of zod,
// so the page's first script does not bring the settings schemas (decision 162).
export const settingsSections = [
  'security',
  'emails',
  'phones',
  'contact',
  'public',
  'notifications',
  'language',
  'accounts',
  'close',
] as const;
export type SettingsSection = (typeof settingsSections)[number];
