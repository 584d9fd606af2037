// False in the server render and during hydration, true once the island runs in the browser: lets a
// component render exactly the prerendered HTML first, then what only live code can offer.
import { useEffect, useState } from 'react';
import { liveAttribute } from '../../lib/interaction-directive.ts';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Spread on the root element of an island hydrated with `client:interaction`: it marks the island
 * live once its first commit has attached its handlers, and the directive sends a held submit only
 * then (decision 162: React hydrates in a transition, after `hydrate()` has resolved).
 */
export function useLiveMarker(): Record<string, string> {
  return useHydrated() ? { [liveAttribute]: '' } : {};
}
