// The industry select list's keys (SPEC §3 'Select lists: numeric keys mapped to a label or name'),
// apart from their names (contract/industries.ts): validation needs only the keys, and every page that
// validates would otherwise download both languages' names of every industry. Keys are stable: a stored
// key never changes meaning; new industries get new keys, here and there (the type keeps the two equal).

export const industryIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
export type IndustryId = (typeof industryIds)[number];

const known = new Set<number>(industryIds);
export function isIndustryId(value: number): value is IndustryId {
  return known.has(value);
}

/** Company sizes the brand page offers, as ranges of people. */
export const companySizes = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySize = (typeof companySizes)[number];
