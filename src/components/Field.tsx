// A form question the GOV.UK way: label, then hint, then error, then the control, then the
// character counter; the hint, error and counter are tied to the control by aria-describedby.
// The control is rendered by the caller with the props Field hands it. Every error carries the
// attribute scrollToFirstError looks for, so a failed submit lands on it (SPEC §5).
import { useId, type ReactNode } from 'react';
import { formErrorAttribute } from '../lib/forms/scroll-to-error.ts';
import { CheckText } from './Checkbox.tsx';

const errorMark = { [formErrorAttribute]: '' };

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
  /** A checkbox: the label follows the box, the error follows both. */
  inline?: boolean;
  className?: string;
  /** The control's id, when a page needs a stable one; otherwise one is made. */
  id?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

export default function Field({ label, optional, hint, error, counter, hideLabel, inline, className, id: givenId, children }: Props) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [hintId, errorId, counterId].filter(Boolean).join(' ') || undefined;
  const control = { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined } as const;
  if (inline) {
    return (
      <div className={className ? `ui-field ${className}` : 'ui-field'} data-invalid={error ? '' : undefined}>
        <label className="ui-check" htmlFor={id}>
          {children(control)}
          <CheckText label={label} hint={hint} hintId={hintId} />
        </label>
        {error ? (
          <p className="ui-field-error" id={errorId} {...errorMark}>
            {error}
          </p>
        ) : null}
      </div>
    );
  }
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
        <p className="ui-field-error" id={errorId} {...errorMark}>
          {error}
        </p>
      ) : null}
      {children(control)}
      {counter ? (
        // Polite, so typing is not interrupted on every key; only the latest count is read.
        <p className="ui-field-counter" id={counterId} aria-live="polite" data-over={counter.isOver ? '' : undefined}>
          {counter.text}
        </p>
      ) : null}
    </div>
  );
}

/** What Fieldset hands its controls, when its children are a function. */
export interface FieldsetControlProps {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldsetProps {
  legend: ReactNode;
  optional?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The base of the hint's and error's ids, when a page needs stable ones; otherwise one is made. */
  id?: string | undefined;
  /** The controls; as a function they are also described by the hint and error (month and year selects). */
  children: ReactNode | ((control: FieldsetControlProps) => ReactNode);
}

/** A question answered by several controls (a date's parts, a group of checkboxes). */
export function Fieldset({ legend, optional, hint, error, className, id: givenId, children }: FieldsetProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={className ? `ui-field ${className}` : 'ui-field'}
      aria-describedby={describedBy}
      data-invalid={error ? '' : undefined}
    >
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
        <p className="ui-field-error" id={`${id}-error`} {...errorMark}>
          {error}
        </p>
      ) : null}
      {typeof children === 'function' ? children({ 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined }) : children}
    </fieldset>
  );
}
