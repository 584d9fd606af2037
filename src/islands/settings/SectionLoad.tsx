// What a settings section shows of the data it loads on its own (src/lib/stores/loadable.ts): a
// skeleton of `lines` lines while it loads, the reason and a way to try again when it did not load
// (no toast), and the section's own content once it is there.
import type { ReactNode } from 'react';
import { LoadFailedAlert } from '../../components/Alert.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { Loaded } from '../../lib/stores/loadable.ts';

interface Props<T> {
  state: Loaded<T>;
  /** Why the section is empty when its data did not load, and the button that loads it again. */
  failed: { message: string; retryLabel: string; onRetry: () => void };
  /** Skeleton lines while loading, about as many as the content has. */
  lines?: 1 | 2;
  children: (data: T) => ReactNode;
}

export default function SectionLoad<T>({ state, failed, lines = 1, children }: Props<T>) {
  if (state.status === 'failed')
    return <LoadFailedAlert message={failed.message} retryLabel={failed.retryLabel} onRetry={failed.onRetry} />;
  if (state.status !== 'ready') {
    return (
      <div aria-busy="true">
        <Skeleton className="settings-skeleton" />
        {lines === 2 ? <Skeleton className="settings-skeleton" /> : null}
      </div>
    );
  }
  return <>{children(state.data)}</>;
}
