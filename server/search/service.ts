// Search for people and companies (issue 25, decision 185): PostgreSQL full-text search plus trigram
// similarity (pg_trgm) over the live tables, with indexes; the same SQL on PGlite and PostgreSQL.
// Only what a signed-in person may read is matched or shown: closed accounts never appear, a city the
// person keeps to themselves never matches, and only review rounds the person shows count.
import { sql, type SQL } from 'drizzle-orm';
import { proficiencies } from '../../contract/profile-sections.ts';
import { profileStatuses, type ProfileStatus } from '../../contract/profile-status.ts';
import { ratingScale } from '../../contract/employment-scores.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import {
  searchLimits,
  type CompanyResult,
  type PersonResult,
  type SearchMatch,
  type SearchQuery,
  type SearchResults,
  type Suggestions,
} from '../../contract/search.ts';
import type { Clock } from '../clock.ts';
import type { Db, Queryable } from '../db/client.ts';
import { nameWordSeparators } from '../db/name-words.ts';
import { dayOf } from '../shared/dates.ts';
import { DomainError, RuleBrokenError } from '../domain-errors.ts';
import { messageRef } from '../../contract/validation-messages.ts';

/** How alike a typed word and a word of a name must be (pg_trgm's word similarity, 0–1). */
export const wordSimilarityThreshold = 0.5;

// People are matched in search_people (server/db/schema.ts, migration 0025: one row per active person,
// kept by triggers); companies by the indexed expression, spelled the same so the planner uses it.
const companyNameExpr = sql.raw('lower(c.name)');

const scaleArray = sql.raw(`array[${ratingScale.map((r) => `'${r}'`).join(',')}]::text[]`);

/** LIKE's own characters matched as themselves. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => `%${likeEscape(value.toLowerCase())}%`;

/** Apostrophes inside a word ("O'Neill", "Мар’яна"): the folded names leave them out (migration 0029). */
const apostrophes = /['’ʼ`ʹ]/g;

/** The query's words, lower-cased; at most six, each at least two characters (one letter matches everything). */
export function wordsOf(q: string | undefined): string[] {
  if (!q) return [];
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(apostrophes, ''))
    .filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, 6);
}

/** A prefix full-text query of the words (`olen:* & kov:*`), only letters and digits kept. */
function tsQueryOf(words: string[]): string | null {
  const parts = words.map((w) => w.replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean);
  return parts.length ? parts.map((p) => `${p}:*`).join(' & ') : null;
}

/**
 * A typed name or place as search keeps names and places (migration 0029, decision 237): romanised
 * and folded, so either alphabet and the usual spellings find the same person. The database's own
 * function folds both sides, so they cannot drift apart.
 */
const folded = (value: string): SQL => sql`search_fold(${value})`;

/**
 * Every word is like a word of the name (pg_trgm word similarity: a part of it, or with a typo), both
 * folded. One index condition per word, which the GIN index answers together; no `like` beside it, as
 * an `or` of the two made the planner scan the table.
 */
function nameMatches(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`${folded(w)} <% sp.name`),
    sql` and `,
  );
}

/** A part of a folded place ("kyiv", "Київ" and "Kiev" are one), LIKE's own characters as themselves. */
const placeContains = (value: string): SQL => sql`'%' || ${folded(likeEscape(value))} || '%'`;

/**
 * A company's name holds the filter's words, or, for a word long enough, is like them with a typo, as
 * the header's suggestions forgive one.
 */
function companyNameLike(name: SQL, company: string): SQL {
  const value = company.toLowerCase();
  return value.length >= shortestFuzzyWord
    ? sql`(${name} like ${contains(value)} or ${value} <% ${name})`
    : sql`${name} like ${contains(value)}`;
}

function companyNameMatches(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`${w} <% ${companyNameExpr}`),
    sql` and `,
  );
}

// ── Cursor: the last row's rank and id, so the next page starts after it ────────────────────────

interface Cursor {
  rank: string;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{1,3}(\.\d{1,4})?$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] > 0
    ) {
      return { rank: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the refusal below
  }
  throw new RuleBrokenError([{ field: 'cursor', message: messageRef('validation.invalid') }]);
}

/**
 * How long one search's statements may run (issue 41 point 5): past it PostgreSQL cancels the
 * statement and the person is asked to narrow the search, instead of one crafted query holding a
 * connection for seconds. PGlite has no timer to cancel with; there the words' and filters' limits
 * (contract/search.ts) bound the cost.
 */
