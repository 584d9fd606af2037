// The people query (issue 25, decisions 185, 220, 237): who matches the words and the filters, best
// first, a page at a time, from search_people (server/db/schema.ts, migration 0025: one row per active
// person, kept by triggers), and the names the header's suggestions read. Only what a signed-in person
// may read is matched: closed accounts never appear, a city the person keeps to themselves never
// matches, and only review rounds the person shows count. Why each matched: match-reasons.ts.
import { sql, type SQL } from 'drizzle-orm';
import { proficiencies } from '../../contract/profile-sections.ts';
import type { SearchQuery, SearchTrustLevel } from '../../contract/search.ts';
import type { Db, Queryable } from '../db/client.ts';
import { nameWordSeparators } from '../db/name-words.ts';
import {
  contains,
  currentVerified,
  decodeCursor,
  folded,
  likeEscape,
  pageOf,
  rowsOf,
  shortestFuzzyWord,
  skillMatches,
  tsQueryOf,
  withThreshold,
  type Page,
} from './search-sql.ts';

/** A person as the people query reads them: their card, and which of the ways of matching found them. */
export interface PersonRow {
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

/**
 * The keyword filters as search_people's tags (migration 0025): a language at a level or above, a
 * company-verified job, a profile status. One GIN condition for all of them.
 */
function filterTags(query: Partial<SearchQuery>): string[] {
  const tags: string[] = [];
  if (query.language) tags.push(`lang:${query.language}:${query.level ?? proficiencies[0]}`);
  // The ladder's top by default (decision 265): a job confirmed by a company that proved its domain.
  if (query.verified) tags.push(query.trust === 'company_confirmed' ? 'verified' : 'verified_domain');
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
  if (query.competency)
    where.push(sql`sp.user_id in (${competencyHolders(query.competency, query.min_score ?? 1, query.trust ?? 'domain_verified')})`);
  return where.length ? where : [sql`true`];
}

/**
 * People whose best score on a competency whose name contains `name` is `minimum` or more, in review
 * rounds they show: read from the scores the triggers keep (migration 0024), by the few names that
 * match, through the (competency, score) index.
 */
function competencyHolders(name: string, minimum: number, trust: SearchTrustLevel): SQL {
  // By default only scores given by companies that proved their domain (domain_score, migration 0039).
  const score = trust === 'company_confirmed' ? sql`sc.score` : sql`sc.domain_score`;
  return sql`select sc.user_id from search_competency_scores sc
    where sc.competency = any(array(select distinct lower(c.name) from competencies c where lower(c.name) like ${contains(name)}))
    and ${score} >= ${minimum}`;
}

/** The page of people for the query's `words` and filters, best match first. */
export async function findPeople(db: Db, today: string, query: SearchQuery, words: string[]): Promise<Page<PersonRow>> {
  const cursor = decodeCursor(query.cursor);
  const tsQuery = tsQueryOf(words);
  const phrase = words.join(' ');
  const filters = sql.join(personFilters(query, today), sql` and `);
  // No words (a query of single letters only): nothing can match the query, so nothing is found.
  if (query.q && !words.length) return { rows: [], next_cursor: null };

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
  return pageOf(rows, query.limit, (row) => row.user_id);
}

// ── Suggestions ──────────────────────────────────────────────────────────────────────────────────

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

/** The people the header's suggestions offer for the typed `words` (decision 220), best first. */
export async function suggestedPeopleOf(tx: Queryable, words: string[], limit: number): Promise<PersonRow[]> {
  const nameWords = nameWordsOf(words);
  return nameWords.length ? rowsOf<PersonRow>(tx, suggestedPeople(nameWords, words.join(' '), limit)) : [];
}
