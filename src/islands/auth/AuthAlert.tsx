// A form's failure that is no field's, at the top of an auth form: always in the page (hidden while
// empty), so screen readers hear it when text arrives, and marked as a form error so a failed send
// scrolls to it (SPEC §5).
import { formErrorAttribute } from '../../lib/forms/scroll-to-error.ts';

export default function AuthAlert({ id, text }: { id: string; text: string | null }) {
  return (
    <p id={id} className="auth-alert" role="alert" tabIndex={-1} hidden={!text} {...{ [formErrorAttribute]: '' }}>
      {text}
    </p>
  );
}
