// The public profile page's words in both languages (decision 208): keys in contract/i18n, the one
// home of the strings the site and the server say (decision 259), gathered here by name for the page.
import { say, sayCount, wordsUnder } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import { frameWords } from '../http/public-document.ts';

function wordsOf(locale: Locale) {
  return {
    ...frameWords(locale),
    ...wordsUnder(locale, 'publicProfile.'),
    identityNotVerified: say(locale, 'careers.trust.identityNotVerified'),
    status: wordsUnder(locale, 'profile.status.'),
    rating: wordsUnder(locale, 'rating.'),
    proficiency: wordsUnder(locale, 'proficiency.') as Record<string, string>,
    endorsements: (count: number) => sayCount(locale, 'publicProfile.endorsements', count),
  };
}

export const publicPageWords = { en_GB: wordsOf('en_GB'), uk_UA: wordsOf('uk_UA') };
