// The public address field (decisions 208, 211): where the page will live, the address the
// form suggests, and, as the field is left, whether it is free (src/lib/forms/public-address-check.ts).
// A person's public profile and a company's public page use it, each with its own texts.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { publicAddressLimits } from '../../contract/public-profile.ts';
import type { AddressCheck } from './use-address-check.ts';
import Field from './Field.tsx';
import { TextInput } from './TextInput.tsx';

interface Props {
  label: string;
  /** Where the page lives, before the address ('https://…/in/'). */
  hint: string;
  /** Said after the hint while the address shown is the one suggested, not one saved. */
  suggested: string | null;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  check: AddressCheck;
  checkingText: string;
  availableText: string;
  /** The check line's classes, in the form's own look. */
  statusClassName: string;
}

export default function PublicAddressField({
  label,
  hint,
  suggested,
  error,
  registration,
  check,
  checkingText,
  availableText,
  statusClassName,
}: Props) {
  return (
    <>
      <Field
        label={label}
        hint={
          <>
            {hint}
            {suggested ? <> {suggested}</> : null}
          </>
        }
        error={error}
      >
        {(controlProps) => (
          <TextInput
            {...controlProps}
            {...registration}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            maxLength={publicAddressLimits.max}
          />
        )}
      </Field>
      <p className={statusClassName} role="status" aria-live="polite">
        {check.status === 'checking' ? checkingText : check.status === 'free' && !error ? `✓ ${availableText}` : ''}
      </p>
    </>
  );
}
