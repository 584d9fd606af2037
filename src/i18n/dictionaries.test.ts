import { describe, expect, it } from 'vitest';
import { errorCodeList } from '../../contract/errors.ts';
import en from './en_GB.json';
import uk from './uk_UA.json';
import { dictionaries, pickMessages, translate } from './index.ts';

describe('dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(uk).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(dictionaries.uk_UA).sort()).toEqual(Object.keys(dictionaries.en_GB).sort());
  });

  it('have no empty text and real Ukrainian, not English copies', () => {
    // The product name and a few symbols are the same in both languages on purpose (a chart point's
    // 'date: value' is only punctuation).
    const sameOnPurpose = new Set(['app.name', 'scoreHistory.point']);
    for (const [key, text] of Object.entries(dictionaries.uk_UA)) {
      expect(text.trim(), key).not.toBe('');
      if (!sameOnPurpose.has(key)) expect(text, key).not.toBe(dictionaries.en_GB[key as keyof typeof en]);
    }
  });

  it('translate every error code of the contract, in both languages', () => {
    for (const code of errorCodeList) {
      expect(dictionaries.en_GB[`error.code.${code}`], code).toBeTruthy();
      expect(dictionaries.uk_UA[`error.code.${code}`], code).toBeTruthy();
    }
  });

  it('keep the placeholders of the English text', () => {
    for (const [key, text] of Object.entries(dictionaries.en_GB)) {
      const names = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(dictionaries.uk_UA[key as keyof typeof en]), key).toEqual(names(text));
    }
  });

  it('hold every SPEC §2 and §8 string', () => {
    const spec = [
      'Oops! Page not found',
      'The page you are looking for might have been removed, had its name changed or temporarily unavailable.',
      'Go to Homepage',
      'Confirm your identity',
      'Is this your profile?',
      'No, sign in',
      "Yes, it's me",
      'Accept invitation',
      'Decline',
      'Mark all as read',
      'No new notifications',
      'Newest First',
      'Oldest First',
      'A-Z',
      'Z-A',
      'Today',
      'Past month',
      'This month',
      'Last month',
      'Past year',
      'This year',
      'Last year',
      'Something went wrong',
      'Some error',
      'Profile not found',
      'User data is not available',
      'Failed to download file',
      'Page not found: {path}',
      'The entered code is incorrect.',
      'Access to the company profile is denied',
      'We cannot provide information about employment at this company as it is not registered on our platform.',
      'Server lost session',
      'Could not start streaming',
      'Connection interrupted ({status})',
    ];
    const texts = new Set(Object.values(dictionaries.en_GB));
    for (const text of spec) expect(texts.has(text), text).toBe(true);
  });

  it('fill placeholders and pick only the asked keys', () => {
    expect(translate('en_GB', 'error.pageNotFound', { path: '/x' })).toBe('Page not found: /x');
    expect(translate('en_GB', 'error.pageNotFound')).toBe('Page not found: {path}');
    expect(pickMessages('uk_UA', ['notFound.goHome'])).toEqual({ 'notFound.goHome': 'На головну' });
  });
});
