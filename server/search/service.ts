// Search for people and companies (decision 185): PostgreSQL full-text search plus trigram
// similarity (pg_trgm) over the live tables, with indexes; the same SQL on PGlite and PostgreSQL.
// The people query is people.ts, the companies query companies.ts, why each matched match-reasons.ts,
// and what they share (the words, the cursor, the time bound) search-sql.ts.
import type { CompanyResult, PersonResult, SearchQuery, SearchResults, Suggestions } from '../../contract/search.ts';
import { searchLimits } from '../../contract/search.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { dayOf } from '../shared/dates.ts';
import { suggestedJobs } from '../jobs/public.ts';
import { jobSearchLimits } from '../../contract/jobs-search.ts';
import { findCompanies, suggestedCompaniesOf } from './companies.ts';
import { companyResult, describePeople } from './match-reasons.ts';
import { findPeople, suggestedPeopleOf } from './people.ts';
import { withThreshold, wordsOf } from './search-sql.ts';

export { isStatementTimeout, SearchTooBroadError } from './search-sql.ts';

async function searchPeople(db: Db, clock: Clock, query: SearchQuery): Promise<SearchResults> {
  const today = dayOf(clock.now());
  const words = wordsOf(query.q);
  const page = await findPeople(db, today, query, words);
  return { items: await describePeople(db, today, query, words, page.rows), next_cursor: page.next_cursor };
}

async function searchCompanies(db: Db, query: SearchQuery): Promise<SearchResults> {
  const words = wordsOf(query.q);
  const page = await findCompanies(db, query, words);
  const phrase = words.join(' ');
  return { items: page.rows.map((row) => companyResult(row, phrase, query.location)), next_cursor: page.next_cursor };
}

/** `GET /api/search`: people or companies for the query and filters, best match first. */
export async function search(db: Db, clock: Clock, query: SearchQuery): Promise<SearchResults> {
  const hasFilter = query.skill || query.language || query.location || query.company || query.status || query.verified || query.competency;
  // Nothing asked: nothing listed (the page shows what to try).
  if (!query.q && !hasFilter) return { items: [], next_cursor: null };
  return query.type === 'companies' ? searchCompanies(db, query) : searchPeople(db, clock, query);
}

/**
 * `GET /api/search/suggestions`: people and companies whose name the typed words match, best first.
 * People come from the words of names (decision 220), so a common name ('iryna', thousands of people)
 * or a typo costs a few index reads at any size.
 */
export async function suggest(db: Db, clock: Clock, q: string): Promise<Suggestions> {
  const words = wordsOf(q);
  if (q.length < searchLimits.suggestMin || !words.length) return { items: [], jobs: [] };
  const phrase = words.join(' ');
  const limit = searchLimits.suggestions;
  const [people, companies, jobs] = await withThreshold(
    db,
    async (tx) =>
      [
        await suggestedPeopleOf(tx, words, limit),
        await suggestedCompaniesOf(tx, words, limit),
        // A few openings too, in a section of their own (decision 269).
        await suggestedJobs(tx, clock, q, jobSearchLimits.suggestions),
      ] as const,
  );
  const today = dayOf(clock.now());
  const described = await describePeople(db, today, {}, [], people);
  // People and companies by how alike their names are; people first on a tie.
  const ranked = [
    ...described.map((item, i) => ({ item, rank: Number(people[i]!.rank), order: 0 })),
    ...companies.map((row) => ({ item: companyResult(row, phrase) as PersonResult | CompanyResult, rank: Number(row.rank), order: 1 })),
  ].sort((a, b) => b.rank - a.rank || a.order - b.order);
  return { items: ranked.slice(0, limit).map((r) => r.item), jobs };
}
