// One labelled control of an accounts form with its hint and error, wired for screen readers: the
// control names both in aria-describedby, and the error carries the attribute scrollToFirstError finds.
import type { ReactNode } from 'react';
import { formErrorAttribute } from '../../lib/forms/scroll-to-error.ts';

interface Props {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Receives the ids to describe the control by and whether it is invalid. */
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  /** A checkbox: the label follows the box. */
  inline?: boolean;
}

export default function AuthField({ id, label, hint, error, children, inline = false }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const labelNode = <label htmlFor={id}>{label}</label>;
  return (
    <div className={inline ? 'auth-field auth-field-inline' : 'auth-field'}>
      {inline ? null : labelNode}
      {children(describedBy, Boolean(error))}
      {inline ? labelNode : null}
      {hint ? (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="auth-error" {...{ [formErrorAttribute]: '' }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
