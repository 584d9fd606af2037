// The live marker of islands hydrated on interaction (decision 159); whether an island has hydrated
// at all is the kit's useHydrated (src/components/use-hydrated.ts).
import { useHydrated } from './use-hydrated.ts';
import { liveAttribute } from '../lib/base/interaction-directive.ts';

/**
 * Spread on the root element of an island hydrated with `client:interaction`: it marks the island
 * live once its first commit has attached its handlers, and the directive sends a held submit only
 * then (decision 162: React hydrates in a transition, after `hydrate()` has resolved).
 */
export function useLiveMarker(): Record<string, string> {
  return useHydrated() ? { [liveAttribute]: '' } : {};
}
