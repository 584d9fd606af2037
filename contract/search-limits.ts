// Search's numbers and paths (decision 185) without zod, so the header's search field, loaded on first
// use, needs no schema library to know when to ask (decision 207). contract/search.ts re-exports them.
export const searchLimits = {
  /** The longest query or filter text taken. */
  textMax: 100,
  /** Results a page holds by default, and at most. */
  pageSize: 20,
  pageSizeMax: 50,
  /** Suggestions the header's field shows. */
  suggestions: 8,
  /** The shortest query that suggests anything. */
  suggestMin: 2,
  /** Searches one person may run per minute, and typeahead requests (one per pause in typing). */
  searchesPerMinute: 60,
  suggestionsPerMinute: 240,
} as const;

export const searchApiPaths = {
  search: '/api/search',
  suggestions: '/api/search/suggestions',
} as const;