export const searchStatementTimeoutMs = 2_000;

/** A search that ran past its time bound: 422, with words that say how to finish it. */
export class SearchTooBroadError extends DomainError {
  constructor() {
    super('search_too_broad', 'This search took too long. Add a word or a filter to narrow it.');
  }
}

/** PostgreSQL's "canceling statement due to statement timeout" (SQLSTATE 57014), wherever drizzle wraps it. */
export function isStatementTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** Runs `work` with the word-similarity threshold and the time bound this search uses, for this transaction only. */
async function withThreshold<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true), set_config('statement_timeout', ${String(searchStatementTimeoutMs)}, true)`,
      );
      return work(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new SearchTooBroadError();
    throw error;
  }
}

async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// ── People ───────────────────────────────────────────────────────────────────────────────────────

interface PersonRow {
  user_id: string | number;
  first_name: string;
  last_name: string;
  photo_path: string | null;
  headline: string | null;
  location: string | null;
  city_visible: string | null;
  profile_status: string | null;
  name_hit: boolean;
  /** Every typed word is in the folded name as it is: the name typed in another alphabet or spelling, not with a typo. */
  spelling_hit: boolean;
  headline_hit: boolean;
  text_hit: boolean;
  rank: string;
}

/** Words shorter than this are matched as written: too short to hold a typo that trigrams could forgive. */
const shortestFuzzyWord = 4;

/**
 * A skill filter's word in `skills` (lower-cased): a part of it ('script' in 'typescript'), or, for a
 * word long enough, the same word with a typo. For 'go' the similarity adds nothing the `like` does
 * not find, and it costs a trigram comparison for every row the `like` refused.
 */
function skillMatches(skills: SQL, word: string): SQL {
  return word.length >= shortestFuzzyWord
    ? sql`(${skills} like ${contains(word)} or ${word} <% ${skills})`
    : sql`${skills} like ${contains(word)}`;
}

/**
 * The keyword filters as search_people's tags (migration 0025): a language at a level or above, a
 * company-verified job, a profile status. One GIN condition for all of them.
 */
function filterTags(query: Partial<SearchQuery>): string[] {
  const tags: string[] = [];
  if (query.language) tags.push(`lang:${query.language}:${query.level ?? proficiencies[0]}`);
  if (query.verified) tags.push('verified');
  if (query.status) tags.push(`status:${query.status}`);
  return tags;
}

/** The filters of a person search, as SQL over `sp` (search_people: active people only). */
function personFilters(query: SearchQuery, today: string): SQL[] {
  const where: SQL[] = [];
  const tags = filterTags(query);
  if (tags.length)
    where.push(
      sql`sp.tags @> array[${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  if (query.skill) {
    const skill = query.skill.toLowerCase();
    where.push(skillMatches(sql`sp.skills`, skill));
  }
  // The city is there only where the person shows it to signed-in people (their contact settings).
  if (query.location) where.push(sql`(sp.location like ${placeContains(query.location)} or sp.city like ${placeContains(query.location)})`);
  // The people at the company, found from the companies' side once (a hashed set), not probed person by person.
  if (query.company) {
    where.push(sql`(sp.user_id in (select ce.user_id from company_employments ce join companies c on c.id = ce.company_id
        where ${currentVerified(today)} and ${companyNameLike(sql`lower(c.name)`, query.company)})
      or sp.user_id in (select e.user_id from employments e where e.is_current and ${companyNameLike(sql`lower(e.company_name)`, query.company)}))`);
  }
  if (query.competency) where.push(sql`sp.user_id in (${competencyHolders(query.competency, query.min_score ?? 1)})`);
  return where.length ? where : [sql`true`];
}

/**
 * People whose best score on a competency whose name contains `name` is `minimum` or more, in review
 * rounds they show: read from the scores the triggers keep (migration 0024), by the few names that
 * match, through the (competency, score) index.
 */
function competencyHolders(name: string, minimum: number): SQL {
  return sql`select sc.user_id from search_competency_scores sc
    where sc.competency = any(array(select distinct lower(c.name) from competencies c where lower(c.name) like ${contains(name)}))
    and sc.score >= ${minimum}`;
}

/** A verified employment current on `today` (server/shared/careers/lifecycle.ts's rule, in SQL). */
function currentVerified(today: string): SQL {
  return sql`ce.start_date <= ${today} and (ce.leaves_on is null or ce.leaves_on > ${today}) and (ce.planned_termination is null or ce.planned_termination >= ${today})`;
}

/**
 * The page's people's ratings of the competency at the minimum score or above, in review rounds they
 * show, with their companies. Read job by job (lateral): from the competency names' side the planner
 * would read every rating of every matching competency to keep twenty people's.
 */
function competencyRatings(query: Partial<SearchQuery>, ids: SQL): SQL {
  const minimum = query.min_score ?? 1;
  return sql`select ce.user_id, x.competency, co.name as company, x.score
    from company_employments ce
    join companies co on co.id = ce.company_id
    cross join lateral (
      select c.name as competency, array_position(${scaleArray}, rr.rating) - 1 as score
      from employment_reviews r
      join employment_review_ratings rr on rr.review_id = r.id
      join competencies c on c.id = rr.competency_id
      where r.employment_id = ce.id and r.is_public and lower(c.name) like ${contains(query.competency ?? '')}
        and array_position(${scaleArray}, rr.rating) - 1 >= ${minimum}
    ) x
    where ce.user_id in (${ids})`;
}

async function searchPeople(db: Db, clock: Clock, query: SearchQuery): Promise<SearchResults> {
  const today = dayOf(clock.now());
  const words = wordsOf(query.q);
  const cursor = decodeCursor(query.cursor);
  const tsQuery = tsQueryOf(words);
  const phrase = words.join(' ');
  const filters = sql.join(personFilters(query, today), sql` and `);
  // No words (a query of single letters only): nothing can match the query, so nothing is found.
  if (query.q && !words.length) return { items: [], next_cursor: null };

  // Each way of matching is its own indexed read with the filters beside it (GIN intersects them), and
  // the rank adds up what each found: a name hit counts 1 plus how alike the name is, the headline or
  // position 0.3, a skill 0.3. Only the page's rows are then read from profiles.
  const ranked = words.length
    ? sql`with name_hits as (select sp.user_id, word_similarity(${folded(phrase)}, sp.name) as alike,
          ${sql.join(
            words.map((w) => sql`strpos(sp.name, ${folded(w)}) > 0`),
            sql` and `,
          )} as spelling_hit
          from search_people sp where ${nameMatches(words)} and ${filters})
        , text_hits as (select sp.user_id from search_people sp where ${tsQuery ? sql`sp.text @@ to_tsquery('simple'::regconfig, ${tsQuery})` : sql`false`} and ${filters})
        , skill_hits as (select sp.user_id from search_people sp where ${phrase} <% sp.skills and ${filters})
        , ranked as (
          select user_id, round(sum(score)::numeric, 4) as rank, bool_or(name_hit) as name_hit, bool_or(spelling_hit) as spelling_hit,
            bool_or(text_hit) as text_hit from (
            select user_id, 1 + alike as score, true as name_hit, spelling_hit, false as text_hit from name_hits
            union all select user_id, 0.3, false, false, true from text_hits
            union all select user_id, 0.3, false, false, false from skill_hits
          ) hits group by user_id
        )`
    : sql`with ranked as (select sp.user_id, 0::numeric as rank, false as name_hit, false as spelling_hit, false as text_hit from search_people sp where ${filters})`;
  const rows = await withThreshold(db, (tx) =>
    rowsOf<PersonRow>(
      tx,
      sql`${ranked}
      select r.user_id, r.rank, r.name_hit, r.spelling_hit, r.text_hit, p.first_name, p.last_name, p.photo_path, p.headline, p.location, p.profile_status,
        ${tsQuery ? sql`to_tsvector('simple'::regconfig, coalesce(p.headline, '')) @@ to_tsquery('simple'::regconfig, ${tsQuery})` : sql`false`} as headline_hit
      from (
        select * from ranked
        ${cursor ? sql`where (rank < ${cursor.rank}::numeric or (rank = ${cursor.rank}::numeric and user_id > ${cursor.id}))` : sql``}
        order by rank desc, user_id asc
        limit ${query.limit + 1}
      ) r join profiles p on p.user_id = r.user_id
      order by r.rank desc, r.user_id asc`,
    ),
  );

  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  const next_cursor = rows.length > query.limit && last ? encodeCursor({ rank: String(last.rank), id: Number(last.user_id) }) : null;
  const items = await describePeople(db, today, query, words, pageRows);
  return { items, next_cursor };
}

/** The page's people with their current verified position and why each matched. */
async function describePeople(
  db: Db,
  today: string,
  query: Partial<SearchQuery>,
  words: string[],
  rows: PersonRow[],
): Promise<PersonResult[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => Number(r.user_id));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const phrase = words.join(' ');
  const skillWord = query.skill?.toLowerCase();
  const tsQuery = tsQueryOf(words);
  const textHits = rows.filter((r) => r.text_hit && !r.headline_hit).map((r) => Number(r.user_id));
  const [positions, skillRows, languageRows, competencyRows, verifiedRows, titleRows] = await Promise.all([
    rowsOf<{ user_id: string | number; position: string | null; company: string }>(
      db,
      sql`select distinct on (ce.user_id) ce.user_id, ce.position, c.name as company from company_employments ce join companies c on c.id = ce.company_id
        where ce.user_id in (${idList}) and ${currentVerified(today)} order by ce.user_id, ce.start_date desc, ce.id desc`,
    ),
    phrase || skillWord
      ? withThreshold(db, (tx) =>
          rowsOf<{ user_id: string | number; name: string; by_query: boolean; by_filter: boolean }>(
            tx,
            sql`select s.user_id, s.name,
              ${phrase ? sql`(lower(s.name) like ${contains(phrase)} or ${phrase} <% lower(s.name))` : sql`false`} as by_query,
              ${skillWord ? skillMatches(sql`lower(s.name)`, skillWord) : sql`false`} as by_filter
            from skills s where s.user_id in (${idList}) order by s.id`,
          ),
        )
      : Promise.resolve([]),
    query.language
      ? rowsOf<{ user_id: string | number; code: string; proficiency: string }>(
          db,
          sql`select l.user_id, l.code, l.proficiency from profile_languages l where l.user_id in (${idList}) and l.code = ${query.language}`,
        )
      : Promise.resolve([]),
    query.competency
      ? rowsOf<{ user_id: string | number; competency: string; company: string; score: number }>(
          db,
          sql`${competencyRatings(query, idList)} order by score desc`,
        )
      : Promise.resolve([]),
    query.verified
      ? rowsOf<{ user_id: string | number; company: string }>(
          db,
          sql`select distinct on (ce.user_id) ce.user_id, c.name as company from company_employments ce join companies c on c.id = ce.company_id where ce.user_id in (${idList}) order by ce.user_id, ce.start_date desc`,
        )
      : Promise.resolve([]),
    // The title the words were found in, for a person found by a job rather than the headline: the
    // current position first, then the jobs they list, then those a company verified.
    tsQuery && textHits.length
      ? rowsOf<{ user_id: string | number; title: string }>(
          db,
          sql`select t.user_id, t.title from (
              select p.user_id, p.current_position as title, 0 as o, 0::bigint as id from profiles p where p.user_id in (${sql.join(
                textHits.map((id) => sql`${id}`),
                sql`, `,
              )})
              union all select e.user_id, e.position, 1, e.id from employments e where e.user_id in (${sql.join(
                textHits.map((id) => sql`${id}`),
                sql`, `,
              )})
              union all select ce.user_id, ce.position, 2, ce.id from company_employments ce where ce.user_id in (${sql.join(
                textHits.map((id) => sql`${id}`),
                sql`, `,
              )})
            ) t
            where t.title is not null and to_tsvector('simple'::regconfig, t.title) @@ to_tsquery('simple'::regconfig, ${tsQuery})
            order by t.user_id, t.o, t.id`,
        )
      : Promise.resolve([]),
  ]);
  const match = (kind: SearchMatch['kind'], value: string, score: number | null = null, company: string | null = null): SearchMatch => ({
    kind,
    value,
    score,
    company,
    level: null,
  });

  return rows.map((row) => {
    const id = Number(row.user_id);
    const mine = <T extends { user_id: string | number }>(list: T[]) => list.filter((r) => Number(r.user_id) === id);
    const position = mine(positions)[0];
    const matches: SearchMatch[] = [];
    const fullName = `${row.first_name} ${row.last_name}`;
    if (row.name_hit) matches.push(match('name', fullName));
    // Found under another spelling of the name ("Олена" for "Olena", "Andrey" for "Andrii"): say so,
    // with the words as typed, as the name shown does not contain them.
    const literal = fullName.toLowerCase().replace(apostrophes, '');
    if (row.name_hit && row.spelling_hit && !words.every((w) => literal.includes(w)))
      matches.push(match('name_spelling', query.q ?? phrase));
    if (row.headline_hit && row.headline) matches.push(match('headline', row.headline));
    else if (row.text_hit) matches.push(match('position', mine(titleRows)[0]?.title ?? phrase));
    const skills = mine(skillRows);
    for (const s of skills.filter((s) => s.by_filter || s.by_query).slice(0, 3)) matches.push(match('skill', s.name));
    for (const l of mine(languageRows)) matches.push({ ...match('language', l.code), level: l.proficiency as SearchMatch['level'] });
    const best = new Map<string, { competency: string; company: string; score: number }>();
    for (const c of mine(competencyRows)) {
      const key = `${c.competency}|${c.company}`;
      if (!best.has(key)) best.set(key, c);
    }
    for (const c of [...best.values()].slice(0, 3)) matches.push(match('verified_competency', c.competency, Number(c.score), c.company));
    if (query.location)
      matches.push(
        match(
          'location',
          row.location && row.location.toLowerCase().includes(query.location.toLowerCase()) ? row.location : query.location,
        ),
      );
    if (query.company) matches.push(match('company', query.company));
    if (query.status) matches.push(match('profile_status', query.status));
    const verified = mine(verifiedRows)[0];
    if (verified) matches.push(match('verified_job', verified.company));
    return {
      type: 'person',
      user_id: id,
      first_name: row.first_name,
      last_name: row.last_name,
      photo_url: row.photo_path ? profileApiPaths.file(row.photo_path) : null,
      headline: row.headline,
      location: row.location,
      profile_status: profileStatuses.includes(row.profile_status as ProfileStatus) ? (row.profile_status as ProfileStatus) : null,
      verified_position: position ? { position: position.position, company: position.company } : null,
      matches,
    };
  });
}

