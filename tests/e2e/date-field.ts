// Enters a date into the kit's date field: the fieldset named by its legend, then day,
// month (by its value, '01'-'12') and year, with the part labels of the page's language.
import type { Locator, Page } from '@playwright/test';
import type { Locale } from '../../contract/locale.ts';
import shellEn from '../../src/i18n/shell.en_GB.json' with { type: 'json' };
import shellUk from '../../src/i18n/shell.uk_UA.json' with { type: 'json' };

const shell = { en_GB: shellEn, uk_UA: shellUk } as const;

export async function fillDateField(scope: Page | Locator, legend: string | RegExp, iso: string, locale: Locale): Promise<void> {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const words = shell[locale];
  const group = scope.getByRole('group', { name: legend });
  await group.getByLabel(words['kit.day'], { exact: true }).fill(String(Number(day)));
  await group.getByLabel(words['kit.month'], { exact: true }).selectOption(month);
  await group.getByLabel(words['kit.year'], { exact: true }).fill(year);
}
