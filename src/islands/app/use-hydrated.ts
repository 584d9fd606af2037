// False in the server render and during hydration, true once the island runs in the browser: lets a
// component render exactly the prerendered HTML first, then what only live code can offer.
// A state set by an effect, not useSyncExternalStore's server snapshot: preact/compat (decision 063)
// ignores that third argument and would report true while prerendering.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
