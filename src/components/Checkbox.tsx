// Checkbox and Switch: native inputs, so the keyboard, forms and screen readers need nothing more.
// A Switch is a checkbox with role="switch" for settings that take effect at once.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

function CheckControl({ label, hint, className, role, ref, ...rest }: Props & { role?: 'switch' }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <label className={className ? `ui-check ${className}` : 'ui-check'} htmlFor={rest.id ?? id}>
      <input
        id={id}
        {...rest}
        ref={ref}
        type="checkbox"
        role={role}
        className={role === 'switch' ? 'ui-switch' : 'ui-checkbox'}
        aria-describedby={hintId}
      />
      <span className="ui-check-text">
        <span className="ui-check-label">{label}</span>
        {hint ? (
          <span className="ui-field-hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

export default function Checkbox(props: Props) {
  return <CheckControl {...props} />;
}

export function Switch(props: Props) {
  return <CheckControl {...props} role="switch" />;
}
