// Why a JSON Resume import leaves something out: each reason has its message in the preview. Apart
// from json-resume.ts so the profile page's message list can name them without the import's code,
// which the page loads only when someone imports.
export const skipReasons = [
  'duplicate',
  'incomplete',
  'unknownLanguage',
  'notImportable',
  'notSupported',
  'tooLong',
  'invalid',
  'sectionFull',
] as const;
