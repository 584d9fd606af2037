// A form question the GOV.UK way: label, then hint, then error, then the control, then the
// character counter; the hint, error and counter are tied to the control by aria-describedby.
// The control is rendered by the caller with the props Field hands it.
import { useId, type ReactNode } from 'react';

/** What Field hands its control. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldCounter {
  /** The counter's text in the page's language, e.g. '32 characters remaining'. */
  text: string;
  isOver: boolean;
}

interface Props {
  label: ReactNode;
  /** Shown after the label in a lighter weight, e.g. '(optional)'. */
  optional?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  counter?: FieldCounter | undefined;
  /** A label only screen readers hear, when the screen shows the question another way. */
  hideLabel?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export default function Field({ label, optional, hint, error, counter, hideLabel, className, children }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'} data-invalid={error ? '' : undefined}>
      <label className={hideLabel ? 'ui-field-label visually-hidden' : 'ui-field-label'} htmlFor={id}>
        {label}
        {optional ? <span className="ui-field-optional"> {optional}</span> : null}
      </label>
      {hint ? (
        <p className="ui-field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        // data-form-error: scrollToFirstError (src/lib/forms) finds it after a failed submit (SPEC §5).
        <p className="ui-field-error" id={errorId} data-form-error="">
          {error}
        </p>
      ) : null}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {counter ? (
        // Polite, so typing is not interrupted on every key; only the latest count is read.
        <p className="ui-field-counter" id={counterId} aria-live="polite" data-over={counter.isOver ? '' : undefined}>
          {counter.text}
        </p>
      ) : null}
    </div>
  );
}

interface FieldsetProps {
  legend: ReactNode;
  optional?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/** A question answered by several controls (a date's parts, a group of checkboxes). */
export function Fieldset({ legend, optional, hint, error, className, children }: FieldsetProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={className ? `ui-field ${className}` : 'ui-field'} aria-describedby={describedBy} data-invalid={error ? '' : undefined}>
      <legend className="ui-field-label">
        {legend}
        {optional ? <span className="ui-field-optional"> {optional}</span> : null}
      </legend>
      {hint ? (
        <p className="ui-field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="ui-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
