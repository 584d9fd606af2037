// The people query (decisions 185, 220, 237, 273): who matches the words and the filters,
// best first, a page at a time, from search_people (server/db/schema.ts, migration 0025: one row per
// active person, kept by triggers), read in rank tiers (people-tiers.ts) with the filters of
// people-filters.ts; and the names the header's suggestions read. Only what a signed-in person
// may read is matched: closed accounts never appear, a city the person keeps to themselves never
// matches, and only review rounds the person shows count. Why each matched: match-reasons.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery } from '../../contract/search.ts';
import type { Db, Queryable } from '../db/client.ts';
import { nameWordSeparators } from '../db/name-words.ts';
import { personFilters, typedTags } from './people-filters.ts';
import { rankedPeople, type Hit } from './people-tiers.ts';
import { decodeCursor, folded, pageOf, rowsOf, tsQueryOf, withThreshold, type Page } from './search-sql.ts';

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

/** The page of people for the query's `words` and filters, best match first (decision 273: tier by tier, people-tiers.ts). */
export async function findPeople(db: Db, today: string, query: SearchQuery, words: string[]): Promise<Page<PersonRow>> {
  const cursor = decodeCursor(query.cursor);
  const tsQuery = tsQueryOf(words);
  // No words (a query of single letters only): nothing can match the query, so nothing is found.
  if (query.q && !words.length) return { rows: [], next_cursor: null };

  const rows = await withThreshold(db, async (tx) => {
    const typed = await typedTags(tx, query, words);
    const hits = await rankedPeople(
      tx,
      {
        words,
        tsQuery,
        wordsSkill: typed.wordsSkill,
        rowFilters: personFilters(query, today, typed, 'row'),
        listFilters: personFilters(query, today, typed, 'list'),
        likenessFilters: Boolean(query.company),
      },
      cursor,
      query.limit + 1,
    );
    if (!hits.length) return [];
    // Only the page's rows are read from profiles.
    const cards = await rowsOf<Omit<PersonRow, Exclude<keyof Hit, 'user_id'>>>(
      tx,
      sql`select p.user_id, p.first_name, p.last_name, p.photo_path, p.headline, p.location, p.profile_status,
        ${tsQuery ? sql`to_tsvector('simple'::regconfig, coalesce(p.headline, '')) @@ to_tsquery('simple'::regconfig, ${tsQuery})` : sql`false`} as headline_hit
      from profiles p where p.user_id in (${sql.join(
        hits.map((hit) => sql`${Number(hit.user_id)}`),
        sql`, `,
      )})`,
    );
    const byId = new Map(cards.map((card) => [Number(card.user_id), card]));
    return hits.flatMap((hit) => {
      const card = byId.get(Number(hit.user_id));
      return card ? [{ ...card, ...hit } as PersonRow] : [];
    });
  });
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
