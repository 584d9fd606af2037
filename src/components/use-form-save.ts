// The one submit of a form (decision 215): react-hook-form checks the values with the contract's
// schema (useForm's zodResolver), a failed check scrolls to the first error; `save` then runs with
// the checked values, one at a time (Enter pressed again or a double click while it runs is ignored). A
// failed save puts the server's violations on their fields and scrolls there;
// any other failure becomes `failure`, failureText's words for it in the page's language, unless the
// error policy takes it (a lost session signs out). A field's error goes as soon as the field is
// edited into a valid value (react-hook-form checks again on change after a submit).
import { useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { Locale } from '../../contract/locale.ts';
import { applySaveFailure, showFirstError } from '../lib/forms/form-failure.ts';
import type { ApplyOptions } from '../lib/forms/server-violations.ts';

type SavedForm<TValues extends FieldValues, TOutput> = Pick<UseFormReturn<TValues, unknown, TOutput>, 'handleSubmit' | 'setError'>;

export function useFormSave<TValues extends FieldValues, TOutput>(
  form: SavedForm<TValues, TOutput>,
  locale: Locale,
  save: (values: TOutput) => Promise<unknown>,
  options?: ApplyOptions,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const submit = form.handleSubmit(async (values) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await save(values);
    } catch (error) {
      setFailure(applySaveFailure(error, form.setError, locale, options));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, showFirstError);
  return { submit, failure, setFailure, busy };
}
