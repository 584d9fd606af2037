// Finding openings on /jobs (decision 269): published openings before their closing date,
// whose job page exists (the company's public page is on and has its owner), matched by words the
// way people search matches names (server/search/: each word like a word of the folded key, a part of
// it or with a typo, in either alphabet), narrowed by place, remote, employment type, skill, salary,
// company and the ladder's top, best match first and newest first, a page at a time by cursor. The
// same SQL on PGlite and PostgreSQL, under search's time bound.
import { sql, type SQL } from 'drizzle-orm';
import { salaryPeriodsPerYear, type JobResult, type JobSearchQuery, type JobSearchResults } from '../../contract/jobs-search.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { messageRef } from '../../contract/message-refs.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { RuleBrokenError } from '../domain-errors.ts';
import { folded, likeEscape, rowsOf, shortestFuzzyWord, withThreshold, wordsOf } from '../search/public.ts';
import { dayOf } from '../shared/dates.ts';

interface Row {
  id: string | number;
  title: string;
  location: string | null;
  remote: boolean;
  employment_type: JobResult['employment_type'];
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: JobResult['salary_currency'];
  salary_period: JobResult['salary_period'];
  published_at: Date | string;
  /** published_at to the microsecond, as the cursor carries it. */
  published_key: string;
  closes_on: string;
  company_id: string | number;
  company_name: string;
  logo_path: string | null;
  address: string;
  verified_domain: string | null;
  rank: string;
}

// ── Cursor: the last row's rank, publication and id ───────────────────────────────────────────────

interface Cursor {
  rank: string;
  publishedAt: string;
  id: number;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.rank, c.publishedAt, c.id])).toString('base64url');

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'string' &&
      /^\d(\.\d{1,4})?$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value[1]) &&
      Number.isSafeInteger(value[2]) &&
      (value[2] as number) > 0
    ) {
      return { rank: value[0], publishedAt: value[1], id: value[2] as number };
    }
  } catch {
    // falls through to the refusal below
  }
  throw new RuleBrokenError([{ field: 'cursor', message: messageRef('validation.invalid') }]);
}

// ── What an opening must be to be found, and the filters ───────────────────────────────────────────

/** A part of a folded text, LIKE's own characters as themselves. */
const foldedContains = (value: string): SQL => sql`'%' || ${folded(likeEscape(value))} || '%'`;

/** A folded text holds `value`, or, for a word long enough, is like it with a typo (the people filters' rule). */
function foldedLike(text: SQL, value: string): SQL {
  return value.length >= shortestFuzzyWord
    ? sql`(${text} like ${foldedContains(value)} or ${folded(value)} <% ${text})`
    : sql`${text} like ${foldedContains(value)}`;
}

/** Published, not past its closing date, its job page there: the company's page on and its owner a member. */
function findable(today: string): SQL {
  return sql`o.status = 'published' and o.closes_on >= ${today}
    and exists (select 1 from company_members m where m.company_id = o.company_id and m.role = 'owner'
      and (m.leaves_on is null or m.leaves_on > ${today}))`;
}

function filtersOf(query: Partial<JobSearchQuery> & Pick<JobSearchQuery, 'period'>, words: string[]): SQL[] {
  const where: SQL[] = [];
  // Each word like a word of the key (one trigram index condition each, intersected).
  for (const word of words) where.push(sql`${folded(word)} <% o.search_key`);
  const place = query.location ? sql`o.location_key like ${foldedContains(query.location)}` : null;
  // A place and remote together: jobs in the place, or remote ones (where someone living there can work).
  if (place && query.remote) where.push(sql`(o.remote or ${place})`);
  else if (place) where.push(place);
  else if (query.remote) where.push(sql`o.remote`);
  if (query.type) where.push(sql`o.employment_type = ${query.type}`);
  if (query.skill) where.push(foldedLike(sql`o.skills_key`, query.skill));
  // The companies that match, found once (an array), not folded opening by opening; then their openings
  // by the company's index. Folding every company's name cost most of such a search: only the companies
  // of published openings whose key (which holds the company's folded name) is like the typed name are
  // folded and compared, a superset the key's trigram index finds (the fence keeps the planner from
  // folding every company first).
  if (query.company)
    where.push(sql`o.company_id = any(array(select k.company_id from (
        select distinct o2.company_id from job_openings o2 where o2.status = 'published' and ${foldedLike(sql`o2.search_key`, query.company)}
        offset 0
      ) k
      where (select ${foldedLike(sql`search_fold(c2.name)`, query.company)} from companies c2 where c2.id = k.company_id)))`);
  if (query.salary_min !== undefined && query.currency) {
    where.push(
      sql`o.salary_currency = ${query.currency} and o.salary_top_yearly >= ${query.salary_min * salaryPeriodsPerYear[query.period]}`,
    );
  }
  if (query.verified) where.push(sql`exists (select 1 from company_domains d where d.company_id = o.company_id and d.status = 'verified')`);
  return where;
}

