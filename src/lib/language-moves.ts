// Automatic language moves (issue 24 point 1, decision 173). Two rules move a page to the other language
// without the person asking: an unprefixed address redirects to the saved language (the language
// cookie), and a profile's page follows that profile's language (SPEC §4). Each alone is sound; together,
// a reader whose saved language is Ukrainian on an English profile bounced between `/profile-1` and
// `/uk/profile-1` for ever. The rule that makes a loop impossible by construction: an automatic move is
// made at most once for a page (its address without the language prefix) in a tab within
// `settleMs`; the first one wins and the page then stays where it is. Moves the person asks for (the
// language switch, settings) are not automatic and are never refused.

/** How long an automatic move of a page keeps the next one of the same page from happening. */
export const settleMs = 30_000;

const moveKey = 'profiles.languageMove';

interface Move {
  page: string;
  at: number;
}

function lastMove(storage: Storage): Move | undefined {
  try {
    const raw = storage.getItem(moveKey);
    const move = raw ? (JSON.parse(raw) as Partial<Move>) : undefined;
    return typeof move?.page === 'string' && typeof move.at === 'number' ? { page: move.page, at: move.at } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims an automatic language move of `page` (its path without the language prefix) at `now`:
 * true, and remembered, when no automatic move of the same page happened in the last `settleMs`;
 * false (stay) otherwise. Without storage (refused quotas) no automatic move is made at all, as
 * nothing could then stop a second one.
 */
export function claimLanguageMove(page: string, now: number = Date.now(), storage: Storage | null = globalThis.sessionStorage ?? null): boolean {
  if (!storage) return false;
  const last = lastMove(storage);
  if (last && last.page === page && now - last.at >= 0 && now - last.at < settleMs) return false;
  try {
    storage.setItem(moveKey, JSON.stringify({ page, at: now }));
    return true;
  } catch {
    return false;
  }
}
