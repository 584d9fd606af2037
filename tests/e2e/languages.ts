// A journey written for every language runs once, in one of them (decision 230). Inside
// `for (const lang of languages)`, `journeyIn(lang)('A person …', async () => …)` registers the loop's
// first journey in one language, its next in the other, and so on; which language a file starts with
// comes from its name, so both languages are exercised across the suite. Every page and its dialogs
// are still checked in both languages by the every-page pass (every-page.spec.ts), and the journeys
// whose point is the language itself (the language rule and its redirects, plural forms, dates,
// collation) loop with Playwright's own `test` and keep both.
//
// `journeyIn(lang)` answers Playwright's `test` itself (or a function that registers nothing), so the
// call that registers a journey is the spec's own line, which reports name as the journey's place.
// E2E_LANGUAGES=all registers every journey in every language, as before the split.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { test } from '@playwright/test';

/** The language journey number `ordinal` of a loop runs in, for a file whose name gives `start`. */
function languageIndexOf(ordinal: number, start: number, count: number): number {
  return (start + ordinal) % count;
}

/** Where a file starts: the first byte of its name's hash, so files start on either language. */
function startOf(file: string, count: number): number {
  return createHash('sha256').update(path.basename(file)).digest()[0]! % count;
}

// Called as `test` is, with a title and a body; it registers nothing (nothing else of `test` is on it).
const registerNothing = (() => {}) as unknown as typeof test;

/**
 * The journeys of one loop over `languages`, each in one language by turns. Each pass of the loop must
 * ask for the same journeys in the same order, as a `for (const lang of languages)` loop does.
 */
export function alternating<L>(
  languages: readonly L[],
  file: string,
  all = process.env['E2E_LANGUAGES'] === 'all',
): (lang: L) => typeof test {
  const start = startOf(file, languages.length);
  const asked = new Map<number, number>();
  return (lang) => {
    const index = languages.indexOf(lang);
    if (index < 0) throw new Error('alternating: a language that is not in the list');
    const ordinal = asked.get(index) ?? 0;
    asked.set(index, ordinal + 1);
    return all || languageIndexOf(ordinal, start, languages.length) === index ? test : registerNothing;
  };
}