// ── Companies ────────────────────────────────────────────────────────────────────────────────────

interface CompanyRow {
  id: string | number;
  name: string;
  industry: string;
  location: string | null;
  logo_path: string | null;
  name_hit: boolean;
  rank: string;
}

async function searchCompanies(db: Db, query: SearchQuery): Promise<SearchResults> {
  const words = wordsOf(query.q);
  const cursor = decodeCursor(query.cursor);
  if (query.q && !words.length) return { items: [], next_cursor: null };
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
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  return {
    items: pageRows.map((row) => companyResult(row, phrase, query.location)),
    next_cursor: rows.length > query.limit && last ? encodeCursor({ rank: String(last.rank), id: Number(last.id) }) : null,
  };
}

function companyResult(row: CompanyRow, phrase: string, location?: string): CompanyResult {
  const matches: SearchMatch[] = [];
  if (phrase)
    matches.push({
      kind: row.name_hit ? 'name' : 'industry',
      value: row.name_hit ? row.name : row.industry,
      score: null,
      company: null,
      level: null,
    });
  if (location && row.location) matches.push({ kind: 'location', value: row.location, score: null, company: null, level: null });
  return {
    type: 'company',
    company_id: Number(row.id),
    name: row.name,
    industry: row.industry,
    location: row.location,
    logo_url: row.logo_path ? profileApiPaths.file(row.logo_path) : null,
    matches,
  };
}

