// `npm run bench:scale [people]` (not part of `npm test`): a realistic data set on PostgreSQL
// (by default 1,000,000 people with skills, languages and jobs; people/50 companies with verified
// employments and review rounds; 10 activities and 5 notifications a person; achievements), bulk
// loaded with INSERT … SELECT from generate_series (search's triggers off, then every person's search
// rows written once by the app's own refresh: bench/search.ts); then two API processes on it, read from
// several concurrent clients at a fixed total rate, and an EXPLAIN of every read each endpoint sends.
//
// Prints: the generation time and database size; per endpoint p50/p99 and requests per second (each
// process takes half the rate; p99 is the worse of the two processes', p50 their mean); the plan of
// each statement, with any sequential scan of a large table called out.
//
// PostgreSQL at BENCH_DATABASE_URL or the local server (postgres://postgres@127.0.0.1:5432/test); a
// database `profiles_scale` (SCALE_DATABASE names another) is made (dropped first). SCALE_KEEP=1 keeps
// it, and a later run with SCALE_REUSE=1 skips the generation (SCALE_GENERATE_ONLY=1 stops after it).
// SCALE_RATE sets the total rate (20/s: what two shared cores carry beside the load generator; 200
// filled them, and a saturated machine read as slow queries), SCALE_SECONDS each endpoint's time
// (15 s), SCALE_PORT the first of the API processes' three ports (4601).
//
// SCALE_ONE_AT_A_TIME=1 measures instead what each read costs on its own: one API process, one request
// at a time, SCALE_PASSES (3) passes of SCALE_ROUNDS (30) of each input (every read of the load run,
// each typed suggestion, each filtered search), its p50/p99 and the CPU ms per request of the API
// process and the PostgreSQL backends together; stored in bench/results/one-at-a-time-<people>.json.
// `npm run bench:scale compare [a.json b.json]` prints two stored runs side by side (by default 100,000
// and 1,000,000 people) with each read's growth, and names any read over ×1.5 of its cost or any filtered
// search over 100 ms p99.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
// @ts-expect-error: pg's own value preparation (what it sends for a parameter) has no types of its own
import { prepareValue } from 'pg/lib/utils.js';
import { achievementCodes } from '../contract/achievements.ts';
import { companyCareersPaths } from '../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../contract/company-routes.ts';
import { hashPassword } from '../server/shared/auth/passwords.ts';
import { openPostgres, type Db } from '../server/db/client.ts';
import { startServer } from './api-load.ts';
import { oneAtATime, printOneAtATime, quantile, type Input, type OneAtATime } from './one-at-a-time.ts';
import { generate, withoutIndexes } from './search.ts';

const root = path.resolve(import.meta.dirname, '..');
const password = 'Scale-Passw0rd1';
const people = Number((process.argv[2] === 'compare' ? undefined : process.argv[2]) ?? process.env['SCALE_PEOPLE'] ?? 1_000_000);
const rate = Number(process.env['SCALE_RATE'] ?? 20);
const seconds = Number(process.env['SCALE_SECONDS'] ?? 15);
/** The API processes' first port (SCALE_PORT): 4601, 4602 and 4603 by default. */
const basePort = Number(process.env['SCALE_PORT'] ?? 4601);
const activitiesPerPerson = 10;
const notificationsPerPerson = 5;

const log = (line: string) => process.stdout.write(`${line}\n`);
const elapsed = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

async function step(name: string, work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await work();
  log(`  ${name.padEnd(54)} ${elapsed(start)}`);
}

/** Runs `statement` over `total` rows in slices of a million (`{from}`/`{to}` bound per slice). */
async function inSlices(db: Db, total: number, statement: (from: number, to: number) => ReturnType<typeof sql>): Promise<void> {
  const slice = 1_000_000;
  for (let from = 1; from <= total; from += slice) await db.execute(statement(from, Math.min(total, from + slice - 1)));
}

