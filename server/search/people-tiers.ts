// The people query read in rank tiers (decision 273), so a page costs about the same whether a
// hundred people match or a million. The rank is what today's query adds up (decision 185): a name hit
// counts 1 plus how alike the name is, a headline or job title 0.3, a skill 0.3. So the ranks fall in
// three tiers: the name hits (1 and above, each its own rank), those the words found in the text and
// the skills (0.6), and those found in one of the two (0.3). The name hits are few and ranked as they
// were; each of the other two is one rank, people in it in id order, so it is walked in id order: a
// bounded number of rows is read from the primary key, and a tier whose people are too sparse for that
// bound to fill the page is listed from its indexes instead (where it is small). A cursor names a rank
// and an id: the tiers above its rank are done, its own tier goes on after the id.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { hasAnyTag } from './people-filters.ts';
import { folded, rowsOf, wordSimilarityThreshold } from './search-sql.ts';

/** Rows a walk reads in id order before the tier is listed from its indexes instead. */
export const walkBound = 4000;

/** A person found, with the rank and the ways of matching the page says. */
export interface Hit {
  user_id: string | number;
  rank: string;
  name_hit: boolean;
  spelling_hit: boolean;
  text_hit: boolean;
}

/** What the tiers read: the row conditions of the query's words, and the filters in their two forms. */
export interface TierQuery {
  words: string[];
  tsQuery: string | null;
  /** The skills the words are like, as tags (typedTags). */
  wordsSkill: string[];
  /** The filters looked at on the row in hand (a walk). */
  rowFilters: SQL;
  /** The filters for the index to list every match (a fallback, the name hits). */
  listFilters: SQL;
  /** A filter matches by trigram likeness too (the company's name): the name hits' lists keep the usual threshold. */
  likenessFilters?: boolean;
}

/** Where a page starts: after this rank and id (decodeCursor's). */
export interface After {
  rank: string;
  id: number;
}

function nameHit(words: string[]): SQL {
  return sql.join(
    words.map((w) => sql`${folded(w)} <% sp.name`),
    sql` and `,
  );
}

const textHit = (q: TierQuery): SQL => (q.tsQuery ? sql`sp.text @@ to_tsquery('simple'::regconfig, ${q.tsQuery})` : sql`false`);
const skillHit = (q: TierQuery): SQL => hasAnyTag(q.wordsSkill);

/**
 * The people of one rank after `after`, at most `need` of them, in id order: `where` is the tier's
 * condition on the row. Windows of `bound` ids along the primary key, up to `windowsRead` of them; if
 * they end short of `need` before the last person, the tier is sparse and the rest is listed from the
 * indexes past the last window (an order the primary key cannot give, so the planner does not walk it
 * again). `top` is the highest id, where the windows end.
 */
async function walk(tx: Queryable, where: SQL, q: TierQuery, after: number, need: number, bound: number, top: Top): Promise<Hit[]> {
  const select = sql`select sp.user_id, ${textHit(q)} as text_hit`;
  const found: { user_id: string | number; text_hit: boolean }[] = [];
  const last = await top();
  let from = after;
  let size = bound;
  let sparse = true;
  for (let read = 0; read < windowsRead;) {
    found.push(
      ...(await rowsOf<{ user_id: string | number; text_hit: boolean }>(
        tx,
        sql`${select} from ${idsAfter(from, size, read === 0)} and ${q.rowFilters} and ${onTheRow(where)}
          order by sp.user_id limit ${need - found.length}`,
      )),
    );
    read += size / bound;
    if (found.length >= need || from + size >= last) {
      sparse = false;
      break;
    }
    from += size;
    if (!worthReadingOn(found.length, need, read)) break;
    size = readOn(found.length, need, read) * bound;
  }
  if (sparse)
    found.push(
      ...(await rowsOf<{ user_id: string | number; text_hit: boolean }>(
        tx,
        sql`${select} from search_people sp where ${q.listFilters} and ${where} and sp.user_id > ${from} order by sp.user_id + 0 limit ${need - found.length}`,
      )),
    );
  return found.map((row) => ({ user_id: row.user_id, rank: '', name_hit: false, spelling_hit: false, text_hit: row.text_hit }));
}

/**
 * The rows of a walk with ids after `from`, up to `from + size`, as `sp`. The first window is read along
 * the primary key (the `limit` keeps the planner from reading the filters or the tier from their indexes),
 * so a dense tier stops after the few rows that fill its page. The windows read on are one range: there
 * a filter the planner knows to be rare (a competency score, a skill) is read from the tags' index for
 * those ids, and only its rows are looked at (decision 302). A range of ids, so its end is known without
 * reading it again.
 */
