// False in the server render and while an island hydrates its prerendered HTML, true once its code
// runs in the browser: lets a component render exactly the prerendered HTML first, then what only
// live code can offer. A component first mounted later (a dialog, a lazily loaded form) is live at
// once: React reads the server snapshot only while hydrating.
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
