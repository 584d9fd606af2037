import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../contract/search.ts';
import { pluralForms } from '../../i18n/index.ts';
import { emptySearchView, type SearchView } from '../../lib/base/search-query.ts';
import { chipText, countText, searchFailureText } from './search-text.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

const messages = islandMessages('en_GB', 'search/SearchApp.tsx');
const uk = islandMessages('uk_UA', 'search/SearchApp.tsx');
const languageName = (code: string) => (code === 'de' ? 'German' : code.toUpperCase());
const view = (fields: Partial<SearchView>): SearchView => ({ ...emptySearchView, ...fields });

describe('chipText', () => {
  it('names each filter with its value', () => {
    const v = view({ skill: 'Figma', location: 'Lviv', company: 'Acme', status: 'open_to_work', verified: true });
    expect(chipText(v, 'skill', messages, languageName)).toBe('Skill: Figma');
    expect(chipText(v, 'location', messages, languageName)).toBe('Location: Lviv');
    expect(chipText(v, 'company', messages, languageName)).toBe('Company: Acme');
    expect(chipText(v, 'status', messages, languageName)).toBe('Open to work');
    expect(chipText(v, 'verified', messages, languageName)).toBe('Verified only');
  });

  it('gives a language its name, and a level as "and above", native as its word', () => {
    expect(chipText(view({ language: 'de' }), 'language', messages, languageName)).toBe('Language: German');
    expect(chipText(view({ language: 'de', level: 'B2' }), 'language', messages, languageName)).toBe('Language: German B2+');
    expect(chipText(view({ language: 'de', level: 'native' }), 'language', messages, languageName)).toBe('Language: German Native');
  });

  it('says a competency with its minimum score, or alone', () => {
    expect(chipText(view({ competency: 'Accessibility', minScore: 5 }), 'competency', messages, languageName)).toBe(
      'Accessibility ≥ 5 of 6',
    );
    expect(chipText(view({ competency: 'Accessibility' }), 'competency', messages, languageName)).toBe('Verified: Accessibility');
  });

  it('leaves a status chip empty when no status is chosen', () => {
    expect(chipText(view({}), 'status', messages, languageName)).toBe('');
  });
});

describe('searchFailureText', () => {
  it('tells too many searches apart from any other failure', () => {
    expect(searchFailureText({ kind: 'limited', message: 'x' }, messages)).toBe(messages['search.limited']);
    expect(searchFailureText({ kind: 'other', message: 'No connection.' }, messages)).toBe('The search did not work: No connection.');
    expect(searchFailureText(null, messages)).toBe('The search did not work: ');
  });
});

describe('countText', () => {
  const forms = pluralForms('en_GB', 'search.results.shown');
  const item = { type: 'company' } as SearchResult;

  it('says searching while loading, nothing before the first answer or after a failure', () => {
    expect(countText({ shows: 'reading', items: [] }, messages, 'en_GB', forms)).toBe('Searching…');
    expect(countText({ shows: 'starting', items: [] }, messages, 'en_GB', forms)).toBe('');
    expect(countText({ shows: 'idle', items: [] }, messages, 'en_GB', forms)).toBe('');
    expect(countText({ shows: 'failed', items: [] }, messages, 'en_GB', forms)).toBe('');
  });

  it('counts the results shown in the language’s plural, or says nothing was found', () => {
    expect(countText({ shows: 'results', items: [] }, messages, 'en_GB', forms)).toBe('Nothing found');
    expect(countText({ shows: 'results', items: [item] }, messages, 'en_GB', forms)).toBe('1 result shown');
    expect(countText({ shows: 'results', items: [item, item] }, messages, 'en_GB', forms)).toBe('2 results shown');
    const ukForms = pluralForms('uk_UA', 'search.results.shown');
    expect(countText({ shows: 'results', items: [item, item] }, uk, 'uk_UA', ukForms)).toBe(ukForms.few.replace('{count}', '2'));
  });
});
