// The "email or mobile phone" field of sign-in and of the forgotten-password form.
import type { UseFormRegisterReturn } from 'react-hook-form';
import AuthField from './AuthField.tsx';

interface Props {
  id: string;
  label: string;
  error: string;
  registration: UseFormRegisterReturn;
}

export default function LoginField({ id, label, error, registration }: Props) {
  return (
    <AuthField id={id} label={label} error={error}>
      {(describedBy, invalid) => (
        <input
          id={id}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...registration}
        />
      )}
    </AuthField>
  );
}
