// Automatic language moves (decision 173). Two rules move a page to the other language
// without the person asking: an unprefixed address redirects to the saved language (the language
// cookie), and a profile's page follows that profile's language (SPEC §4). Each alone is sound; together,
// a reader whose saved language is Ukrainian on an English profile bounced between `/profile-1` and
// `/uk/profile-1` for ever. The rule that makes a loop impossible by construction: an automatic move
// never undoes the previous automatic move of the same page (its address without the language prefix)
// in a tab within `settleMs`; the first one wins and the page then stays where it is. The same move
// again (the page opened once more at its first address) is made again. Moves the person asks for (the
// language switch, settings) are not automatic and are never refused.

/** How long an automatic move of a page keeps the next one of the same page from happening. */
export const settleMs = 30_000;

const moveKey = 'profiles.languageMove';

interface Move {
  page: string;
  from: string;
  to: string;
  at: number;
}

function lastMove(storage: Storage): Move | undefined {
  try {
    const raw = storage.getItem(moveKey);
    const move = raw ? (JSON.parse(raw) as Partial<Move>) : undefined;
    return typeof move?.page === 'string' && typeof move.from === 'string' && typeof move.to === 'string' && typeof move.at === 'number'
      ? { page: move.page, from: move.from, to: move.to, at: move.at }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims an automatic language move of `page` (its path without the language prefix) from the
 * language `from` to `to` at `now`: true, and remembered, unless it would undo the automatic move of
 * the same page made in the last `settleMs`; false (stay) then. Without storage (refused quotas) no
 * automatic move is made at all, as nothing could then stop a loop.
 */
export function claimLanguageMove(
  page: string,
  from: string,
  to: string,
  now: number = Date.now(),
  storage: Storage | null = globalThis.sessionStorage ?? null,
): boolean {
  if (!storage) return false;
  const last = lastMove(storage);
  const undoes = last !== undefined && last.page === page && last.from === to && last.to === from;
  if (undoes && now - last.at >= 0 && now - last.at < settleMs) return false;
  try {
    storage.setItem(moveKey, JSON.stringify({ page, from, to, at: now }));
    return true;
  } catch {
    return false;
  }
}
