// One piece of server data a screen loads on its own (a settings section's list or form): an atom
// with its loading state, the action that (re)loads it and the one that writes a newer copy after a
// change. The islands read the atom with useStore and call the actions; the fetcher stays here.
import { atom, type ReadableAtom } from 'nanostores';

export type Loaded<T> = { status: 'idle' } | { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

export interface Loadable<T> {
  $state: ReadableAtom<Loaded<T>>;
  /** Loads (again), showing the loading state; answers the data, or rejects with the failure for the caller to report. */
  load(): Promise<T>;
  /** Loads again behind the data already shown (no loading state); a failure leaves the data as it is. */
  refresh(): Promise<T>;
  /** Replaces the loaded data (after a save); does nothing before the first load has come back. */
  update(change: (data: T) => T): void;
  /** Sets the data the server answered a change with. */
  set(data: T): void;
}

export function loadable<T>(fetch: () => Promise<T>): Loadable<T> {
  const $state = atom<Loaded<T>>({ status: 'idle' });
  // A reload started later wins over an earlier one still under way.
  let latest = 0;
  return {
    $state,
    async load() {
      const call = ++latest;
      $state.set({ status: 'loading' });
      try {
        const data = await fetch();
        if (call === latest) $state.set({ status: 'ready', data });
        return data;
      } catch (error) {
        if (call === latest) $state.set({ status: 'failed' });
        throw error;
      }
    },
    async refresh() {
      const call = ++latest;
      const data = await fetch();
      if (call === latest) $state.set({ status: 'ready', data });
      return data;
    },
    update(change) {
      const state = $state.get();
      if (state.status === 'ready') $state.set({ status: 'ready', data: change(state.data) });
    },
    set(data) {
      latest++;
      $state.set({ status: 'ready', data });
    },
  };
}
