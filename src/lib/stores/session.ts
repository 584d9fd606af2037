// The session (SPEC §3, §4): the token atom mirrors the `s-token` cookie. Changes the app makes go
// through these actions, so the cross-tab watcher (src/lib/base/session-watch.ts) can tell them apart.
// The atom itself sits below the transport, which reads it (src/lib/base/session-token.ts).
import { atom, computed } from 'nanostores';
import { writeSessionCookie } from '../base/session-cookie.ts';
import { $token } from '../base/session-token.ts';

export { $token };

/** Signed in means a non-empty token (SPEC §4). */
export const $isSignedIn = computed($token, (token) => token !== '');

/** Stores a token the app obtained (login, applying a token): no reload follows. */
export function applyToken(token: string): void {
  writeSessionCookie(token);
  $token.set(token);
}

/** Forgets the token without calling the server. */
export function discardToken(): void {
  applyToken('');
}

/**
 * True while this page ends its own session on purpose (closing the account): the server then ends
 * every session, this one included, and says so over the realtime channel, sometimes before the
 * closing call has answered. A 401 in that window is the expected end, not a lost session to sign
 * out of (which would send the page to /login instead of where the closure leads).
 */
export const $endingSessionDeliberately = atom(false);
