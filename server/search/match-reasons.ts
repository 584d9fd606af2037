// Why each result matched (decision 207), and the card shown for it: for a person the name
// (or another spelling of it), the headline or the job the words were found in, the skills, the
// language and level, the verified competency scores, the place, the company, the status and the
// verified job; for a company its name or industry and its place. The people's evidence is read for
// the page's rows only, then put into words by `personResult`, a pure function.
import { verifiedDomainsOf } from '../shared/companies/trust.ts';
import { sql, type SQL } from 'drizzle-orm';
import { ratingScale } from '../../contract/employment-scores.ts';
import { profileStatuses, type ProfileStatus } from '../../contract/profile-status.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import type { CompanyResult, PersonResult, SearchMatch, SearchQuery } from '../../contract/search.ts';
import type { Db } from '../db/client.ts';
import type { CompanyRow } from './companies.ts';
import type { PersonRow } from './people.ts';
import { apostrophes, contains, currentVerified, rowsOf, skillMatches, tsQueryOf, withThreshold } from './search-sql.ts';

const scaleArray = sql.raw(`array[${ratingScale.map((r) => `'${r}'`).join(',')}]::text[]`);

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
    where ce.user_id in (${ids}) and ${trustedCompany(query, sql`ce.company_id`)}`;
}

/**
 * The companies whose word the verified filters count (decision 265): by default those that proved
 * their domain, or any company when the person widened the search.
 */
function trustedCompany(query: Partial<SearchQuery>, companyId: SQL): SQL {
  return query.trust === 'company_confirmed'
    ? sql`true`
    : sql`exists (select 1 from company_domains cd where cd.company_id = ${companyId} and cd.status = 'verified')`;
}

type Keyed<T> = T & { user_id: string | number };

/** What the page's people were found by, beyond their row: read for the page's people only. */
export interface Evidence {
  positions: Keyed<{ position: string | null; company: string; company_id: string | number }>[];
  /** The positions' companies' verified domains (the ladder's top), read as every page reads them. */
  domains: Map<number, string>;
  skills: Keyed<{ name: string; by_query: boolean; by_filter: boolean }>[];
  languages: Keyed<{ code: string; proficiency: string }>[];
  competencies: Keyed<{ competency: string; company: string; score: number }>[];
  verifiedJobs: Keyed<{ company: string }>[];
  titles: Keyed<{ title: string }>[];
}

const idsOf = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Reads the evidence of `rows`' people: each read only where the query asks for it. */
async function readEvidence(db: Db, today: string, query: Partial<SearchQuery>, words: string[], rows: PersonRow[]): Promise<Evidence> {
  const idList = idsOf(rows.map((r) => Number(r.user_id)));
  const phrase = words.join(' ');
  const skillWord = query.skill?.toLowerCase();
  const tsQuery = tsQueryOf(words);
  const textHits = rows.filter((r) => r.text_hit && !r.headline_hit).map((r) => Number(r.user_id));
  const [positions, skills, languages, competencies, verifiedJobs, titles] = await Promise.all([
    rowsOf<Evidence['positions'][number]>(
      db,
      sql`select distinct on (ce.user_id) ce.user_id, ce.position, c.name as company, ce.company_id
        from company_employments ce join companies c on c.id = ce.company_id
        where ce.user_id in (${idList}) and ${currentVerified(today)} order by ce.user_id, ce.start_date desc, ce.id desc`,
    ),
    phrase || skillWord
      ? withThreshold(db, (tx) =>
          rowsOf<Evidence['skills'][number]>(
            tx,
            sql`select s.user_id, s.name,
              ${phrase ? sql`(lower(s.name) like ${contains(phrase)} or ${phrase} <% lower(s.name))` : sql`false`} as by_query,
              ${skillWord ? skillMatches(sql`lower(s.name)`, skillWord) : sql`false`} as by_filter
            from skills s where s.user_id in (${idList}) order by s.id`,
          ),
        )
      : Promise.resolve([]),
    query.language
      ? rowsOf<Evidence['languages'][number]>(
          db,
          sql`select l.user_id, l.code, l.proficiency from profile_languages l where l.user_id in (${idList}) and l.code = ${query.language}`,
        )
      : Promise.resolve([]),
    query.competency
      ? rowsOf<Evidence['competencies'][number]>(db, sql`${competencyRatings(query, idList)} order by score desc`)
      : Promise.resolve([]),
    query.verified
      ? rowsOf<Evidence['verifiedJobs'][number]>(
          db,
          sql`select distinct on (ce.user_id) ce.user_id, c.name as company from company_employments ce join companies c on c.id = ce.company_id
            where ce.user_id in (${idList}) and ${trustedCompany(query, sql`ce.company_id`)} order by ce.user_id, ce.start_date desc`,
        )
      : Promise.resolve([]),
    // The title the words were found in, for a person found by a job rather than the headline: the
    // current position first, then the jobs they list, then those a company verified.
    tsQuery && textHits.length
      ? rowsOf<Evidence['titles'][number]>(
          db,
          sql`select t.user_id, t.title from (
              select p.user_id, p.current_position as title, 0 as o, 0::bigint as id from profiles p where p.user_id in (${idsOf(textHits)})
              union all select e.user_id, e.position, 1, e.id from employments e where e.user_id in (${idsOf(textHits)})
              union all select ce.user_id, ce.position, 2, ce.id from company_employments ce where ce.user_id in (${idsOf(textHits)})
            ) t
            where t.title is not null and to_tsvector('simple'::regconfig, t.title) @@ to_tsquery('simple'::regconfig, ${tsQuery})
            order by t.user_id, t.o, t.id`,
        )
      : Promise.resolve([]),
  ]);
  const domains = await verifiedDomainsOf(
    db,
    positions.map((p) => Number(p.company_id)),
  );
  return { positions, domains, skills, languages, competencies, verifiedJobs, titles };
}

const match = (kind: SearchMatch['kind'], value: string, score: number | null = null, company: string | null = null): SearchMatch => ({
  kind,
  value,
  score,
  company,
  level: null,
});

/** One person's card and why they matched, from their row and the page's evidence. */
export function personResult(row: PersonRow, evidence: Evidence, query: Partial<SearchQuery>, words: string[]): PersonResult {
  const id = Number(row.user_id);
  const mine = <T extends { user_id: string | number }>(list: T[]) => list.filter((r) => Number(r.user_id) === id);
  const phrase = words.join(' ');
  const position = mine(evidence.positions)[0];
  const matches: SearchMatch[] = [];
  const fullName = `${row.first_name} ${row.last_name}`;
  if (row.name_hit) matches.push(match('name', fullName));
  // Found under another spelling of the name ("Олена" for "Olena", "Andrey" for "Andrii"): say so,
  // with the words as typed, as the name shown does not contain them.
  const literal = fullName.toLowerCase().replace(apostrophes, '');
  if (row.name_hit && row.spelling_hit && !words.every((w) => literal.includes(w))) matches.push(match('name_spelling', query.q ?? phrase));
  if (row.headline_hit && row.headline) matches.push(match('headline', row.headline));
  else if (row.text_hit) matches.push(match('position', mine(evidence.titles)[0]?.title ?? phrase));
  const skills = mine(evidence.skills);
  for (const s of skills.filter((s) => s.by_filter || s.by_query).slice(0, 3)) matches.push(match('skill', s.name));
  for (const l of mine(evidence.languages)) matches.push({ ...match('language', l.code), level: l.proficiency as SearchMatch['level'] });
  const best = new Map<string, { competency: string; company: string; score: number }>();
  for (const c of mine(evidence.competencies)) {
    const key = `${c.competency}|${c.company}`;
    if (!best.has(key)) best.set(key, c);
  }
  for (const c of [...best.values()].slice(0, 3)) matches.push(match('verified_competency', c.competency, Number(c.score), c.company));
  if (query.location)
    matches.push(
      match('location', row.location && row.location.toLowerCase().includes(query.location.toLowerCase()) ? row.location : query.location),
    );
  if (query.company) matches.push(match('company', query.company));
  if (query.status) matches.push(match('profile_status', query.status));
  const verified = mine(evidence.verifiedJobs)[0];
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
    verified_position: position
      ? {
          position: position.position,
          company: position.company,
          verified_domain: evidence.domains.get(Number(position.company_id)) ?? null,
        }
      : null,
    matches,
  };
}

/** The page's people with their current verified position and why each matched. */
export async function describePeople(
  db: Db,
  today: string,
  query: Partial<SearchQuery>,
  words: string[],
  rows: PersonRow[],
): Promise<PersonResult[]> {
  if (!rows.length) return [];
  const evidence = await readEvidence(db, today, query, words, rows);
  return rows.map((row) => personResult(row, evidence, query, words));
}

/** A company's card and why it matched: its name or else its industry for the words, its place for the filter. */
export function companyResult(row: CompanyRow, phrase: string, location?: string): CompanyResult {
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
