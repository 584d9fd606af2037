// The time zones the settings offer (decision 153): the runtime's IANA list, under today's
// names. Browsers and Node list CLDR's canonical ids, some of which are names IANA has retired
// ('Europe/Kiev'), so a person searching for Kyiv would find nothing; these are shown, and stored,
// under the current name, which every runtime accepts too. Plain data and functions, no zod.

/** CLDR id as runtimes list it → the current IANA name. */
export const renamedTimeZones: Readonly<Record<string, string>> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/** Every IANA time zone the runtime knows, under its current name, with UTC, sorted. */
export function timeZoneNames(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = new Set(listed.map((zone) => renamedTimeZones[zone] ?? zone));
  names.add('UTC');
  return [...names].sort();
}
