// The companies query (decision 185): companies whose name is like the words, or whose
// industry holds them, in a place, best first, a page at a time; and the names the header's
// suggestions offer. Why each matched: match-reasons.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery } from '../../contract/search.ts';
import type { Db, Queryable } from '../db/client.ts';
import { contains, decodeCursor, pageOf, rowsOf, withThreshold, type Page } from './search-sql.ts';

// Matched by the indexed expression, spelled the same so the planner uses it.
const companyNameExpr = sql.raw('lower(c.name)');

function companyNameMatches(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`${w} <% ${companyNameExpr}`),
    sql` and `,
  );
}

/** A company as the companies query reads it: its card, and whether its name (not its industry) matched. */
export interface CompanyRow {
  id: string | number;
  name: string;
  industry: string;
  location: string | null;
  logo_path: string | null;
  name_hit: boolean;
  rank: string;
}

/** The page of companies for the query's `words` and place, best match first. */
export async function findCompanies(db: Db, query: SearchQuery, words: string[]): Promise<Page<CompanyRow>> {
  const cursor = decodeCursor(query.cursor);
  if (query.q && !words.length) return { rows: [], next_cursor: null };
  const phrase = words.join(' ');
  const where: SQL[] = [sql`true`];
  if (words.length) where.push(sql`(${companyNameMatches(words)} or lower(c.industry) like ${contains(phrase)})`);
  if (query.location) where.push(sql`lower(c.location) like ${contains(query.location)}`);
  const rows = await withThreshold(db, (tx) =>
    rowsOf<CompanyRow>(
      tx,
      sql`select * from (
        select c.id, c.name, c.industry, c.location, c.logo_path,
          ${words.length ? companyNameMatches(words) : sql`false`} as name_hit,
          ${words.length ? sql`round(word_similarity(${phrase}, ${companyNameExpr})::numeric, 4)` : sql`0::numeric`} as rank
        from companies c where ${sql.join(where, sql` and `)}
      ) x
      ${cursor ? sql`where (x.rank < ${cursor.rank}::numeric or (x.rank = ${cursor.rank}::numeric and x.id > ${cursor.id}))` : sql``}
      order by x.rank desc, x.id asc
      limit ${query.limit + 1}`,
    ),
  );
  return pageOf(rows, query.limit, (row) => row.id);
}

/** The companies the header's suggestions offer for the typed `words`, best first. */
export async function suggestedCompaniesOf(tx: Queryable, words: string[], limit: number): Promise<CompanyRow[]> {
  const phrase = words.join(' ');
  return rowsOf<CompanyRow>(
    tx,
    sql`select c.id, c.name, c.industry, c.location, c.logo_path, true as name_hit, round(word_similarity(${phrase}, ${companyNameExpr})::numeric, 4) as rank
      from companies c where ${companyNameMatches(words)}
      order by rank desc, c.id asc limit ${limit}`,
  );
}
