// An accounts-form text input with its label, hint and error (AuthField), registered with the form.
import type { InputHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import AuthField from './AuthField.tsx';

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
    <AuthField id={id} label={label} hint={hint} error={error}>
      {(describedBy, invalid) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...input} {...registration} />
      )}
    </AuthField>
  );
}