const idsAfter = (from: number, size: number, first: boolean): SQL =>
  first
    ? sql`(select * from search_people where user_id > ${from} and user_id <= ${from + size} order by user_id limit ${size}) sp where true`
    : sql`search_people sp where sp.user_id > ${from} and sp.user_id <= ${from + size}`;

/**
 * A tier's own condition (the words, the name's likeness) looked at on the rows the range and the
 * filters keep, never read from its index: the full text's estimate for a prefix is far off (39 rows
 * for 17,201), and the lists of the words and of the name's trigrams grow with the people.
 */
const onTheRow = (condition: SQL): SQL => sql`coalesce(${condition}, false)`;

/** The highest id of a person search can find (0 when nobody), where the windows end: read once a search, when a window asks. */
type Top = () => Promise<number>;

function topOf(tx: Queryable): Top {
  let read: Promise<number> | undefined;
  return () =>
    (read ??= rowsOf<{ last: string | number | null }>(tx, sql`select max(user_id) as last from search_people`).then((rows) =>
      Number(rows[0]?.last ?? 0),
    ));
}

/** A name hit's rank, as today's query ranks it (decision 185): 1, how alike the name is, and the words' bonuses. */
function nameRank(q: TierQuery): SQL {
  const bonus = (hit: SQL) => sql`(case when ${hit} then 0.3 else 0 end)::float8`;
  return sql`round(((1 + word_similarity(${folded(q.words.join(' '))}, sp.name))::float8 + ${bonus(textHit(q))} + ${bonus(skillHit(q))})::numeric, 4)`;
}

function nameHitColumns(q: TierQuery): SQL {
  return sql`sp.user_id, ${nameRank(q)} as rank, true as name_hit,
    ${sql.join(
      q.words.map((w) => sql`strpos(sp.name, ${folded(w)}) > 0`),
      sql` and `,
    )} as spelling_hit,
    ${textHit(q)} as text_hit`;
}

/** Highest first, then the lower id: the order of a page. */
const byRank = (a: Hit, b: Hit) => Number(b.rank) - Number(a.rank) || Number(a.user_id) - Number(b.user_id);

/**
 * Windows of `bound` rows a tier reads on before it is listed from its indexes (decision 290): an
 * index's lists grow with the people (the name's trigrams are in a tenth of all names for a common one,
 * a skill's tag in a tenth of the documents), the windows do not, and reading on is cheaper for a tier
 * of one in a few thousand.
 */
const windowsRead = 8;

/**
 * Whether the windows still to read are likely to give the `need` a tier lacks, at the rate the `read`
 * windows read so far gave `found`: none found (one in more than a window's rows), or too few for the
 * windows left, and the tier is listed from its indexes at once, where its list is short.
 */
function worthReadingOn(found: number, need: number, read: number): boolean {
  return found > 0 && ((need - found) * read) / found <= windowsRead - read;
}

/**
 * How many windows to read on in one statement, when worthReadingOn: as many as the rate so far says
 * fill the page, and a quarter more, within the windows left.
 */
function readOn(found: number, need: number, read: number): number {
  return Math.min(windowsRead - read, Math.max(1, Math.ceil((((need - found) * read) / found) * 1.25)));
}

/** The rank a name hit without a bonus cannot pass: 1 and a name as alike as can be. */
const plainTop = 2;

/**
 * The name hits after `after`, best first, as today's query ranks them (decision 290). Those the words
 * also find in the text or a skill (a bonus) are few and ranked all. The others, the plain name hits,
 * can be tens of thousands ('olena' at a million people), and their ranks fall in tiers too: everyone
 * whose name is as alike has the same rank, in id order. So a window of `bound` rows is read in id
 * order and each tier, best first, is taken from it when it holds enough of the tier, or else listed
 * from the name's trigram index past the window, asking only names alike enough for the tier's rank
 * (the threshold raised to it), a short list where the tier is sparse.
 */
/** How many people the words may find in the text or a skill for the name hits among them to be read from that list. */
const fewBonusPeople = 2000;

/** Below this many people with a name word like one of the typed words, the name hits are few: all ranked at once. */
const fewNamePeople = 2000;

/**
 * Whether the words may be in many names: for each word, the people with a name word like it, counted
 * from the name words' own lexicon and lists (decision 220) up to `few`, the fewest of them.
 * Only chooses how the name hits are read; both ways give the same page.
 */
