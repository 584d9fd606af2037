// The "email or mobile phone" field of sign-in and of the forgotten-password form.
import type { UseFormRegisterReturn } from 'react-hook-form';
import AuthInput from './AuthInput.tsx';

interface Props {
  id: string;
  label: string;
  error: string;
  registration: UseFormRegisterReturn;
}

export default function LoginField(props: Props) {
  return <AuthInput {...props} type="text" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false} required />;
}
