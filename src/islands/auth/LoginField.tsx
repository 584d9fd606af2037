// The "email or mobile phone" field of sign-in and of the forgotten-password form.
import type { UseFormRegisterReturn } from 'react-hook-form';
import AuthInput from './AuthInput.tsx';

interface Props {
  id: string;
  label: string;
  error: string;
  registration: UseFormRegisterReturn;
  /** Sign-in: the browser may offer passkeys among the field's suggestions (decision 206). */
  passkeys?: boolean;
}

export default function LoginField({ passkeys = false, ...props }: Props) {
  return (
    <AuthInput
      {...props}
      type="text"
      inputMode="email"
      autoComplete={passkeys ? 'username webauthn' : 'username'}
      autoCapitalize="none"
      spellCheck={false}
      required
    />
  );
}