/** `GET /api/search`: people or companies for the query and filters, best match first. */
export async function search(db: Db, clock: Clock, query: SearchQuery): Promise<SearchResults> {
  const hasFilter = query.skill || query.language || query.location || query.company || query.status || query.verified || query.competency;
  // Nothing asked: nothing listed (the page shows what to try).
  if (!query.q && !hasFilter) return { items: [], next_cursor: null };
  return query.type === 'companies' ? searchCompanies(db, query) : searchPeople(db, clock, query);
}

/** The query's words (`wordsOf`) as the suggestions read names: split where names split (hyphens, apostrophes). */
function nameWordsOf(words: string[]): string[] {
  const parts = words.flatMap((w) => w.split(nameWordSeparators)).filter((w) => w.length >= 2);
  return [...new Set(parts)].slice(0, 6);
}

/** How many words of the lexicon each typed word may stand for: fewer as words are added, so the combinations stay a few hundred. */
const wordsPerTypedWord = [20, 8, 5, 4, 3, 3] as const;
/** The best combinations of name words read for people. */
const combinationsRead = 20;

/**
 * The people whose names have, for each typed word, a word it is like (decision 220), best first: the
 * lexicon's nearest words to each typed word (a few thousand words, not a million names), their best
 * combinations by summed likeness, and for each the first people in id order, from the word's own
 * index for one word or from the name words' GIN index for more. People equally alike come in the
 * order they joined.
 */
