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
import { folded, rowsOf } from './search-sql.ts';

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
 * condition on the row. First a walk along the primary key, at most walkBound rows; if it ends short of
 * `need` before the last person, the tier is sparse and is listed from the indexes (an order the primary
 * key cannot give, so the planner does not walk it again).
 */
async function walk(tx: Queryable, where: (filters: SQL) => SQL, q: TierQuery, after: number, need: number, bound: number): Promise<Hit[]> {
  const select = sql`select sp.user_id, ${textHit(q)} as text_hit`;
  const walked = await rowsOf<{ user_id: string | number; text_hit: boolean }>(
    tx,
    sql`${select} from (select * from search_people where user_id > ${after} order by user_id limit ${bound}) sp
      where ${where(q.rowFilters)} order by sp.user_id limit ${need}`,
  );
  let found = walked;
  if (walked.length < need) {
    const [scanned] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from search_people where user_id > ${after} order by user_id limit ${bound}) s`,
    );
    if (Number(scanned!.n) >= bound)
      found = await rowsOf(
        tx,
        sql`${select} from search_people sp where ${where(q.listFilters)} and sp.user_id > ${after} order by sp.user_id + 0 limit ${need}`,
      );
  }
  return found.map((row) => ({ user_id: row.user_id, rank: '', name_hit: false, spelling_hit: false, text_hit: row.text_hit }));
}

/** The name hits after `after` (every one at a rank of its own), best first: as today's query ranks them. */
async function nameHits(tx: Queryable, q: TierQuery, after: After | undefined, need: number): Promise<Hit[]> {
  const phrase = q.words.join(' ');
  const bonus = (hit: SQL) => sql`(case when ${hit} then 0.3 else 0 end)::float8`;
  return rowsOf<Hit>(
    tx,
    sql`select * from (
        select sp.user_id,
          round(((1 + word_similarity(${folded(phrase)}, sp.name))::float8 + ${bonus(textHit(q))} + ${bonus(skillHit(q))})::numeric, 4) as rank,
          true as name_hit,
          ${sql.join(
            q.words.map((w) => sql`strpos(sp.name, ${folded(w)}) > 0`),
            sql` and `,
          )} as spelling_hit,
          ${textHit(q)} as text_hit
        from search_people sp where ${nameHit(q.words)} and ${q.listFilters}
      ) hits
      ${after ? sql`where (rank < ${after.rank}::numeric or (rank = ${after.rank}::numeric and user_id > ${after.id}))` : sql``}
      order by rank desc, user_id asc limit ${need}`,
  );
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

/** The first `need` people after `after` (or from the top), best first, tier by tier; `bound` is the walks' (tests set a small one). */
export async function rankedPeople(tx: Queryable, q: TierQuery, after: After | undefined, need: number, bound = walkBound): Promise<Hit[]> {
  const hits: Hit[] = [];
  const cursorRank = after ? Number(after.rank) : Infinity;
  if (q.words.length && cursorRank >= 1) hits.push(...(await nameHits(tx, q, after, need)));
  for (const tier of tiersOf(q)) {
    if (hits.length >= need) break;
    const rank = Number(tier.rank);
    // Tiers above the cursor's rank are done; its own goes on after its id; those below start from the top.
    if (cursorRank < rank) continue;
    const from = after && cursorRank === rank ? after.id : 0;
    const found = await walk(tx, (filters) => sql`${filters} and ${tier.where}`, q, from, need - hits.length, bound);
    hits.push(...found.map((hit) => ({ ...hit, rank: tier.rank })));
  }
  return hits;
}
