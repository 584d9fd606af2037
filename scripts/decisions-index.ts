// `node scripts/decisions-index.ts`: writes docs/decisions/README.md, the decision records by area
//, each with its status where it is not simply "accepted". The areas come from the words of
// each record's title, first rule first; a record no rule claims is listed under "Other".
// tests/structure/decisions-index.test.ts fails when the index misses a record or names a gone one.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '..', 'docs', 'decisions');

/** Areas in the order the index lists them, each with the words that place a title in it. */
export const areas: { name: string; words: RegExp }[] = [
  { name: 'Tests, CI and the test run', words: /\btest|journey|`npm test`|lane|\bCI\b|axe|OpenAPI document is linted/i },
  {
    name: 'Security, sessions and sign-in',
    words:
      /sign-in|sign in|two-step|passkey|session|re-authentication|recovery|cross-site|Content-Security|rate limit|slow connections|security|hardening|throttle|codes, their throttles/i,
  },
  { name: 'Trust: verified jobs, credentials and /verify', words: /credential|\/verify|verified job|confirm a job|revocation|did:web/i },
  { name: 'Careers and companies', words: /careers|employment|company|companies|workspace|invitation|score history|member/i },
  { name: 'Search', words: /search|suggestions/i },
  { name: 'Profiles, public pages and portability', words: /profile|JSON Resume|CV|public|portab|upload|cover|photo|section holds/i },
  {
    name: 'Notifications, realtime, achievements and activity',
    words: /notification|realtime|hub|socket|achievement|activity|unlock|employment\.changed|toast/i,
  },
  { name: 'Accounts and settings', words: /account|sign-up|sign up|settings|contact|emails and phones|closing/i },
  {
    name: 'Languages, dates and texts',
    words: /language|locale|internationali|dates|Ukrainian|Latin|Cyrillic|texts|collation|meta description|translator/i,
  },
  {
    name: 'Site, islands and performance',
    words:
      /island|React|Preact|Astro|budget|chunk|page|site|bundle|form|kit|design|hydrat|bootstrap|prerender|near the screen|version flag|compressed/i,
  },
  {
    name: 'Server, data and operations',
    words:
      /server|database|Fastify|Drizzle|PGlite|PostgreSQL|prepared|process|readiness|ETag|migration|trigger|floor|Node|transport|boundar|error|demo|validation|multipart/i,
  },
];

interface Record {
  number: string;
  file: string;
  title: string;
  status: string;
}

export function readRecords(dir = folder): Record[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}-.*\.md$/.test(file) && !file.startsWith('000-'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const heading = /^# (\d{3})\. (.+)$/m.exec(text);
      const amended = /^(Amended by .+)$/m.exec(text)?.[1]?.trim();
      const status = amended ?? /^Status: (.+)$/m.exec(text)?.[1]?.trim() ?? 'accepted';
      return { number: heading?.[1] ?? file.slice(0, 3), file, title: heading?.[2]?.trim() ?? file, status };
    });
}

export function areaOf(title: string): string {
  return areas.find((area) => area.words.test(title))?.name ?? 'Other';
}

export function indexText(records: Record[]): string {
  const lines = [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what follows (context, decision, consequences). A',
    'record a later one amends or replaces says so in its status. This index is written by',
    '`node scripts/decisions-index.ts` (areas from the words of each title); add a record with the',
    'next free number, then run it.',
    '',
  ];
  for (const name of [...areas.map((a) => a.name), 'Other']) {
    const here = records.filter((r) => areaOf(r.title) === name);
    if (!here.length) continue;
    lines.push(`## ${name}`, '');
    for (const r of here) {
      const status = /^accepted\.?$/i.test(r.status) ? '' : ` (${r.status})`;
      lines.push(`- [${r.number}. ${r.title}](${r.file})${status}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

if (import.meta.main) {
  writeFileSync(path.join(folder, 'README.md'), indexText(readRecords()));
  process.stdout.write(`docs/decisions/README.md: ${readRecords().length} records\n`);
}