function suggestedPeople(words: string[], phrase: string, limit: number): SQL {
  const n = words.length;
  const aliases = words.map((_, i) => sql.raw(`c${i + 1}`));
  const combos = sql`select array[${sql.join(
    aliases.map((a) => sql`${a}.word`),
    sql`, `,
  )}]::text[] as words, ${sql.join(
    aliases.map((a) => sql`${a}.s`),
    sql` + `,
  )} as score
    from ${sql.join(
      aliases.map((a) => sql`c ${a}`),
      sql` cross join `,
    )}
    where ${sql.join(
      aliases.map((a, i) => sql`${a}.i = ${i + 1}`),
      sql` and `,
    )}
    order by score desc, words limit ${combinationsRead}`;
  // Who has every word of a combination, first joined first: each word's list of people is in id
  // order in its index, so they are walked side by side until the first `limit` found (decision 224);
  // the GIN containment it replaces fetched every person with all the words, to sort them.
  const people = sql`select np1.user_id from search_name_people np1 ${sql.join(
    words.slice(1).map((_, i) => {
      const np = sql.raw(`np${i + 2}`);
      return sql`join search_name_people ${np} on ${np}.word = combos.words[${sql.raw(String(i + 2))}] and ${np}.user_id = np1.user_id`;
    }),
    sql` `,
  )} where np1.word = combos.words[1] order by np1.user_id limit ${limit}`;
  return sql`with c as (
      select q.i, l.word, word_similarity(q.w, l.word) as s
      from unnest(array[${sql.join(
        words.map((w) => folded(w)),
        sql`, `,
      )}]::text[]) with ordinality q(w, i)
      cross join lateral (
        select w.word from search_name_words w where q.w <% w.word order by q.w <<-> w.word, w.word limit ${wordsPerTypedWord[n - 1]!}
      ) l
    ),
    combos as (${combos}),
    found as (
      select x.user_id, max(combos.score) as score from combos cross join lateral (${people}) x
      group by x.user_id order by score desc, x.user_id limit ${limit}
    )
    select f.user_id, round(word_similarity(${folded(phrase)}, sp.name)::numeric, 4) as rank, f.score,
      p.first_name, p.last_name, p.photo_path, p.headline, p.location, p.profile_status,
      true as name_hit, false as spelling_hit, false as headline_hit, false as text_hit
    from found f join search_people sp on sp.user_id = f.user_id join profiles p on p.user_id = f.user_id
    order by f.score desc, f.user_id asc`;
}

