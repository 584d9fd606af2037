// One submit for every company form: busy while the action runs, then the server's violations by
// field, or one line for a failure that is not about a field. `check` finds what the form can tell
// before sending (a date typed only in part), as errors by field; the action runs only when it finds none.
import { useState, type FormEvent } from 'react';
import { applyFieldErrors, failureText } from './errors.ts';
import type { Translate } from './translate.ts';

export function useCompanyForm(t: Translate, action: () => Promise<void>, check?: () => Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check?.() ?? {};
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(null);
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await action();
    } catch (error) {
      if (!applyFieldErrors(error, setErrors)) setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  };
  return { errors, setErrors, failure, busy, submit };
}
