// Jobs at scale (decision 269): 10,000 openings of 1,000 companies and 100,000 applications
// on PostgreSQL (a database of its own, created and dropped), then, through the whole app in process
// (app.inject: routing, validation, the guard, the SQL, the answer), one request at a time:
// - `/jobs` search p99 over typical queries (typos, both alphabets, filters): target ≤ 100 ms;
// - the pipeline's first page p99 (an opening's applicants, as the workspace opens them: 20 of the ~500
//   of the most applied-to opening, decision 279): target ≤ 50 ms; also one board column and the
//   rating sort, which the database orders and cuts over every applicant before the page (decision 285),
//   and the filter and sort by a competency the opening requires, over the applicants' verified scores;
// - a public job page's HTML gzipped (target ≤ 14 KB) and the JavaScript it carries (target 0 bytes).
// `node bench/jobs.ts [runs]` (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432; skipped if unreachable);
// `BENCH_JOBS_DB=name` keeps the database between runs.
import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pipelinePaths } from '../contract/applications.ts';
import { companyPublicPaths, workspacePaths } from '../contract/company-routes.ts';
import { jobPagePath } from '../contract/jobs.ts';
import { jobSearchApiPaths } from '../contract/jobs-search.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPostgres, type Db } from '../server/db/client.ts';
import { createFileStore } from '../server/shared/uploads/store.ts';
import { TokenStore } from '../server/shared/auth/tokens.ts';
import { createMemoryTransport, createRealtime } from '../server/shared/realtime/publisher.ts';
import { TestClock } from '../server/test/harness.ts';
import { adminUrl, withDatabase } from '../server/test/postgres-urls.ts';

const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);
/** A query's rows, typed as the caller reads them. */
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const pick = (values: string[]) => sql`(${arr(values)})[1 + floor(random() * ${values.length})::int]`;

const titles = [
  'Backend engineer',
  'Frontend developer',
  'Product designer',
  'Data analyst',
  'QA engineer',
  'DevOps engineer',
  'Project manager',
  'Mobile developer',
  'Technical writer',
  'Accountant',
  'Розробник програмного забезпечення',
  'Дизайнер інтерфейсів',
  'Аналітик даних',
  'Менеджер проєктів',
  'Тестувальник',
  'Бухгалтер',
];
const levels = ['Junior', 'Middle', 'Senior', 'Lead', 'Principal', ''];
const places = ['Kyiv', 'Lviv', 'Kharkiv', 'Odesa', 'Dnipro', 'Київ', 'Львів', 'Warsaw', 'Berlin', 'London'];
const skills = ['TypeScript', 'React', 'Go', 'PostgreSQL', 'Python', 'Figma', 'Kotlin', 'Swift', 'SQL', 'Excel', 'Docker', 'Kubernetes'];
const types = ['full_time', 'part_time', 'contract', 'temporary', 'internship'];
const currencies = ['UAH', 'EUR', 'USD'];
const periods = ['month', 'month', 'month', 'year', 'hour'];

/** Every company's competency set (each opening asks for two of its company's). */
const competencyNames = ['Communication', 'Teamwork', 'Problem solving', 'Ownership', 'Craft', 'Mentoring'];

const companiesCount = 1_000;
const openingsCount = 10_000;
const applicationsCount = 100_000;
const peopleCount = 20_000;
/** The opening many apply to: its pipeline's first page is the heaviest one. */
const popularApplicants = 500;

