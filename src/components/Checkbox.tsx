// Checkbox and Switch: native inputs, so the keyboard, forms and screen readers need nothing more.
// A Switch is a checkbox with role="switch" for settings that take effect at once.
import { useId, type ComponentProps, type ReactNode } from 'react';

interface Props extends Omit<ComponentProps<'input'>, 'type' | 'role'> {
  label: ReactNode;
  hint?: ReactNode;
}

function CheckControl({ label, hint, className, role, ...rest }: Props & { role?: 'switch' }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <label className={className ? `ui-check ${className}` : 'ui-check'} htmlFor={rest.id ?? id}>
      <input
        id={id}
        {...rest}
        type="checkbox"
        role={role}
        className={role === 'switch' ? 'ui-switch' : 'ui-checkbox'}
        aria-describedby={hintId}
      />
      <CheckText label={label} hint={hint} hintId={hintId} />
    </label>
  );
}

/** The words after a check box: its label and hint (also used by Field's inline layout). */
export function CheckText({ label, hint, hintId }: { label: ReactNode; hint?: ReactNode; hintId: string | undefined }) {
  return (
    <span className="ui-check-text">
      <span className="ui-check-label">{label}</span>
      {hint ? (
        <span className="ui-field-hint" id={hintId}>
          {hint}
        </span>
      ) : null}
    </span>
  );
}

export default function Checkbox(props: Props) {
  return <CheckControl {...props} />;
}

export function Switch(props: Props) {
  return <CheckControl {...props} role="switch" />;
}
