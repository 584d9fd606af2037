// The industry select list's names (SPEC §3 'Select lists: numeric keys mapped to a label or name'), in
// both languages, by the keys of contract/industry-ids.ts (re-exported here for the code that shows them).
import type { IndustryId } from './industry-ids.ts';

export { companySizes, industryIds, isIndustryId, type CompanySize, type IndustryId } from './industry-ids.ts';

export const industries = {
  1: { en_GB: 'Information technology', uk_UA: 'Інформаційні технології' },
  2: { en_GB: 'Finance and banking', uk_UA: 'Фінанси та банківська справа' },
  3: { en_GB: 'Healthcare', uk_UA: 'Охорона здоров’я' },
  4: { en_GB: 'Education', uk_UA: 'Освіта' },
  5: { en_GB: 'Manufacturing', uk_UA: 'Виробництво' },
  6: { en_GB: 'Retail and e-commerce', uk_UA: 'Роздрібна та електронна торгівля' },
  7: { en_GB: 'Construction', uk_UA: 'Будівництво' },
  8: { en_GB: 'Transport and logistics', uk_UA: 'Транспорт і логістика' },
  9: { en_GB: 'Agriculture', uk_UA: 'Сільське господарство' },
  10: { en_GB: 'Energy', uk_UA: 'Енергетика' },
  11: { en_GB: 'Media and marketing', uk_UA: 'Медіа та маркетинг' },
  12: { en_GB: 'Telecommunications', uk_UA: 'Телекомунікації' },
  13: { en_GB: 'Hospitality and tourism', uk_UA: 'Готельний бізнес і туризм' },
  14: { en_GB: 'Legal services', uk_UA: 'Юридичні послуги' },
  15: { en_GB: 'Consulting', uk_UA: 'Консалтинг' },
  16: { en_GB: 'Public sector', uk_UA: 'Державний сектор' },
  17: { en_GB: 'Non-profit', uk_UA: 'Неприбуткові організації' },
  18: { en_GB: 'Other', uk_UA: 'Інше' },
} as const satisfies Record<IndustryId, { en_GB: string; uk_UA: string }>;