/** Fills an empty, migrated database: companies with owners and public pages, openings, applications. */
async function generate(db: Db): Promise<void> {
  await db.execute(sql`select setseed(0.38)`);
  await db.execute(sql`insert into users (email, password_hash, status, email_verified_at)
    select 'jobs-bench' || i || '@example.test', 'x', 'active', now() from generate_series(1, ${peopleCount}) i`);
  await db.execute(sql`insert into profiles (user_id, first_name, last_name, headline, location)
    select id, 'Person', 'Number ' || id, ${pick(titles)}, ${pick(places)} from users`);
  await db.execute(sql`insert into companies (name, industry, location)
    select (${arr(['Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Укрсофт', 'Стартап', 'Hooli'])})[1 + i % 8] || ' ' || i, 'Software', ${pick(places)}
    from generate_series(1, ${companiesCount}) i`);
  await db.execute(sql`insert into company_members (company_id, user_id, role) select id, id, 'owner' from companies`);
  // Nine in ten have their public page on (so their openings have pages); one in three a verified domain.
  await db.execute(sql`insert into company_public_pages (company_id, address, is_public)
    select id, 'bench-company-' || id, id % 10 <> 0 from companies`);
  await db.execute(sql`insert into company_domains (company_id, domain, token, status, method, verified_at)
    select id, 'bench-' || id || '.example', 'token-' || id, 'verified', 'dns', now() from companies where id % 3 = 0`);
  // 80% published (some past their date), 10% drafts, 10% closed; published over the last 60 days.
  await db.execute(sql`insert into job_openings (company_id, status, title, description, location, remote, employment_type,
      salary_min, salary_max, salary_currency, salary_period, skills, closes_on, published_at, created_at, updated_at)
    select 1 + (i * 7) % ${companiesCount},
      case when i % 10 = 1 then 'draft' when i % 10 = 2 then 'closed' else 'published' end,
      trim(${pick(levels)} || ' ' || ${pick(titles)}),
      'We are hiring. **Join us.**',
      case when random() < 0.85 then ${pick(places)} end, random() < 0.4, ${pick(types)},
      s.low, case when s.low is not null and random() < 0.7 then s.low + (s.low / 2) end,
      case when s.low is not null then ${pick(currencies)} end, case when s.low is not null then ${pick(periods)} end,
      jsonb_build_array(${pick(skills)}, ${pick(skills)}),
      (current_date + (case when i % 25 = 0 then -5 else 10 + floor(random() * 80)::int end)),
      case when i % 10 <> 1 then now() - (random() * interval '60 days') end, now(), now()
    from generate_series(1, ${openingsCount}) i
    cross join lateral (select case when random() < 0.7 then (1000 + floor(random() * 90000))::int end as low where i > 0) s`);
  // Openings with location null and not remote break the form's rule, not the database's: fine here.
  // The popular opening (the first published one) gets its applicants first, the rest are spread.
  await db.execute(sql`insert into job_applications (opening_id, company_id, user_id, stage, cover_note, stage_changed_at, created_at, updated_at)
    select o.id, o.company_id, u.id, ${pick(['applied', 'screening', 'interview', 'offer', 'rejected'])}, 'I would like to join.',
      now() - (random() * interval '30 days'), now() - (random() * interval '30 days'), now()
    from (select id, company_id from job_openings where status = 'published' order by id limit 1) o
    cross join (select id from users order by id limit ${popularApplicants}) u`);
  // The rest: random people to openings that took applications (drafts never do), a few more than
  // needed since a person applies to an opening once, then cut to the round figure.
  await db.execute(sql`insert into job_applications (opening_id, company_id, user_id, stage, stage_changed_at, created_at, updated_at)
    select o.id, o.company_id, 1 + floor(random() * ${peopleCount})::int, ${pick(['applied', 'screening', 'interview', 'offer', 'rejected'])},
      now(), now() - (random() * interval '30 days'), now()
    from generate_series(1, ${Math.round(applicationsCount * 1.15)}) g(i)
    join job_openings o on o.id = 1 + (g.i * 31) % ${openingsCount} and o.status <> 'draft'
    on conflict do nothing`);
  await db.execute(sql`delete from job_applications where id in (
    select id from job_applications order by id desc limit greatest(0, (select count(*) from job_applications) - ${applicationsCount}))`);
  // Each company's competency set; each opening asks for two of its company's at a minimum level, as the
  // form lets a company require them. People's verified jobs carry review rounds (the latest of most of
  // them public) rating four of the employer's competencies: what the pipeline's competency filter and
  // sort read, and what each applicant's card shows beside them.
  await db.execute(sql`insert into competencies (company_id, name, weight)
    select c.id, n.name, 1 from companies c cross join unnest(${arr(competencyNames)}) n(name)`);
  await db.execute(sql`insert into job_opening_competencies (opening_id, competency_id, min_level)
    select o.id, c.id, 3 + (o.id + c.id) % 3 from job_openings o
    cross join lateral (select id from competencies where company_id = o.company_id order by id offset o.id % 5 limit 2) c`);
  // Three in five people have had a verified job, ended; two in five have a current one elsewhere.
  await db.execute(sql`insert into company_employments (company_id, user_id, position, start_date, leaves_on, source)
    select 1 + (u.id * 7) % ${companiesCount}, u.id, ${pick(titles)}, date '2018-01-01' + floor(random() * 1000)::int,
      date '2022-01-01' + floor(random() * 300)::int, 'workspace'
    from users u where random() < 0.6`);
  await db.execute(sql`insert into company_employments (company_id, user_id, position, start_date, source)
    select 1 + (u.id * 13 + 5) % ${companiesCount}, u.id, ${pick(titles)}, date '2023-01-01' + floor(random() * 600)::int, 'workspace'
    from users u where random() < 0.4
    on conflict do nothing`);
  await db.execute(sql`insert into employment_reviews (employment_id, reviewer_name, reviewed_on, is_public)
    select ce.id, 'Bench reviewer', ce.start_date + r::int * 150, random() < 0.8
    from company_employments ce cross join generate_series(1, 1 + ce.id % 3) r`);
  await db.execute(sql`insert into employment_review_ratings (review_id, competency_id, rating)
    select r.id, c.id, ${pick(['poor', 'needs_improvement', 'satisfactory', 'good', 'good', 'excellent', 'excellent', 'exceptional', 'na'])}
    from employment_reviews r join company_employments ce on ce.id = r.employment_id
    cross join lateral (select id from competencies where company_id = ce.company_id order by id offset r.id % 3 limit 4) c`);
  await db.execute(sql`vacuum analyze`);
}

function quantiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/** What /jobs is asked: words with typos and in both alphabets, filters alone and together. */
const searches = [
  'q=backend',
  'q=bakend+enginer',
  'q=designer&remote=true',
  'q=%D1%80%D0%BE%D0%B7%D1%80%D0%BE%D0%B1%D0%BD%D0%B8%D0%BA',
  'q=analyst&location=Kyiv',
  'q=senior+typescript',
  'location=%D0%9A%D0%B8%D1%97%D0%B2&remote=true',
  'type=contract&skill=go',
  'salary_min=3000&currency=EUR&period=month',
  'verified=true&q=developer',
  'company=northwind&q=engineer',
  '',
];

export interface JobsBench {
  openings: number;
  applications: number;
  loadSeconds: number;
  search: { p50: number; p99: number; slowest: string; perQuery: { query: string; p50: number; p99: number }[] };
  pipeline: { p50: number; p99: number; applicants: number };
  pipelineTypical: { p50: number; p99: number; applicants: number };
  /** The popular opening's board: one column's first page. */
  pipelineColumn: { p50: number; p99: number; applicants: number };
  /** The popular opening sorted by the company's rating (every applicant's ratings read). */
  pipelineRated: { p50: number; p99: number; applicants: number };
  /** The popular opening kept by the verified score in its first required competency (4 or above). */
  pipelineCompetency: { p50: number; p99: number; applicants: number; competency: string };
  /** The popular opening sorted by that score (every applicant's verified jobs and latest public rounds read). */
  pipelineByCompetency: { p50: number; p99: number; applicants: number };
  page: { rawBytes: number; gzipBytes: number; scriptBytes: number };
}