async function populate(db: Db): Promise<void> {
  const hash = await hashPassword(password);
  // Everyone signs in with one password, written with the people (an update of every user after
  // would write the table twice).
  await step(`people, skills, languages, jobs, companies, reviews (${people.toLocaleString('en-GB')})`, () =>
    generate(db, people, { passwordHash: hash, step: (name, ms) => log(`    ${name.padEnd(70)} ${(ms / 1000).toFixed(1)} s`) }),
  );
  // Each company's owner: its first verified employee, so the employees list has a member to read it.
  await step('company owners', () =>
    db.execute(sql`insert into company_members (company_id, user_id, role)
      select distinct on (company_id) company_id, user_id, 'owner' from company_employments order by company_id, user_id`),
  );
  await step('company members (the other employees)', () =>
    db.execute(sql`insert into company_members (company_id, user_id, role)
      select ce.company_id, ce.user_id, 'member' from company_employments ce
      where not exists (select 1 from company_members m where m.company_id = ce.company_id and m.user_id = ce.user_id)
      on conflict do nothing`),
  );
  const codes = sql.raw(`array[${achievementCodes.map((code) => `'${code}'`).join(',')}]`);
  await step('achievements (0–5 a person) and their totals', async () => {
    await db.execute(sql`insert into achievement_unlocks (user_id, code, unlocked_at)
      select u.id, (${codes})[k], now() - (random() * interval '700 days')
      from users u, generate_series(1, ${achievementCodes.length}) k
      where k <= (u.id * 7919) % 6`);
    await db.execute(sql`insert into achievement_totals (user_id, unlocked)
      select user_id, count(*) from achievement_unlocks group by user_id
      on conflict (user_id) do update set unlocked = excluded.unlocked`);
  });
  const rows = people * activitiesPerPerson;
  await step(`activities (${rows.toLocaleString('en-GB')}: posts over three years)`, () =>
    withoutIndexes(db, 'activities', () =>
      inSlices(
        db,
        rows,
        (from, to) =>
          sql`insert into activities (user_id, kind, title, text, occurred_at)
          select 1 + (n - 1) / ${activitiesPerPerson}, 'post', 'Post ' || n, 'What I learned this week, number ' || n,
            now() - ((n * 7919) % 1095) * interval '1 day' - (n % 86400) * interval '1 second'
          from generate_series(${from}::bigint, ${to}::bigint) n`,
      ),
    ),
  );
  const notes = people * notificationsPerPerson;
  await step(`notifications (${notes.toLocaleString('en-GB')}, published, a fifth unread)`, () =>
    withoutIndexes(db, 'notifications', () =>
      inSlices(
        db,
        notes,
        (from, to) =>
          sql`insert into notifications (user_id, kind, scope, actor_id, read_at, published_at, created_at, updated_at)
          select 1 + (n - 1) / ${notificationsPerPerson}, 'endorsement', 'personal', 1 + (n * 31) % ${people},
            case when n % 5 = 0 then null else now() end, now(), now() - (n % 90) * interval '1 day', now()
          from generate_series(${from}::bigint, ${to}::bigint) n`,
      ),
    ),
  );
  await step('analyze', () => db.execute(sql`analyze`));
}

// ── The API processes ────────────────────────────────────────────────────────────────────────────

