// Checkbox and Switch: native inputs, so the keyboard, forms and screen readers need nothing more.
// A Switch is a checkbox with role="switch" for settings that take effect at once.
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> {
  label: ReactNode;
  hint?: ReactNode;
}

function CheckControl({ label, hint, className, role, inputRef, ...rest }: Props & { role?: 'switch'; inputRef: Ref<HTMLInputElement> }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <label className={className ? `ui-check ${className}` : 'ui-check'} htmlFor={rest.id ?? id}>
      <input
        id={id}
        {...rest}
        ref={inputRef}
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

// forwardRef, not React 19's ref-as-prop: Preact renders the islands (decision 063).
const Checkbox = forwardRef<HTMLInputElement, Props>(function Checkbox(props, ref) {
  return <CheckControl {...props} inputRef={ref} />;
});
export default Checkbox;

export const Switch = forwardRef<HTMLInputElement, Props>(function Switch(props, ref) {
  return <CheckControl {...props} inputRef={ref} role="switch" />;
});
