// False in the server render and during hydration, true once the island runs in the browser: lets a
// component render exactly the prerendered HTML first, then what only live code can offer.
import { useSyncExternalStore } from 'react';

const noop = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}