interface Server {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/** One API process on the scale database; each simulated client comes from its own address (x-forwarded-for), as behind a balancer. */
function startApi(port: number, databaseUrl: string, extra: { args?: string[]; env?: Record<string, string> } = {}): Promise<Server> {
  return startServer(
    port,
    { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', ...extra.env },
    { ...(extra.args ? { nodeArgs: extra.args } : {}), host: '127.0.0.1', startSeconds: 300 },
  );
}

let address = 0;
const nextAddress = () => `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { data?: Record<string, unknown> } }> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json().catch(() => ({}))) as { data?: Record<string, unknown> } };
}

async function signIn(url: string, email: string): Promise<string> {
  const answer = await post(`${url}/api/login`, { login: email, password });
  const token = answer.json.data?.['token'];
  if (answer.status !== 200 || typeof token !== 'string') throw new Error(`sign-in of ${email} answered ${answer.status}`);
  return token;
}

interface Sample {
  /** People signed in, with their personal token. */
  people: { id: number; token: string }[];
  /** Owners signed in to their company's workspace. */
  owners: { companyId: number; token: string }[];
}

async function sample(db: Db, url: string): Promise<Sample> {
  const { rows: ids } = (await db.execute(
    sql`select id, email from users where status = 'active' and email like 'bench%' order by (id * 7919) % 1000003 limit 300`,
  )) as unknown as { rows: { id: number; email: string }[] };
  const sampled: Sample = { people: [], owners: [] };
  for (const row of ids) sampled.people.push({ id: Number(row.id), token: await signIn(url, row.email) });
  const { rows: owners } = (await db.execute(sql`select m.company_id, u.email from company_members m join users u on u.id = m.user_id
    where m.role = 'owner' and u.status = 'active' order by m.company_id limit 40`)) as unknown as {
    rows: { company_id: number; email: string }[];
  };
  for (const owner of owners) {
    const personal = await signIn(url, owner.email);
    const code = await post(
      `${url}${companyPublicPaths.handoff}`,
      { company_id: Number(owner.company_id) },
      { authorization: `Bearer ${personal}` },
    );
    const exchanged = await post(`${url}${workspacePaths.exchange}`, { code: code.json.data?.['code'] });
    const token = exchanged.json.data?.['token'];
    if (typeof token !== 'string') throw new Error(`workspace of company ${owner.company_id}: ${code.status}/${exchanged.status}`);
    sampled.owners.push({ companyId: Number(owner.company_id), token });
  }
  return sampled;
}

interface Endpoint {
  name: string;
  /** One request: the path and the token to send, chosen per request. */
  next: (i: number) => { path: string; token?: string; method?: 'GET' | 'POST'; body?: string };
  /** A fixed rate instead of the bench's (sign-in: Argon2id costs ~12 ms of a core a try). */
  rate?: number;
  expected?: number;
}

function endpoints(s: Sample): Endpoint[] {
  const person = (i: number) => s.people[i % s.people.length]!;
  const queries = ['olen kov', 'petro shev', 'kovalneko', 'олен ковал', 'ткачук', 'taras bond', 'melnik'];
  const filters = [
    'skill=TypeScript&competency=Accessibility&min_score=5',
    'q=engineer&language=en&level=B2&verified=true',
    'skill=React&location=Kyiv&status=open_to_work',
  ];
  return [
    { name: 'GET /api/profile/show (own)', next: (i) => ({ path: '/api/profile/show', token: person(i).token }) },
    {
      name: "GET /api/profile/show/{id} (another person's)",
      // One in fifty accounts is closed (its profile answers 404): the one before it instead.
      next: (i) => {
        const id = 1 + ((i * 7919) % people);
        return { path: `/api/profile/show/${id % 50 === 0 ? id - 1 : id}`, token: person(i).token };
      },
    },
    { name: 'GET /api/activities?preset=past_year', next: (i) => ({ path: '/api/activities?preset=past_year', token: person(i).token }) },
    { name: 'GET /api/notifications', next: (i) => ({ path: '/api/notifications', token: person(i).token }) },
    { name: 'GET /api/achievements (with the percentile)', next: (i) => ({ path: '/api/achievements', token: person(i).token }) },
    {
      name: 'GET /api/companies/{id}/employments (owner)',
      next: (i) => {
        const owner = s.owners[i % s.owners.length]!;
        return { path: companyCareersPaths.employments(owner.companyId), token: owner.token };
      },
    },
    {
      name: 'GET /api/search/suggestions?q=',
      next: (i) => ({ path: `/api/search/suggestions?q=${encodeURIComponent(queries[i % queries.length]!)}`, token: person(i).token }),
    },
    { name: 'GET /api/search (filtered)', next: (i) => ({ path: `/api/search?${filters[i % filters.length]}`, token: person(i).token }) },
    {
      name: 'POST /api/login (wrong password)',
      rate: 40,
      expected: 401,
      next: (i) => ({
        path: '/api/login',
        method: 'POST',
        body: JSON.stringify({ login: `bench${1 + ((i * 104729) % people)}@example.test`, password: 'Not-the-passw0rd' }),
      }),
    },
  ];
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  unexpected: number;
}

async function measure(endpoint: Endpoint, servers: Server[]): Promise<Figures> {
  const each = (endpoint.rate ?? rate) / servers.length;
  let counter = 0;
  const runs = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: server.url,
        connections: 8,
        duration: seconds,
        overallRate: each,
        requests: [
          {
            setupRequest: (request) => {
              const chosen = endpoint.next(counter++);
              return {
                ...request,
                method: chosen.method ?? 'GET',
                path: chosen.path,
                headers: {
                  ...request.headers,
                  'x-forwarded-for': nextAddress(),
                  ...(chosen.token ? { authorization: `Bearer ${chosen.token}` } : {}),
                  ...(chosen.body ? { 'content-type': 'application/json' } : {}),
                },
                ...(chosen.body ? { body: chosen.body } : {}),
              };
            },
          },
        ],
      }),
    ),
  );
  const expected = endpoint.expected;
  return {
    name: endpoint.name,
    rps: runs.reduce((sum, run) => sum + run.requests.average, 0),
    p50: runs.reduce((sum, run) => sum + run.latency.p50, 0) / runs.length,
    p99: Math.max(...runs.map((run) => run.latency.p99)),
    unexpected: runs.reduce(
      (sum, run) => sum + (expected ? run.requests.total - (run.statusCodeStats?.[`${expected}`]?.count ?? 0) : run.non2xx) + run.errors,
      0,
    ),
  };
}

// ── One at a time: what each read costs on its own ────────────────────────────────────────────

/** The filtered searches: the load run's three, bench/search.ts's, both scripts, job titles, a second page. */
const filteredSearches = [
  'skill=TypeScript&competency=Accessibility&min_score=5',
  'q=engineer&language=en&level=B2&verified=true',
  'skill=React&location=Kyiv&status=open_to_work',
  'q=olena&competency=Communication&min_score=6',
  'competency=Code quality&min_score=4&language=en&level=C1',
  'q=розробник&skill=Go',
  'company=acme&verified=true',
  'q=олена ковал&language=en&level=B1',
  'q=kovalenko&location=Київ',
  'q=backend developer&status=open_to_work',
  'q=інженерка&language=en&level=B2&verified=true&trust=company_confirmed',
  'q=designer&skill=figma&language=uk',
];
const typedSuggestions = ['olen kov', 'petro shev', 'kovalneko', 'олен ковал', 'ткачук', 'taras bond', 'melnik'];

/** One read's figures over every pass: CPU ms per request and p50 the passes' median, p99 over every request. */
interface ReadFigures {
  label: string;
  /** 'search' for a filtered search (its p99 has a target of its own). */
  kind: 'read' | 'suggestions' | 'search';
  cpu: number;
  /** The API process's part of `cpu` (the rest is the PostgreSQL backends'); absent in runs stored before it was read. */
  apiCpu?: number;
  p50: number;
  p99: number;
  requests: number;
  unexpected: number;
}

/** What a one-at-a-time run stores (bench/results/one-at-a-time-<people>.json) for `compare` to read. */
interface StoredRun {
  people: number;
  database: string;
  date: string;
  passes: number;
  rounds: number;
  /** The machine's 1-minute load average when the run started and when it ended. */
  load: [number, number];
  reads: ReadFigures[];
}

const resultsFile = (n: number) => path.join(root, 'bench', 'results', `one-at-a-time-${n}.json`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/**
 * Every read of the load run, one request at a time through one API process: each input SCALE_ROUNDS
 * (30) times in each of SCALE_PASSES (3) passes over all of them, so a burst of the machine's other
 * work lands in one pass, not in one read's every figure.
 */
async function readsOneAtATime(server: Server, databaseUrl: string, sampled: Sample, database: string): Promise<StoredRun> {
  let i = 0;
  const send = async (chosen: { path: string; token?: string }) => {
    const answer = await fetch(`${server.url}${chosen.path}`, {
      headers: { 'x-forwarded-for': nextAddress(), ...(chosen.token ? { authorization: `Bearer ${chosen.token}` } : {}) },
    });
    const body = (await answer.json()) as { data?: { next_cursor?: string | null } };
    return { status: answer.status, cursor: body.data?.next_cursor ?? null };
  };
  const person = () => sampled.people[i++ % sampled.people.length]!;
  const inputs: (Input & { kind: ReadFigures['kind'] })[] = [];
  // The load run's reads, each request for the next person sampled (the company's list: the next owner).
  for (const endpoint of endpoints(sampled)) {
    if (endpoint.expected === 401 || endpoint.name.startsWith('GET /api/search')) continue;
    inputs.push({ label: endpoint.name, kind: 'read', send: async () => (await send(endpoint.next(i++))).status });
  }
  for (const q of typedSuggestions)
    inputs.push({
      label: `suggestions ${q}`,
      kind: 'suggestions',
      send: async () => (await send({ path: `/api/search/suggestions?q=${encodeURIComponent(q)}`, token: person().token })).status,
    });
  for (const [n, query] of filteredSearches.entries()) {
    const path = `/api/search?${new URLSearchParams(query.split('&').map((kv) => kv.split('=') as [string, string]))}`;
    inputs.push({ label: `search ${query}`, kind: 'search', send: async () => (await send({ path, token: person().token })).status });
    // The second page of the load run's three: the cursor's tier goes on where the first page stopped.
    if (n < 3) {
      const { cursor } = await send({ path, token: person().token });
      if (cursor)
        inputs.push({
          label: `search ${query} (page 2)`,
          kind: 'search',
          send: async () => (await send({ path: `${path}&cursor=${encodeURIComponent(cursor)}`, token: person().token })).status,
        });
    }
  }
  const rounds = Number(process.env['SCALE_ROUNDS'] ?? 30);
  const passes = Number(process.env['SCALE_PASSES'] ?? 3);
  log(`\n== one request at a time, ${passes} passes of ${rounds} of each, one API process: CPU = API process + PostgreSQL backends ==`);
  const load: [number, number] = [loadAverage(), 0];
  const runs: OneAtATime[][] = [];
  for (let pass = 0; pass < passes; pass++) {
    runs.push(await oneAtATime(server.pid, databaseUrl, inputs, rounds));
    log(`  pass ${pass + 1} of ${passes} done (load average ${loadAverage()})`);
  }
  load[1] = loadAverage();
  const reads = inputs.map((input, n): ReadFigures => {
    const each = runs.map((run) => run[n]!);
    const times = each.flatMap((r) => r.times).sort((a, b) => a - b);
    return {
      label: input.label,
      kind: input.kind,
      cpu: median(each.map((r) => r.cpuPerRequest)),
      apiCpu: median(each.map((r) => r.apiCpuPerRequest)),
      p50: median(each.map((r) => r.p50)),
      p99: quantile(times, 0.99),
      requests: times.length,
      unexpected: each.reduce((sum, r) => sum + r.unexpected, 0),
    };
  });
  printOneAtATime(
    reads.map((r) => ({ ...r, cpuPerRequest: r.cpu, apiCpuPerRequest: r.apiCpu ?? 0, times: [] })),
    log,
  );
  log(`load average (1 min) ${load[0]} at the start, ${load[1]} at the end`);
  return { people, database, date: new Date().toISOString(), passes, rounds, load, reads };
}

/** `node bench/scale.ts compare [before.json] [after.json]`: two stored runs side by side (100k and 1M by default). */
function compare(files: string[]): void {
  const [a, b] = (files.length === 2 ? files : [resultsFile(100_000), resultsFile(1_000_000)]).map(
    (file) => JSON.parse(readFileSync(file, 'utf8')) as StoredRun,
  ) as [StoredRun, StoredRun];
  const size = (r: StoredRun) => r.people.toLocaleString('en-GB');
  log(
    `one request at a time: ${size(a)} people (${a.database}, ${a.date}, load ${a.load.join('→')}) against ${size(b)} (${b.database}, ${b.date}, load ${b.load.join('→')})`,
  );
  log(
    `CPU ms per request = API process + PostgreSQL backends, and the API process's part (median of ${b.passes} passes of ${b.rounds}); p99 over all ${b.passes * b.rounds}\n`,
  );
  log(`| read | CPU ms at ${size(a)} | at ${size(b)} | growth | of it the API at ${size(b)} | p50 ms | p50 ms | p99 ms | p99 ms |`);
  log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const over: string[] = [];
  for (const r of b.reads) {
    const before = a.reads.find((x) => x.label === r.label);
    const growth = before ? r.cpu / before.cpu : NaN;
    if (growth > 1.5) over.push(`${r.label}: CPU ×${growth.toFixed(2)}`);
    if (r.kind === 'search' && r.p99 > 100) over.push(`${r.label}: p99 ${r.p99.toFixed(1)} ms`);
    if (r.unexpected) over.push(`${r.label}: ${r.unexpected} answers not 200`);
    const f = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(1));
    log(
      `| ${r.label} | ${f(before?.cpu)} | ${f(r.cpu)} | ×${growth.toFixed(2)} | ${f(r.apiCpu)} | ${f(before?.p50)} | ${f(r.p50)} | ${f(before?.p99)} | ${f(r.p99)} |`,
    );
  }
  log(
    over.length
      ? `\nover a target (CPU growth ≤ ×1.5; filtered search p99 ≤ 100 ms):\n  ${over.join('\n  ')}`
      : '\nevery read within ×1.5 of its cost, every filtered search p99 ≤ 100 ms',
  );
}

