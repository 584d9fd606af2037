// One labelled form control with its hint and error message, wired for screen readers: the error has
// an id the control names in aria-describedby, and carries the attribute scrollToFirstError looks for.
import type { ReactNode } from 'react';
import { formErrorAttribute } from '../../lib/forms/scroll-to-error.ts';

interface Props {
  id: string;
  label: string;
  error?: string | undefined;
  optionalLabel?: string | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  /** Checkboxes put the label after the box. */
  inline?: boolean;
}

export default function FormField({ id, label, error, optionalLabel, children, inline = false }: Props) {
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  const labelNode = (
    <label htmlFor={id}>
      {label}
      {optionalLabel ? <span className="field-optional"> ({optionalLabel})</span> : null}
    </label>
  );
  return (
    <div className={inline ? 'field field-inline' : 'field'}>
      {inline ? null : labelNode}
      {children(describedBy, Boolean(error))}
      {inline ? labelNode : null}
      {error ? (
        <p id={errorId} className="field-error" {...{ [formErrorAttribute]: '' }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