function resultOf(row: Row): JobResult {
  return {
    id: Number(row.id),
    title: row.title,
    company: {
      id: Number(row.company_id),
      name: row.company_name,
      logo_url: row.logo_path ? profileApiPaths.file(row.logo_path) : null,
      address: row.address,
      verified_domain: row.verified_domain,
    },
    location: row.location,
    remote: row.remote,
    employment_type: row.employment_type,
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    salary_currency: row.salary_currency,
    salary_period: row.salary_period,
    published_at: new Date(row.published_at).toISOString(),
    closes_on: row.closes_on,
  };
}

/** The columns a page shows, from `o` (an opening), `c` (its company) and `pp` (its public page). */
const pageColumns = sql`o.id, o.title, o.location, o.remote, o.employment_type, o.salary_min, o.salary_max, o.salary_currency,
  o.salary_period, o.published_at, to_char(o.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as published_key,
  o.closes_on::text as closes_on, c.id as company_id, c.name as company_name, c.logo_path, pp.address`;

/** Every typed word in the key as written (folded): what the top rank needs beside the similarity. */
const everyWordAsWritten = (words: string[]): SQL =>
  sql.join(
    words.map((w) => sql`strpos(o.search_key, ${folded(w)}) > 0`),
    sql` and `,
  );

/**
 * How alike the words are to the key: the phrase's word similarity, to four places. The top rank, 1,
 * also needs every word in the key as written: a key whose neighbouring words happen to hold all the
 * phrase's trigrams ('lava javelin' for 'java') gets 0.9999 at most, below the openings that have the
 * word. So the top rank is a tier a walk can find by cheap looks at the row first (decision 287).
 */
function rankOf(words: string[]): SQL {
  if (!words.length) return sql`0::numeric`;
  const similarity = sql`round(word_similarity(${folded(words.join(' '))}, o.search_key)::numeric, 4)`;
  return sql`(case when ${everyWordAsWritten(words)} then ${similarity} else least(${similarity}, 0.9999) end)`;
}

/** The openings for `words` and `where`, best first then newest, `limit` of them after `cursor`. */
function openingsQuery(today: string, words: string[], where: SQL[], cursor: Cursor | undefined, limit: number): SQL {
  // Without words every rank is 0: newest first straight from the index of published openings.
  const after = cursor
    ? words.length
      ? sql`where (x.rank, x.published_at, x.id) < (${cursor.rank}::numeric, ${cursor.publishedAt}::timestamptz, ${cursor.id})`
      : sql`where (x.published_at, x.id) < (${cursor.publishedAt}::timestamptz, ${cursor.id})`
    : sql``;
  const order = words.length ? sql`x.rank desc, x.published_at desc, x.id desc` : sql`x.published_at desc, x.id desc`;
  return sql`select * from (
      select ${pageColumns}, ${rankOf(words)} as rank
      from job_openings o
      join companies c on c.id = o.company_id
      join company_public_pages pp on pp.company_id = o.company_id and pp.is_public
      where ${sql.join([findable(today), ...where], sql` and `)}
    ) x
    ${after}
    order by ${order}
    limit ${limit}`;
}

// ── The top rank, walked newest first (decision 287) ──────────────────────────────────────────────

/** Published openings a walk reads, newest first, before the page is read from the index instead. */
const walkBound = 4000;

/**
 * The openings of the top rank (every word as written, the phrase's similarity 1) after `cursor`,
 * newest first, at most `limit`: a walk down the index of published openings, newest first, reading at
 * most `bound` of them, each looked at for the words as written (a cheap `strpos`) before its trigrams.
 * Among the top rank the order is the newest, so the walk gives them in the page's order.
 */
