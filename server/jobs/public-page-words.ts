// The public job pages' words in both languages (decision 255): keys in contract/i18n, the one home
// of the strings the site and the server say (decision 259), gathered here by name for the page.
import { wordsUnder } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import { frameWords } from '../http/public-document.ts';

function wordsOf(locale: Locale) {
  return {
    ...frameWords(locale),
    ...wordsUnder(locale, 'jobPage.'),
    employmentTypes: wordsUnder(locale, 'openings.employmentType.'),
    /** Per hour, per month, … after the amount. */
    periods: wordsUnder(locale, 'jobPage.periods.'),
    proficiency: wordsUnder(locale, 'proficiency.') as Record<string, string>,
  };
}

export const jobPageWords = { en_GB: wordsOf('en_GB'), uk_UA: wordsOf('uk_UA') };