async function measureOn(url: string, runs: number, fill: boolean): Promise<JobsBench> {
  const database = await openPostgres(url, { max: 4 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'profiles-jobs-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SITE_DIR: path.join(dataDir, 'no-site'), LOG_LEVEL: 'silent' });
  const clock = new TestClock(new Date());
  const tokens = new TokenStore(database.db, clock, config.sessionTtlMs, { cacheSessions: false });
  const store = createFileStore(config);
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    mailer: { send: async () => {} },
    sms: { send: async () => {} },
    tokens,
    realtime: createRealtime(createMemoryTransport(), () => {}),
    store,
  });
  await app.ready();
  try {
    const start = performance.now();
    // A kept database (BENCH_JOBS_DB) is filled once, when made, and measured again as it is.
    if (fill) await generate(database.db);
    const loadSeconds = (performance.now() - start) / 1000;
    // Searches are budgeted per person a minute: the runs go round many readers.
    const readers = await Promise.all(Array.from({ length: 60 }, (_, i) => tokens.issue(1_000 + i)));
    let turn = 0;
    const searchOnce = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `${jobSearchApiPaths.search}?${query}`,
        headers: { authorization: `Bearer ${readers[turn++ % readers.length]}` },
      });
      if (res.statusCode !== 200) throw new Error(`search ${query}: ${res.statusCode} ${res.body}`);
    };
    for (const q of searches) await searchOnce(q);
    const samples: number[] = [];
    const perQuery = searches.map(() => [] as number[]);
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await searchOnce(searches[i % searches.length]!);
      const took = performance.now() - t;
      samples.push(took);
      perQuery[i % searches.length]!.push(took);
    }
    const medians = perQuery.map((own) => quantiles(own).p50);
    const slowest = searches[medians.indexOf(Math.max(...medians))]!;

    // The pipeline: the owner enters the company (the workspace's session) and opens the applicants.
    // `query`: a board column's first page (`stage=`), or a sort over every applicant (`sort=rating`).
    const pipelineOf = async (openingId: number, query = '') => {
      const [row] = await rowsOf<{ company_id: string; n: number }>(
        database.db,
        sql`select company_id, (select count(*) from job_applications a where a.opening_id = ${openingId})::int as n from job_openings where id = ${openingId}`,
      );
      const companyId = Number(row!.company_id);
      const ownerToken = await tokens.issue(companyId);
      const issued = await app.inject({
        method: 'POST',
        url: companyPublicPaths.handoff,
        headers: { authorization: `Bearer ${ownerToken}` },
        payload: { company_id: companyId },
      });
      const exchanged = await app.inject({ method: 'POST', url: workspacePaths.exchange, payload: { code: issued.json().data.code } });
      const session = exchanged.json().data.token as string;
      const once = async () => {
        const res = await app.inject({
          method: 'GET',
          url: `${pipelinePaths.applicants(companyId, openingId)}${query ? `?${query}` : ''}`,
          headers: { authorization: `Bearer ${session}` },
        });
        if (res.statusCode !== 200) throw new Error(`pipeline: ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 5; i++) await once();
      const times: number[] = [];
      for (let i = 0; i < Math.max(50, runs / 4); i++) {
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
      return { ...quantiles(times), applicants: row!.n };
    };
    const [popular] = await rowsOf<{ id: string }>(
      database.db,
      sql`select opening_id as id from job_applications group by 1 order by count(*) desc limit 1`,
    );
    const [typical] = await rowsOf<{ id: string }>(
      database.db,
      sql`select opening_id as id from job_applications group by 1 having count(*) between 8 and 12 order by 1 limit 1`,
    );
    const pipeline = await pipelineOf(Number(popular!.id));
    const pipelineTypical = await pipelineOf(Number(typical!.id));
    const pipelineColumn = await pipelineOf(Number(popular!.id), 'stage=interview');
    const pipelineRated = await pipelineOf(Number(popular!.id), 'sort=rating');
    // What the company asks of the opening is what it filters and sorts its applicants by.
    const [required] = await rowsOf<{ name: string }>(
      database.db,
      sql`select c.name from job_opening_competencies oc join competencies c on c.id = oc.competency_id
        where oc.opening_id = ${Number(popular!.id)} order by c.id limit 1`,
    );
    const competency = encodeURIComponent(required!.name);
    const pipelineCompetency = {
      ...(await pipelineOf(Number(popular!.id), `competency=${competency}&min_score=4`)),
      competency: required!.name,
    };
    const pipelineByCompetency = await pipelineOf(Number(popular!.id), `sort=competency&competency=${competency}`);

    // A public job page, as a signed-out visitor's browser asks for it.
    const [open] = await rowsOf<{ id: string; address: string }>(
      database.db,
      sql`select o.id, pp.address from job_openings o join company_public_pages pp on pp.company_id = o.company_id and pp.is_public
        where o.status = 'published' and o.closes_on >= current_date and o.salary_min is not null order by o.id limit 1`,
    );
    const pageRes = await app.inject({ method: 'GET', url: jobPagePath(open!.address, Number(open!.id), 'uk_UA') });
    if (pageRes.statusCode !== 200) throw new Error(`job page: ${pageRes.statusCode}`);
    const html = pageRes.body;
    // Script that runs: every <script> but JSON-LD (data, not code), inline or by src.
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/application\/ld\+json/.test(attrs!),
    );
    return {
      openings: openingsCount,
      applications: (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from job_applications`))[0]!.n,
      loadSeconds,
      search: { ...quantiles(samples), slowest, perQuery: perQuery.map((own, i) => ({ query: searches[i]!, ...quantiles(own) })) },
      pipeline,
      pipelineTypical,
      pipelineColumn,
      pipelineRated,
      pipelineCompetency,
      pipelineByCompetency,
      page: {
        rawBytes: Buffer.byteLength(html),
        gzipBytes: gzipSync(html, { level: 9 }).length,
        scriptBytes: scripts.reduce((sum, [whole]) => sum + Buffer.byteLength(whole), 0),
      },
    };
  } finally {
    await app.close();
    store.close();
    await database.close();
  }
}