async function manyNameHits(tx: Queryable, words: string[], few: number): Promise<boolean> {
  for (const w of words) {
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from search_name_words l join search_name_people np on np.word = l.word
        where ${folded(w)} <% l.word limit ${few}) s`,
    );
    if (Number(row!.n) < few) return false;
  }
  return true;
}

async function nameHits(
  tx: Queryable,
  q: TierQuery,
  after: After | undefined,
  need: number,
  bound: number,
  fewNames: number,
  top: Top,
): Promise<Hit[]> {
  const columns = nameHitColumns(q);
  const bonus = sql`(${textHit(q)} or ${skillHit(q)})`;
  const cursor = after ? sql`where (rank < ${after.rank}::numeric or (rank = ${after.rank}::numeric and user_id > ${after.id}))` : sql``;
  const allRanked = (where: SQL) =>
    rowsOf<Hit>(
      tx,
      sql`select * from (select ${columns} from search_people sp where ${nameHit(q.words)} and ${where} and ${q.listFilters}) hits
        ${cursor} order by rank desc, user_id asc limit ${need}`,
    );
  // Words in few names (a job title, a rare name): every name hit ranked, from the name's trigram index.
  if (!(await manyNameHits(tx, q.words, fewNames))) return allRanked(sql`true`);
  let withBonus: Hit[] = [];
  if (q.tsQuery !== null || q.wordsSkill.length) {
    // Few found by the text or a skill (a name rarely is a job title): their name hits are looked at
    // one by one. Else the name's trigram index lists them with the filters.
    const found = await rowsOf<{ user_id: string | number }>(
      tx,
      sql`select sp.user_id from search_people sp where ${bonus} limit ${fewBonusPeople + 1}`,
    );
    const ids = found.map((row) => Number(row.user_id));
    withBonus =
      ids.length <= fewBonusPeople
        ? ids.length
          ? await rowsOf<Hit>(
              tx,
              sql`with few as materialized (select * from search_people where user_id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )}))
              select * from (select ${columns} from few sp where ${q.rowFilters} and ${nameHit(q.words)} and ${bonus}) hits
              ${cursor} order by rank desc, user_id asc limit ${need}`,
            )
          : []
        : await allRanked(bonus);
  }
  const plain = await plainNameHits(tx, q, bonus, after, need, bound, top);
  return [...withBonus, ...plain].sort(byRank).slice(0, need);
}

interface Window {
  /** The plain name hits among the rows read, in id order. */
  hits: Hit[];
  /** The last id read. */
  last: number;
  /** Nobody is left after it. */
  end: boolean;
}

async function plainNameHits(
  tx: Queryable,
  q: TierQuery,
  bonus: SQL,
  after: After | undefined,
  need: number,
  bound: number,
  top: Top,
): Promise<Hit[]> {
  const columns = nameHitColumns(q);
  const plain = sql`${nameHit(q.words)} and not ${bonus}`;
  const windows = new Map<number, Promise<Window>>();
  /** The plain name hits of the window from `start` (the one read before from there, whatever its size). */
  const windowFrom = (start: number, size = bound, first = true): Promise<Window> => {
    const known = windows.get(start);
    if (known) return known;
    const read = (async () => {
      const hits = await rowsOf<Hit>(
        tx,
        sql`select ${columns} from ${idsAfter(start, size, first)} and ${q.rowFilters} and ${onTheRow(plain)} order by sp.user_id`,
      );
      return { hits, last: start + size, end: start + size >= (await top()) };
    })();
    windows.set(start, read);
    return read;
  };
  /**
   * The plain name hits past `from` of ranks `where` admits, from the indexes, asked only of names at
   * least `threshold` alike (a rank of r needs r - 1, before its rounding to 4 places): above the usual
   * threshold, the phrase's trigrams are asked at that one (each word still as alike as a name hit
   * needs). A filter that matches by likeness itself (the company's name) keeps the usual threshold.
   */
  const listed = async (from: number, where: SQL, threshold: number, tail: SQL): Promise<Hit[]> => {
    const raise = threshold > wordSimilarityThreshold && !q.likenessFilters;
    // Raised, the threshold is the phrase's only: each word's likeness is then asked as a number, not with <%.
    const candidates = raise
      ? sql`${folded(q.words.join(' '))} <% sp.name and ${sql.join(
          q.words.map((w) => sql`word_similarity(${folded(w)}, sp.name) >= ${wordSimilarityThreshold}`),
          sql` and `,
        )} and not ${bonus}`
      : plain;
    if (raise) await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
    try {
      return await rowsOf<Hit>(
        tx,
        sql`select * from (select ${columns} from search_people sp where ${candidates} and ${q.listFilters} and sp.user_id > ${from}) hits
          where ${where} ${tail}`,
      );
    } finally {
      if (raise) await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true)`);
    }
  };
  /**
   * The first `m` plain name hits of rank `rank` after `start`, in id order: windows read on, up to
   * `windowsRead` of them, then the rest listed past the last.
   */
  const tier = async (rank: string, start: number, m: number): Promise<Hit[]> => {
    const found: Hit[] = [];
    let from = start;
    let size = bound;
    for (let read = 0; read < windowsRead;) {
      const window = await windowFrom(from, size, read === 0);
      found.push(...window.hits.filter((hit) => Number(hit.rank) === Number(rank)));
      read += (window.last - from) / bound;
      if (found.length >= m || window.end) return found.slice(0, m);
      from = window.last;
      if (!worthReadingOn(found.length, m, read)) break;
      size = readOn(found.length, m, read) * bound;
    }
    const more = await listed(
      from,
      sql`rank = ${rank}::numeric`,
      Number(rank) - 1 - 0.0001,
      sql`order by user_id + 0 limit ${m - found.length}`,
    );
    return [...found, ...more];
  };
  /** The highest rank of a plain name hit below `ceiling`, if there is one. */
  const nextBelow = async (ceiling: number): Promise<string | undefined> => {
    const window = await windowFrom(0);
    const seen = window.hits.map((hit) => hit.rank).filter((rank) => Number(rank) < ceiling);
    const best = seen.sort((a, b) => Number(b) - Number(a))[0];
    if (window.end || (best !== undefined && Number(best) >= plainTop)) return best;
    // Past the window, any rank above the best it saw (a tier too sparse to show in it): names more alike
    // than the best's (a rank above r, rounded, is 1 plus at least r - 1 + 0.00005), so not its own tier.
    const floor = best === undefined ? 1 : Number(best);
    const [higher] = await listed(
      window.last,
      sql`rank > ${String(floor)}::numeric${Number.isFinite(ceiling) ? sql` and rank < ${String(ceiling)}::numeric` : sql``}`,
      floor - 1 + 0.00004,
      sql`order by rank desc limit 1`,
    );
    return higher?.rank ?? best;
  };

  const out: Hit[] = [];
  let ceiling = Infinity;
  if (after) {
    ceiling = Number(after.rank);
    if (ceiling <= plainTop) out.push(...(await tier(after.rank, after.id, need)));
  }
  while (out.length < need) {
    const rank = await nextBelow(ceiling);
    if (rank === undefined) break;
    out.push(...(await tier(rank, 0, need - out.length)));
    ceiling = Number(rank);
  }
  return out;
}

