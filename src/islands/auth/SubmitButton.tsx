// The submit button of an accounts form. It is disabled until the form's code is running: the form
// is prerendered and its code arrives after the page (decision 041), and a click before that would
// post the form natively, which the site cannot answer.
import type { ReactNode } from 'react';
import { useHydrated } from '../app/use-hydrated.ts';

export default function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" className="ui-button auth-submit" data-variant="primary" data-size="large" data-block="" disabled={!hydrated || busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
