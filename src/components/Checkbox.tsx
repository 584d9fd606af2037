// Checkbox and Switch: native inputs, so the keyboard, forms and screen readers need nothing more.
// A Switch is a checkbox with role="switch" for settings that take effect at once.
import { useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';

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

/**
 * A switch that applies at once and says what it did. While saving it shows the
 * state asked for, is aria-disabled and aria-busy, and ignores further clicks and keys, so one change
 * sends one request; it keeps the focus (a natively disabled control would drop it to the page), then
 * shows what the caller's state says the server confirmed, or goes back, handing the failure to
 * `onFailure` to say why.
 */
export function ConsentSwitch({
  label,
  hint,
  className,
  checked,
  onChange,
  onFailure,
}: {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  checked: boolean;
  onChange: (next: boolean) => Promise<void>;
  onFailure: (error: unknown) => void;
}) {
  const [pending, setPending] = useState<boolean | null>(null);
  // Set before React re-renders, so a second event in the same frame is refused too.
  const saving = useRef(false);
  return (
    <Switch
      className={className}
      label={label}
      hint={hint}
      checked={pending ?? checked}
      aria-disabled={pending !== null || undefined}
      aria-busy={pending !== null || undefined}
      onChange={(event) => {
        // One change at a time: React puts the box back to the state shown.
        if (saving.current) return;
        saving.current = true;
        const next = event.target.checked;
        setPending(next);
        onChange(next)
          .catch(onFailure)
          .finally(() => {
            saving.current = false;
            setPending(null);
          });
      }}
    />
  );
}
