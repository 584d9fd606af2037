// What the people query and the companies query share (decision 185): the query's words, the folded
// spellings of names and places, LIKE with its own characters escaped, the cursor, and the transaction
// that sets the word-similarity threshold and the time bound. The same SQL on PGlite and PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import { DomainError, RuleBrokenError } from '../domain-errors.ts';
import { messageRef } from '../../contract/validation-messages.ts';

/** How alike a typed word and a word of a name must be (pg_trgm's word similarity, 0–1). */
export const wordSimilarityThreshold = 0.5;

/** LIKE's own characters matched as themselves. */
export const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
export const contains = (value: string) => `%${likeEscape(value.toLowerCase())}%`;

/** Apostrophes inside a word ("O'Neill", "Мар’яна"): the folded names leave them out (migration 0029). */
export const apostrophes = /['’ʼ`ʹ]/g;

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
export function tsQueryOf(words: string[]): string | null {
  const parts = words.map((w) => w.replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean);
  return parts.length ? parts.map((p) => `${p}:*`).join(' & ') : null;
}

/**
 * A typed name or place as search keeps names and places (migration 0029, decision 237): romanised
 * and folded, so either alphabet and the usual spellings find the same person. The database's own
 * function folds both sides, so they cannot drift apart.
 */
export const folded = (value: string): SQL => sql`search_fold(${value})`;

/** Words shorter than this are matched as written: too short to hold a typo that trigrams could forgive. */
export const shortestFuzzyWord = 4;

/**
 * A skill's word in a skill's name (lower-cased): a part of it ('script' in 'typescript'), or, for a
 * word long enough, the same word with a typo. For 'go' the similarity adds nothing the `like` does not
 * find. Search asks it of the few thousand names of skills (decision 273), the page's reasons of the
 * person's own skills.
 */
export function skillMatches(skills: SQL, word: string): SQL {
  return word.length >= shortestFuzzyWord
    ? sql`(${skills} like ${contains(word)} or ${word} <% ${skills})`
    : sql`${skills} like ${contains(word)}`;
}

/** A verified employment current on `today` (server/shared/careers/lifecycle.ts's rule, in SQL). */
export function currentVerified(today: string): SQL {
  return sql`ce.start_date <= ${today} and (ce.leaves_on is null or ce.leaves_on > ${today}) and (ce.planned_termination is null or ce.planned_termination >= ${today})`;
}

// ── Cursor: the last row's rank and id, so the next page starts after it ────────────────────────

interface Cursor {
  rank: string;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.id])).toString('base64url');
}

/** One page of a query's rows, read one past `limit`, and the cursor to the next page when there is one. */
export interface Page<Row> {
  rows: Row[];
  next_cursor: string | null;
}

/** The first `limit` rows, and a cursor after the last of them when the query found more. */
export function pageOf<Row extends { rank: string }>(rows: Row[], limit: number, idOf: (row: Row) => string | number): Page<Row> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    rows: pageRows,
    next_cursor: rows.length > limit && last ? encodeCursor({ rank: String(last.rank), id: Number(idOf(last)) }) : null,
  };
}

export function decodeCursor(raw: string | undefined): Cursor | undefined {
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
 * How long one search's statements may run: past it PostgreSQL cancels the
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

/** Runs `work` with the word-similarity threshold, the time bound and no JIT, for this transaction only. */
export async function withThreshold<T>(db: Db, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        // No JIT (decision 273): compiling a search's statements cost up to 118 ms at a million people, more than running them.
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarityThreshold)}, true), set_config('statement_timeout', ${String(searchStatementTimeoutMs)}, true), set_config('jit', 'off', true)`,
      );
      return work(tx);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new SearchTooBroadError();
    throw error;
  }
}

export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
