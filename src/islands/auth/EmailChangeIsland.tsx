// The email correction island. Loaded in two steps (docs/decisions/041): this entry renders
// nothing of its own and keeps the prerendered form on screen while the form's code (react-hook-form,
// zod, the API client) loads, then hydrates it; so the page's first script stays small.
import { lazy, Suspense, type ComponentProps } from 'react';
import type Form from './EmailChange.tsx';

const Deferred = lazy(() => import('./EmailChange.tsx'));

export default function EmailChangeIsland(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={null}>
      <Deferred {...props} />
    </Suspense>
  );
}
