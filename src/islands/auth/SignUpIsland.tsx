// The sign-up island (personal and company). Loaded in two steps (docs/decisions/041): this entry renders
// nothing of its own and keeps the prerendered form on screen while the form's code (react-hook-form,
// zod, the API client) loads, then hydrates it; so the page's first script stays small.
import '../../lib/zod-without-eval.ts';
import { lazy, Suspense, type ComponentProps } from 'react';
import type Form from './SignUpForm.tsx';

const Deferred = lazy(() => import('./SignUpForm.tsx'));

export default function SignUpIsland(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={null}>
      <Deferred {...props} />
    </Suspense>
  );
}
