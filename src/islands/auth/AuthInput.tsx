// An accounts-form text input on the kit's Field (label, hint, error wired by aria-describedby),
// registered with the form.
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Field from '../../components/Field.tsx';
import { TextInput } from '../../components/TextInput.tsx';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-describedby' | 'aria-invalid'>;

interface Props extends InputAttributes {
  id: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

export default function AuthInput({ id, label, hint, error, registration, ...input }: Props) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(control) => <TextInput {...control} {...input} {...registration} />}
    </Field>
  );
}

/** The six-digit code a message brought (email or SMS): numeric keyboard, one-time-code autofill. */
export function CodeInput(props: Omit<Props, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'className'>) {
  return <AuthInput {...props} className="auth-code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />;
}
