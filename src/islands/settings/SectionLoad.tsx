// What a settings section shows of the data it loads on its own (a fetcher store of
// src/lib/stores/query.ts): a skeleton of `lines` lines while it loads, the reason and a way to try
// again when it did not load (no toast), and the section's own content once it is there.
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Skeleton from '../../components/Skeleton.tsx';

interface Props<T> {
  /** The store's value: its data once read (kept while it is read again), the failure of the last read. */
  state: { data?: T; error?: unknown };
  /** Why the section is empty when its data did not load, and the button that loads it again. */
  failed: { message: string; retryLabel: string; onRetry: () => void };
  /** Skeleton lines while loading, about as many as the content has. */
  lines?: 1 | 2;
  children: (data: T) => ReactNode;
}

export default function SectionLoad<T>({ state, failed, lines = 1, children }: Props<T>) {
  if (state.data === undefined && state.error !== undefined)
    return <LoadFailedAlert message={failed.message} retryLabel={failed.retryLabel} onRetry={failed.onRetry} />;
  if (state.data === undefined) {
    return (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
        {lines === 2 ? <Skeleton className="settings-skeleton" /> : null}
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
