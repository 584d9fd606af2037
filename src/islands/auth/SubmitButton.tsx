// The submit button of an accounts form. The form is prerendered and its code arrives after the page
// (decision 041), and a click before that would post the form natively, which the site cannot answer:
// so the button is disabled until the code runs. An island hydrated on interaction (decision 159)
// passes `heldUntilLive`: its directive holds an early submit and sends it again once the code runs,
// so the button takes the first press.
import type { ReactNode } from 'react';
import { useHydrated } from '../../components/use-hydrated.ts';

interface Props {
  busy: boolean;
  children: ReactNode;
  /** The island's directive (client:interaction) holds a submit that comes before the code runs. */
  heldUntilLive?: boolean;
}

export default function SubmitButton({ busy, children, heldUntilLive = false }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="ui-button auth-submit"
      data-variant="primary"
      data-size="large"
      data-block=""
      disabled={(!hydrated && !heldUntilLive) || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}