export async function measureJobs(runs = 600): Promise<JobsBench | null> {
  // BENCH_JOBS_DB names a database to keep between runs (created and filled if missing), so runs by
  // turns measure the same rows and the statements can be EXPLAINed on them afterwards.
  const kept = process.env['BENCH_JOBS_DB'];
  const name = kept ?? `profiles_bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL unreachable: skipped');
    return null;
  }
  try {
    const made = !(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (made) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    try {
      return await measureOn(withDatabase(adminUrl(), name), runs, made);
    } catch (error) {
      // A kept database half filled would be measured as it is next time: it goes with the failure.
      if (made) await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      throw error;
    }
  } finally {
    if (!kept) await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.end();
  }
}

export function printJobs(r: JobsBench | null): void {
  if (!r) return;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `postgres ${r.openings.toLocaleString('en-GB')} openings, ${r.applications.toLocaleString('en-GB')} applications (generated in ${r.loadSeconds.toFixed(0)} s)`,
  );
  console.log(`  /jobs search             p50 ${ms(r.search.p50)}  p99 ${ms(r.search.p99)}  (target p99 ≤ 100 ms)`);
  for (const q of r.search.perQuery) console.log(`    '${decodeURIComponent(q.query)}'`.padEnd(56) + `p50 ${ms(q.p50)}  p99 ${ms(q.p99)}`);
  console.log(
    `  pipeline first page      p50 ${ms(r.pipeline.p50)}  p99 ${ms(r.pipeline.p99)}  (${r.pipeline.applicants} applicants; target p99 ≤ 50 ms)`,
  );
  console.log(
    `  pipeline, a typical one  p50 ${ms(r.pipelineTypical.p50)}  p99 ${ms(r.pipelineTypical.p99)}  (${r.pipelineTypical.applicants} applicants)`,
  );
  console.log(`  pipeline, a board column p50 ${ms(r.pipelineColumn.p50)}  p99 ${ms(r.pipelineColumn.p99)}  (stage=interview)`);
  console.log(`  pipeline, by rating      p50 ${ms(r.pipelineRated.p50)}  p99 ${ms(r.pipelineRated.p99)}  (sort=rating)`);
  console.log(
    `  pipeline, a competency   p50 ${ms(r.pipelineCompetency.p50)}  p99 ${ms(r.pipelineCompetency.p99)}  (competency=${r.pipelineCompetency.competency}&min_score=4)`,
  );
  console.log(`  pipeline, by competency  p50 ${ms(r.pipelineByCompetency.p50)}  p99 ${ms(r.pipelineByCompetency.p99)}  (sort=competency)`);
  console.log(
    `  public job page          ${r.page.rawBytes} B HTML, ${(r.page.gzipBytes / 1024).toFixed(1)} KB gzip (target ≤ 14 KB), ${r.page.scriptBytes} B JavaScript (target 0)`,
  );
}

if (import.meta.main) printJobs(await measureJobs(Number(process.argv[2] ?? 600)));