/**
 * `GET /api/search/suggestions`: people and companies whose name the typed words match, best first.
 * People come from the words of names (decision 220), so a common name ('iryna', thousands of people)
 * or a typo costs a few index reads at any size.
 */
export async function suggest(db: Db, clock: Clock, q: string): Promise<Suggestions> {
  const words = wordsOf(q);
  if (q.length < searchLimits.suggestMin || !words.length) return { items: [] };
  const nameWords = nameWordsOf(words);
  const phrase = words.join(' ');
  const limit = searchLimits.suggestions;
  const [people, companies] = await withThreshold(db, async (tx) => [
    nameWords.length ? await rowsOf<PersonRow>(tx, suggestedPeople(nameWords, phrase, limit)) : [],
    await rowsOf<CompanyRow>(
      tx,
      sql`select c.id, c.name, c.industry, c.location, c.logo_path, true as name_hit, round(word_similarity(${phrase}, ${companyNameExpr})::numeric, 4) as rank
        from companies c where ${companyNameMatches(words)}
        order by rank desc, c.id asc limit ${limit}`,
    ),
  ]);
  const today = dayOf(clock.now());
  const described = await describePeople(db, today, {}, [], people);
  // People and companies by how alike their names are; people first on a tie.
  const ranked = [
    ...described.map((item, i) => ({ item, rank: Number(people[i]!.rank), order: 0 })),
    ...companies.map((row) => ({ item: companyResult(row, phrase) as PersonResult | CompanyResult, rank: Number(row.rank), order: 1 })),
  ].sort((a, b) => b.rank - a.rank || a.order - b.order);
  return { items: ranked.slice(0, limit).map((r) => r.item) };
}