function topRankWalk(today: string, words: string[], where: SQL[], cursor: Cursor | undefined, limit: number, bound: number): SQL {
  const after = cursor ? sql`and (o.published_at, o.id) < (${cursor.publishedAt}::timestamptz, ${cursor.id})` : sql``;
  const top = sql`round(word_similarity(${folded(words.join(' '))}, o.search_key)::numeric, 4) = 1`;
  // Once, before the walk: some published opening holds every word as written (the trigram index
  // answers it at once), else the top rank is empty and nothing is walked (words with typos).
  const anyHolds = sql`exists (select 1 from job_openings t where t.status = 'published' and ${sql.join(
    words.map((w) => sql`t.search_key like ${foldedContains(w)}`),
    sql` and `,
  )})`;
  // The looks at each opening in order, cheapest first: the words as written, the similarity, what the
  // opening must be to be found, the filters (the words' trigrams among them).
  return sql`select ${pageColumns}, 1.0000::numeric as rank
    from (select o.* from job_openings o where o.status = 'published' ${after} order by o.published_at desc, o.id desc limit ${bound}) o
    join companies c on c.id = o.company_id
    join company_public_pages pp on pp.company_id = o.company_id and pp.is_public
    where ${anyHolds} and case when ${everyWordAsWritten(words)} then ${sql.join([top, findable(today), ...where], sql` and `)} else false end
    order by o.published_at desc, o.id desc
    limit ${limit}`;
}

/**
 * The page's rows: with words, the top rank is walked first (from the top, or from a cursor in it); a
 * walk that fills the page is the page, whatever number of openings match. One that does not (the
 * words have typos, or are apart in the key, or the top rank is sparse among the newest `bound`) reads
 * the page from the trigram index, every match ranked, as before the walk.
 */
async function pageRows(
  tx: Queryable,
  today: string,
  words: string[],
  where: SQL[],
  cursor: Cursor | undefined,
  need: number,
  bound = walkBound,
) {
  if (words.length && (!cursor || Number(cursor.rank) === 1)) {
    const walked = await rowsOf<Row>(tx, topRankWalk(today, words, where, cursor, need, bound));
    if (walked.length === need) return walked;
  }
  return rowsOf<Row>(tx, openingsQuery(today, words, where, cursor, need));
}

/** The ladder's word on each company: its first verified domain, if any (decision 257). */
async function verifiedDomainsOf(tx: Queryable, companyIds: number[]): Promise<Map<number, string>> {
  if (!companyIds.length) return new Map();
  const rows = await rowsOf<{ company_id: string | number; domain: string }>(
    tx,
    sql`select distinct on (company_id) company_id, domain from company_domains
      where status = 'verified' and company_id = any(array[${sql.join(
        companyIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[])
      order by company_id, domain`,
  );
  return new Map(rows.map((r) => [Number(r.company_id), r.domain]));
}

async function withDomains(tx: Queryable, rows: Row[]): Promise<Row[]> {
  const domains = await verifiedDomainsOf(tx, [...new Set(rows.map((r) => Number(r.company_id)))]);
  return rows.map((row) => ({ ...row, verified_domain: domains.get(Number(row.company_id)) ?? null }));
}

/** `GET /api/jobs/search`: a page of openings for the query and filters. */
export async function searchJobs(db: Db, clock: Clock, query: JobSearchQuery, bound = walkBound): Promise<JobSearchResults> {
  const cursor = decodeCursor(query.cursor);
  const words = wordsOf(query.q);
  // Only single letters typed: nothing can match them, so nothing is found.
  if (query.q && !words.length) return { items: [], next_cursor: null };
  const today = dayOf(clock.now());
  const rows = await withThreshold(db, async (tx) =>
    withDomains(tx, await pageRows(tx, today, words, filtersOf(query, words), cursor, query.limit + 1, bound)),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(resultOf),
    next_cursor:
      rows.length > query.limit && last
        ? encodeCursor({ rank: String(last.rank), publishedAt: last.published_key, id: Number(last.id) })
        : null,
  };
}

/** The openings the header's suggestions offer for the typed words (title, company, place, skills), best first. */
export async function suggestedJobs(db: Queryable, clock: Clock, q: string, limit: number): Promise<JobResult[]> {
  const words = wordsOf(q);
  if (!words.length) return [];
  const today = dayOf(clock.now());
  const rows = await pageRows(db, today, words, filtersOf({ period: 'month' }, words), undefined, limit);
  return (await withDomains(db, rows)).map(resultOf);
}
