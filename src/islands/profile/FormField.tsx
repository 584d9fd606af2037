// One labelled form control with its hint, error and character counter, in the kit's look (GOV.UK
// order: label, hint, error, control, counter), wired for screen readers: the error has an id the
// control names in aria-describedby, and carries the attribute scrollToFirstError looks for.
import type { ReactNode } from 'react';
import type { FieldCounter } from '../../components/Field.tsx';
import { formErrorAttribute } from '../../lib/forms/scroll-to-error.ts';

interface Props {
  id: string;
  label: string;
  error?: string | undefined;
  optionalLabel?: string | undefined;
  hint?: string | undefined;
  counter?: FieldCounter | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  /** Checkboxes put the label after the box. */
  inline?: boolean;
  /** Groups of controls (month and year) take a legend instead of a label. */
  group?: boolean;
}

export default function FormField({ id, label, error, optionalLabel, hint, counter, children, inline = false, group = false }: Props) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const describedBy = [hint ? hintId : '', error ? errorId : '', counter ? counterId : ''].filter(Boolean).join(' ') || undefined;
  const labelContent = (
    <>
      {label}
      {optionalLabel ? <span className="ui-field-optional"> ({optionalLabel})</span> : null}
    </>
  );
  const errorNode = error ? (
    <p id={errorId} className="ui-field-error" {...{ [formErrorAttribute]: '' }}>
      {error}
    </p>
  ) : null;
  if (inline) {
    return (
      <div className="ui-field">
        <label className="ui-check" htmlFor={id}>
          {children(describedBy, Boolean(error))}
          <span className="ui-check-text">
            <span className="ui-check-label">{labelContent}</span>
          </span>
        </label>
        {errorNode}
      </div>
    );
  }
  const Wrapper = group ? 'fieldset' : 'div';
  return (
    <Wrapper className="ui-field" data-invalid={error ? '' : undefined} aria-describedby={group ? describedBy : undefined}>
      {group ? <legend className="ui-field-label">{labelContent}</legend> : <label className="ui-field-label" htmlFor={id}>{labelContent}</label>}
      {hint ? (
        <p id={hintId} className="ui-field-hint">
          {hint}
        </p>
      ) : null}
      {errorNode}
      {children(describedBy, Boolean(error))}
      {counter ? (
        <p id={counterId} className="ui-field-counter" aria-live="polite" data-over={counter.isOver ? '' : undefined}>
          {counter.text}
        </p>
      ) : null}
    </Wrapper>
  );
}
