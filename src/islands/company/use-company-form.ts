// One submit for every company form: busy while the action runs, then the server's violations by
// field (each gone once its field is edited), or one line for a failure that is not about a field. `check` finds what the form can tell
// before sending (a date typed only in part), as errors by field; the action runs only when it finds none.
import { useRef, useState, type FormEvent } from 'react';
import { applyFieldErrors, failureText } from './errors.ts';
import type { Translate } from './translate.ts';

export function useCompanyForm(t: Translate, action: () => Promise<void>, check?: () => Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second submit while the first runs (Enter pressed again in a field, a double click) is ignored:
  // it saved twice and said so twice (issue 24 point 10, 'Brand page saved' shown twice).
  const running = useRef(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    const found = check?.() ?? {};
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(null);
      return;
    }
    running.current = true;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await action();
    } catch (error) {
      if (!applyFieldErrors(error, setErrors)) setFailure(failureText(error, t));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  // A field's message goes once the person changes that field: 'Invalid email address' stayed under an
  // emptied field until the next submit (issue 24 point 10). The next submit checks again.
  const edited = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _dropped, ...rest } = current;
      return rest;
    });
  return { errors, setErrors, edited, failure, busy, submit };
}
