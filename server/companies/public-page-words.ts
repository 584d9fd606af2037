// The company's public page's words in both languages (decision 211): keys in contract/i18n, the one
// home of the strings the site and the server say (decision 259), gathered here by name for the page.
import { sayCount, wordsUnder } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import { frameWords } from '../http/public-document.ts';

function wordsOf(locale: Locale) {
  return {
    ...frameWords(locale),
    ...wordsUnder(locale, 'companyPage.'),
    /** The words after the count, which is shown large on a line of its own. */
    verifiedEmployees: (count: number) => sayCount(locale, 'companyPage.verifiedEmployees', count),
    /** Who the company is (decision 266): the site's company.identity.* strings. */
    identity: wordsUnder(locale, 'company.identity.'),
  };
}

export const companyPageWords = { en_GB: wordsOf('en_GB'), uk_UA: wordsOf('uk_UA') };
