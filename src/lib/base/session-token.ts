// The session's token, below the transport that sends it as the bearer (decision 214): the atom
// mirrors the `s-token` cookie. Changes go through the session store's actions
// (src/lib/stores/session.ts), so the cross-tab watcher can tell them apart.
import { atom } from 'nanostores';
import { readSessionCookie } from './session-cookie.ts';

function initialToken(): string {
  return typeof document === 'undefined' ? '' : readSessionCookie();
}

/** The token the app last saw or set; '' when signed out. */
export const $token = atom<string>(initialToken());
