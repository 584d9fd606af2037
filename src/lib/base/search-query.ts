// The `/search` query and filters as they travel in the address (`/search?q=olena&competency=Accessibility&min_score=5`),
// so a search can be shared, reloaded and walked back with the browser's back button (decision 207). The
// names are the API's (contract/search.ts), so the page passes its address on as
// it is. Anything unknown or malformed in the address is ignored rather than refused; a level without
// a language, or a minimum score without a competency, is dropped as the API would refuse it.
import { profileStatuses, type ProfileStatus } from '../../../contract/profile-status.ts';
import {
  searchLevels,
  searchLimits,
  searchTrustLevels,
  searchTypes,
  type SearchLevel,
  type SearchTrustLevel,
  type SearchType,
} from '../../../contract/search.ts';

export interface SearchView {
  q: string;
  type: SearchType;
  skill: string;
  /** ISO 639-1 code, or ''. */
  language: string;
  level: SearchLevel | null;
  location: string;
  company: string;
  status: ProfileStatus | null;
  verified: boolean;
  competency: string;
  /** 1–6, SPEC §3's scale. */
  minScore: number | null;
  /**
   * What 'verified only' and the competency count (decision 265): companies that proved their domain
   * (the default), or any company; in the address only when widened and one of those filters is set.
   */
  trust: SearchTrustLevel;
}

export const emptySearchView: SearchView = {
  q: '',
  type: 'people',
  skill: '',
  language: '',
  level: null,
  location: '',
  company: '',
  status: null,
  verified: false,
  competency: '',
  minScore: null,
  trust: 'domain_verified',
};

/** The filters that narrow people (a company search takes the query alone). */
export const personFilters = ['skill', 'language', 'location', 'company', 'status', 'verified', 'competency', 'trust'] as const;
export type PersonFilter = (typeof personFilters)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** Trimmed, inner spaces collapsed, at most the API's length; control characters make it ''. */
export function cleanSearchText(value: string | null | undefined): string {
  if (!value || value.length > searchLimits.textMax) return '';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '';
  return value.trim().replace(/\s+/g, ' ');
}

/** The view the address asks for. */
export function parseSearchView(search: string): SearchView {
  const params = new URLSearchParams(search);
  const text = (name: string) => cleanSearchText(params.get(name));
  const type = oneOf(searchTypes, params.get('type')) ?? 'people';
  const language = /^[a-z]{2}$/.test(params.get('language') ?? '') ? params.get('language')! : '';
  const competency = text('competency');
  const score = params.get('min_score') ?? '';
  const minScore = /^[1-6]$/.test(score) && competency ? Number(score) : null;
  const verified = params.get('verified');
  return {
    q: text('q'),
    type,
    skill: text('skill'),
    language,
    level: language ? oneOf(searchLevels, params.get('level')) : null,
    location: text('location'),
    company: text('company'),
    status: oneOf(profileStatuses, params.get('status')),
    verified: verified === 'true' || verified === '1',
    competency,
    minScore,
    trust: oneOf(searchTrustLevels, params.get('trust')) ?? 'domain_verified',
  };
}

/** Whether the view widens the verified filters to any company's word, with one of them set. */
const widens = (view: SearchView) => view.trust === 'company_confirmed' && (view.verified || cleanSearchText(view.competency) !== '');

/** The parameters of a view, in a fixed order, only what is set; person filters only for people. */
export function searchViewParams(view: SearchView): URLSearchParams {
  const params = new URLSearchParams();
  const q = cleanSearchText(view.q);
  if (q) params.set('q', q);
  if (view.type !== 'people') params.set('type', view.type);
  if (view.type === 'people') {
    const set = (name: string, value: string) => {
      const clean = cleanSearchText(value);
      if (clean) params.set(name, clean);
    };
    set('skill', view.skill);
    if (/^[a-z]{2}$/.test(view.language)) {
      params.set('language', view.language);
      if (view.level) params.set('level', view.level);
    }
    set('location', view.location);
    set('company', view.company);
    if (view.status) params.set('status', view.status);
    if (view.verified) params.set('verified', 'true');
    const competency = cleanSearchText(view.competency);
    if (competency) {
      params.set('competency', competency);
      if (view.minScore !== null && view.minScore >= 1 && view.minScore <= 6) params.set('min_score', String(view.minScore));
    }
    if (widens(view)) params.set('trust', view.trust);
  }
  return params;
}

/** The query string for a view ('' for the empty one), as the address writes it. */
export function searchViewSearch(view: SearchView): string {
  const text = searchViewParams(view).toString();
  return text ? `?${text}` : '';
}

/** Whether the view asks for anything (a query or a filter): the page then searches. */
export function isSearchAsked(view: SearchView): boolean {
  return searchViewParams({ ...view, type: 'people' }).toString() !== '' || view.type !== 'people';
}

/** The filters set in a view, each to be shown as a chip that removes it. */
export function activeFilters(view: SearchView): PersonFilter[] {
  if (view.type !== 'people') return [];
  return personFilters.filter((name) => {
    if (name === 'verified') return view.verified;
    if (name === 'status') return view.status !== null;
    if (name === 'trust') return widens(view);
    return cleanSearchText(view[name]) !== '';
  });
}

/** The view without one filter (its dependent part too: the level with the language, the score with the competency). */
export function withoutFilter(view: SearchView, name: PersonFilter): SearchView {
  switch (name) {
    case 'verified':
      return { ...view, verified: false };
    case 'status':
      return { ...view, status: null };
    case 'trust':
      return { ...view, trust: 'domain_verified' };
    case 'language':
      return { ...view, language: '', level: null };
    case 'competency':
      return { ...view, competency: '', minScore: null };
    default:
      return { ...view, [name]: '' };
  }
}

/** Two views ask the same (their addresses are equal). */
export function sameSearch(a: SearchView, b: SearchView): boolean {
  return searchViewSearch(a) === searchViewSearch(b);
}
