// The filters of a person search (decisions 219, 238, 265, 273) as conditions on one row of
// search_people (`sp`): the keyword filters and the verified competency scores are the row's tags, the
// skill, the place and the company are read from the row and its jobs. Each condition has two forms:
// one to look at the row in hand, for the walks in id order, and one for the index to list every match,
// for the fallback when a walk finds too few (people-tiers.ts).
import { sql, type SQL } from 'drizzle-orm';
import { proficiencies } from '../../contract/profile-sections.ts';
import type { SearchQuery } from '../../contract/search.ts';
import type { Queryable } from '../db/client.ts';
import { contains, currentVerified, folded, likeEscape, rowsOf, shortestFuzzyWord, skillMatches } from './search-sql.ts';

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
 * company-verified job, a profile status. All of them must be there.
 */
function filterTags(query: Partial<SearchQuery>): string[] {
  const tags: string[] = [];
  if (query.language) tags.push(`lang:${query.language}:${query.level ?? proficiencies[0]}`);
  // The ladder's top by default (decision 265): a job confirmed by a company that proved its domain.
  if (query.verified) tags.push(query.trust === 'company_confirmed' ? 'verified' : 'verified_domain');
  if (query.status) tags.push(`status:${query.status}`);
  return tags;
}

const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The tags the typed text stands for (migration 0042), read from the small tables of names. */
export interface TypedTags {
  /** A best public score of `min_score` or more on a competency whose name holds the typed words. */
  competency: string[];
  /** A skill whose name holds the typed skill or, long enough, is like it with a typo. */
  skill: string[];
  /** A skill whose name is like the query's words (the rank's skill hit). */
  wordsSkill: string[];
}

const tagsOf = async (tx: Queryable, prefix: string, query: SQL): Promise<string[]> =>
  (await rowsOf<{ name: string }>(tx, query)).map((row) => `${prefix}:${row.name}`);

/**
 * What the typed competency, skill and words stand for among the names scores and skills are kept under
 * (a few thousand names, not a copy per company or per person): the tags a person matching them has. An
 * empty list where nothing was typed, or where no name holds it (then nobody matches).
 */
export async function typedTags(tx: Queryable, query: SearchQuery, words: string[]): Promise<TypedTags> {
  const tags: TypedTags = { competency: [], skill: [], wordsSkill: [] };
  if (query.competency) {
    // By default only scores given by companies that proved their domain (domain_score, decision 265).
    const prefix = query.trust === 'company_confirmed' ? 'comp' : 'dcomp';
    tags.competency = (
      await tagsOf(tx, prefix, sql`select name from search_competency_names where name like ${contains(query.competency)} order by name`)
    ).map((tag) => `${tag}:${query.min_score ?? 1}`);
  }
  if (query.skill)
    tags.skill = await tagsOf(
      tx,
      'skill',
      sql`select name from search_skill_names where ${skillMatches(sql`name`, query.skill.toLowerCase())}`,
    );
  if (words.length) tags.wordsSkill = await tagsOf(tx, 'skill', sql`select name from search_skill_names where ${words.join(' ')} <% name`);
  return tags;
}

/** At least one of `tags` is the row's (none: nobody). */
export const hasAnyTag = (tags: string[]): SQL => (tags.length ? sql`sp.tags && ${textArray(tags)}` : sql`false`);

/** Who the filters keep: for a look at each row in id order (`row`), or for the index to list them all (`list`). */
export type FilterForm = 'row' | 'list';

/** The people at a current job whose company's name is like the filter: verified by the company, or self-declared. */
function companyFilter(company: string, today: string, form: FilterForm): SQL {
  const verified = sql`${currentVerified(today)} and ${companyNameLike(sql`lower(c.name)`, company)}`;
  const declared = sql`e.is_current and ${companyNameLike(sql`lower(e.company_name)`, company)}`;
  // The row's own jobs, two index reads for the row in hand. `offset 0` keeps them that: without it the
  // planner may read every verified job of the company once into a hash (400,000 rows at a million
  // people) for a walk that looks at a few hundred rows.
  if (form === 'row')
    return sql`(exists (select 1 from company_employments ce join companies c on c.id = ce.company_id where ce.user_id = sp.user_id and ${verified} offset 0)
      or exists (select 1 from employments e where e.user_id = sp.user_id and ${declared} offset 0))`;
  // The people at the company, found from the companies' side once (a hashed set), not probed person by person.
  return sql`(sp.user_id in (select ce.user_id from company_employments ce join companies c on c.id = ce.company_id where ${verified})
      or sp.user_id in (select e.user_id from employments e where ${declared}))`;
}

/**
 * The filters of a person search as SQL over `sp` (search_people: active people only), with the tags
 * the typed competency and skill stand for (typedTags).
 */
export function personFilters(query: SearchQuery, today: string, typed: TypedTags, form: FilterForm): SQL {
  const where: SQL[] = [];
  const tags = filterTags(query);
  if (tags.length) where.push(sql`sp.tags @> ${textArray(tags)}`);
  if (query.competency) where.push(hasAnyTag(typed.competency));
  if (query.skill) where.push(hasAnyTag(typed.skill));
  // The city is there only where the person shows it to signed-in people (their contact settings).
  if (query.location) where.push(sql`(sp.location like ${placeContains(query.location)} or sp.city like ${placeContains(query.location)})`);
  if (query.company) where.push(companyFilter(query.company, today, form));
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}