/** One rank's tier: its rank, and its condition on the row besides the filters. */
interface Tier {
  rank: string;
  where: SQL;
}

function tiersOf(q: TierQuery): Tier[] {
  if (!q.words.length) return [{ rank: '0', where: sql`true` }];
  const notName = sql`not (${nameHit(q.words)})`;
  const text = textHit(q);
  const skill = skillHit(q);
  // The name's trigrams last: the cheapest conditions first. A tier that cannot have anyone (the words
  // are like no skill's name, or have no letters for the full text) is not walked.
  const canText = q.tsQuery !== null;
  const canSkill = q.wordsSkill.length > 0;
  return [
    ...(canText && canSkill ? [{ rank: '0.6000', where: sql`${skill} and ${text} and ${notName}` }] : []),
    ...(canText || canSkill ? [{ rank: '0.3000', where: sql`(${text}) <> (${skill}) and ${notName}` }] : []),
  ];
}

/**
 * The first `need` people after `after` (or from the top), best first, tier by tier; `bound` is the
 * walks' and `fewNames` how many people with a name like the words are few (tests set small ones).
 */
export async function rankedPeople(
  tx: Queryable,
  q: TierQuery,
  after: After | undefined,
  need: number,
  bound = walkBound,
  fewNames = fewNamePeople,
): Promise<Hit[]> {
  const hits: Hit[] = [];
  const cursorRank = after ? Number(after.rank) : Infinity;
  const top = topOf(tx);
  if (q.words.length && cursorRank >= 1) hits.push(...(await nameHits(tx, q, after, need, bound, fewNames, top)));
  for (const tier of tiersOf(q)) {
    if (hits.length >= need) break;
    const rank = Number(tier.rank);
    // Tiers above the cursor's rank are done; its own goes on after its id; those below start from the top.
    if (cursorRank < rank) continue;
    const from = after && cursorRank === rank ? after.id : 0;
    const found = await walk(tx, tier.where, q, from, need - hits.length, bound, top);
    hits.push(...found.map((hit) => ({ ...hit, rank: tier.rank })));
  }
  return hits;
}