// ── EXPLAIN of what each endpoint sends ──────────────────────────────────────────────────────────

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function scans(node: PlanNode, out: string[] = []): string[] {
  if (node['Relation Name'] || node['Index Name'])
    out.push(`${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''} on ${node['Relation Name'] ?? '?'}`);
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

async function explainEndpoints(databaseUrl: string, sampled: Sample, port: number): Promise<void> {
  const sqlLog = path.join(mkdtempSync(path.join(tmpdir(), 'profiles-scale-sql-')), 'reads.jsonl');
  writeFileSync(sqlLog, '');
  const server = await startApi(port, databaseUrl, {
    args: ['--import', path.join(root, 'bench', 'sql-recorder.ts')],
    env: { BENCH_SQL_LOG: sqlLog },
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows: sizes } = await client.query<{ relname: string; n: string }>(
    `select relname, reltuples::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
  );
  const tableRows = new Map(sizes.map((row) => [row.relname, Number(row.n)]));
  let flagged = 0;
  try {
    for (const endpoint of endpoints(sampled)) {
      if (endpoint.expected === 401) continue;
      writeFileSync(sqlLog, '');
      const chosen = endpoint.next(7);
      const answer = await fetch(`${server.url}${chosen.path}`, {
        headers: { authorization: `Bearer ${chosen.token}`, 'x-forwarded-for': nextAddress() },
      });
      await answer.arrayBuffer();
      const statements = new Map<string, unknown[]>();
      for (const line of readFileSync(sqlLog, 'utf8').split('\n').filter(Boolean)) {
        const { text, values } = JSON.parse(line) as { text: string; values: unknown[] };
        // The session look-up and the relay's sweep come with every request; each is shown once.
        if (!statements.has(text)) statements.set(text, values);
      }
      log(`\n${endpoint.name} (${answer.status}): ${statements.size} distinct reads`);
      for (const [text, values] of statements) {
        // EXPLAIN takes no bind parameters: the statement is prepared as sent, then explained as
        // executed with the request's own values (a custom plan for them, as the server gets).
        await client.query('deallocate all');
        await client.query(`prepare measured as ${text}`);
        const literals = values.map((value) => {
          const prepared = prepareValue(value) as string | null;
          return prepared === null ? 'null' : client.escapeLiteral(String(prepared));
        });
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) execute measured${literals.length ? `(${literals.join(', ')})` : ''}`,
        );
        const plan = rows[0]!['QUERY PLAN'][0].Plan;
        const used = scans(plan);
        const seqOnLarge = used.filter((s) => s.startsWith('Seq Scan') && (tableRows.get(s.split(' on ').pop()!) ?? 0) > 10_000);
        flagged += seqOnLarge.length;
        log(`  ${text.replace(/\s+/g, ' ').slice(0, 110)}${text.length > 110 ? '…' : ''}`);
        log(
          `    ${used.length ? used.join('; ') : plan['Node Type']}${seqOnLarge.length ? `   <-- SEQUENTIAL SCAN OF A LARGE TABLE` : ''}`,
        );
      }
    }
  } finally {
    await client.end();
    await server.stop();
  }
  log(`\nsequential scans of tables over 10,000 rows: ${flagged}`);
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const admin = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
  const url = new URL(admin);
  const name = process.env['SCALE_DATABASE'] ?? 'profiles_scale';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`SCALE_DATABASE must be a plain name: ${name}`);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const adminClient = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await adminClient.connect();
  } catch {
    log('PostgreSQL is not reachable (BENCH_DATABASE_URL or 127.0.0.1:5432): bench:scale needs it.');
    process.exitCode = 1;
    return;
  }
  const reuse = process.env['SCALE_REUSE'] === '1';
  if (!reuse) {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.query(`create database ${name}`);
  }
  const database = await openPostgres(databaseUrl, { max: 2 });
  try {
    if (!reuse) {
      log(`== generating ${people.toLocaleString('en-GB')} people on PostgreSQL ==`);
      const start = performance.now();
      await populate(database.db);
      log(`  generated in ${elapsed(start)}`);
    }
    const { rows } = (await database.db.execute(sql`select pg_size_pretty(pg_database_size(current_database())) as size,
      (select count(*) from users) as users, (select count(*) from companies) as companies,
      (select count(*) from company_employments) as employments, (select count(*) from activities) as activities,
      (select count(*) from notifications) as notifications`)) as unknown as { rows: Record<string, string>[] };
    const counts = rows[0]!;
    log(
      `database size ${counts['size']}: ${Object.entries(counts)
        .filter(([k]) => k !== 'size')
        .map(([k, v]) => `${Number(v).toLocaleString('en-GB')} ${k}`)
        .join(', ')}`,
    );

    if (process.env['SCALE_GENERATE_ONLY'] === '1') return;
    if (process.env['SCALE_ONE_AT_A_TIME'] === '1') {
      const server = await startApi(basePort, databaseUrl);
      try {
        const run = await readsOneAtATime(server, databaseUrl, await sample(database.db, server.url), name);
        mkdirSync(path.dirname(resultsFile(people)), { recursive: true });
        writeFileSync(resultsFile(people), `${JSON.stringify(run, null, 2)}\n`);
        log(`stored in ${path.relative(root, resultsFile(people))}: \`node bench/scale.ts compare\` sets it beside another size`);
      } finally {
        await server.stop();
      }
      return;
    }
    const servers = [await startApi(basePort, databaseUrl), await startApi(basePort + 1, databaseUrl)];
    let sampled: Sample;
    try {
      sampled = await sample(database.db, servers[0]!.url);
      log(`\n== reads: ${rate} requests/s in total over two API processes, ${seconds} s each, 8 connections a process ==`);
      log(`${'endpoint'.padEnd(50)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'unexpected'.padStart(11)}`);
      for (const endpoint of endpoints(sampled)) {
        const f = await measure(endpoint, servers);
        log(
          `${f.name.padEnd(50)} ${f.rps.toFixed(0).padStart(7)} ${f.p50.toFixed(1).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.unexpected).padStart(11)}`,
        );
      }
    } finally {
      for (const server of servers) await server.stop();
    }
    log('\n== EXPLAIN of the reads each endpoint sends ==');
    await explainEndpoints(databaseUrl, sampled, basePort + 2);
  } finally {
    await database.close();
    if (process.env['SCALE_KEEP'] !== '1') await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

if (process.argv[2] === 'compare') compare(process.argv.slice(3));
else await main();
