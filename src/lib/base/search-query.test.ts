import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  emptySearchView,
  isSearchAsked,
  parseSearchView,
  searchViewSearch,
  withoutFilter,
  type SearchView,
} from './search-query.ts';

const full: SearchView = {
  q: 'olena',
  type: 'people',
  skill: 'Figma',
  language: 'uk',
  level: 'C1',
  location: 'Kyiv',
  company: 'Northwind Studio',
  status: 'open_to_work',
  verified: true,
  competency: 'Accessibility',
  minScore: 5,
  trust: 'company_confirmed',
};

describe('search view in the address', () => {
  it('round-trips every filter through the query string', () => {
    const search = searchViewSearch(full);
    expect(search).toBe(
      '?q=olena&skill=Figma&language=uk&level=C1&location=Kyiv&company=Northwind+Studio&status=open_to_work&verified=true&competency=Accessibility&min_score=5&trust=company_confirmed',
    );
    expect(parseSearchView(search)).toEqual(full);
  });

  it('counts domain-proved companies by default and writes the widening only beside a filter it widens (decision 265)', () => {
    expect(parseSearchView('?verified=true').trust).toBe('domain_verified');
    expect(parseSearchView('?verified=true&trust=self_declared').trust).toBe('domain_verified');
    expect(searchViewSearch({ ...emptySearchView, verified: true, trust: 'company_confirmed' })).toBe(
      '?verified=true&trust=company_confirmed',
    );
    expect(searchViewSearch({ ...emptySearchView, q: 'olena', trust: 'company_confirmed' })).toBe('?q=olena');
    const widened = { ...emptySearchView, competency: 'Accessibility', trust: 'company_confirmed' as const };
    expect(activeFilters(widened)).toEqual(['competency', 'trust']);
    expect(withoutFilter(widened, 'trust').trust).toBe('domain_verified');
    expect(activeFilters({ ...emptySearchView, trust: 'company_confirmed' })).toEqual([]);
  });

  it('round-trips words in Ukrainian and with symbols', () => {
    const view = { ...emptySearchView, q: 'Олена & Ко', competency: 'Доступність' };
    expect(parseSearchView(searchViewSearch(view))).toEqual(view);
  });

  it('writes nothing for the empty view, and reads it back from an empty address', () => {
    expect(searchViewSearch(emptySearchView)).toBe('');
    expect(parseSearchView('')).toEqual(emptySearchView);
    expect(isSearchAsked(emptySearchView)).toBe(false);
    expect(isSearchAsked({ ...emptySearchView, verified: true })).toBe(true);
    expect(isSearchAsked({ ...emptySearchView, type: 'companies' })).toBe(true);
  });

  it('ignores bad values instead of refusing the page', () => {
    const view = parseSearchView(
      '?type=robots&language=ukr&level=Z9&status=bored&verified=yes&min_score=9&competency=&skill=' + 'x'.repeat(101),
    );
    expect(view).toEqual(emptySearchView);
    expect(parseSearchView('?q=%00evil').q).toBe('');
    expect(parseSearchView('?min_score=abc&competency=Design').minScore).toBeNull();
    expect(parseSearchView('?min_score=0&competency=Design').minScore).toBeNull();
  });

  it('drops a level without a language and a score without a competency, as the API would refuse them', () => {
    expect(parseSearchView('?level=C1').level).toBeNull();
    expect(parseSearchView('?min_score=5').minScore).toBeNull();
    expect(searchViewSearch({ ...emptySearchView, level: 'C1', minScore: 5 })).toBe('');
  });

  it('tidies the words: trimmed, inner spaces collapsed', () => {
    expect(parseSearchView('?q=%20%20olena%20%20%20kov%20').q).toBe('olena kov');
    expect(searchViewSearch({ ...emptySearchView, q: '  a   b ' })).toBe('?q=a+b');
  });

  it('keeps person filters out of a company search', () => {
    expect(searchViewSearch({ ...full, type: 'companies' })).toBe('?q=olena&type=companies');
    expect(activeFilters({ ...full, type: 'companies' })).toEqual([]);
  });

  it('lists the active filters and removes each with what depends on it', () => {
    expect(activeFilters(full)).toEqual(['skill', 'language', 'location', 'company', 'status', 'verified', 'competency', 'trust']);
    expect(withoutFilter(full, 'competency')).toMatchObject({ competency: '', minScore: null });
    expect(withoutFilter(full, 'language')).toMatchObject({ language: '', level: null });
    expect(withoutFilter(full, 'verified').verified).toBe(false);
    expect(withoutFilter(full, 'status').status).toBeNull();
    expect(withoutFilter(full, 'skill')).toEqual({ ...full, skill: '' });
  });
});
