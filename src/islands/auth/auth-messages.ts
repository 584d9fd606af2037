// The strings each accounts island reads: the page picks exactly these with pickMessages, so an
// island ships one language and only its own text.
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';

const validation = validationMessageKeys;

/** The second step of two-step sign-in (decision 180), after the password or a password reset. */
function secondStepKeys() {
  return [
    'account.secondStep.title',
    'account.secondStep.intro',
    'account.secondStep.field',
    'account.secondStep.hint',
    'account.secondStep.submit',
    'account.secondStep.submitting',
    'account.secondStep.back',
    'account.secondStep.expired',
    'account.secondStep.usePasskey',
    'account.passkey.signingIn',
    'account.passkey.unsupported',
    // A refusal for too many attempts names the wait (src/lib/retry-after.ts).
    'account.tooManyTriesIn',
    ...(['minutes', 'seconds'] as const).flatMap((unit) =>
      (['one', 'few', 'many', 'other'] as const).map((form) => `account.retry.${unit}.${form}` as const),
    ),
  ] as const;
}

/** The sign-in form. */
export const loginMessageKeys = [
  'account.field.login',
  'account.field.password',
  'auth.signIn',
  'account.signingIn',
  'account.loginFailed',
  'account.tooManyTries',
  'error.generic',
  'account.passkey.signIn',
  'account.passkey.or',
  ...secondStepKeys(),
  ...validation,
] as const satisfies readonly MessageKey[];

/** The personal and company sign-up forms. */
export const signUpMessageKeys = [
  'account.field.firstName',
  'account.field.lastName',
  'account.field.email',
  'account.field.personalEmail',
  'account.field.phone',
  'account.field.password',
  'account.field.passwordConfirmation',
  'account.field.companyName',
  'account.field.industry',
  'account.hint.phone',
  'account.hint.password',
  'account.terms',
  'account.terms.link',
  'account.privacy.link',
  'company.field.industryNone',
  'account.signUp.companySection',
  'account.signUp.representativeSection',
  'account.signUp.submit',
  'account.signUp.submitting',
  ...validation,
] as const satisfies readonly MessageKey[];

/** The email and phone code forms. */
export const verificationMessageKeys = [
  'verification.enterCode',
  'verification.resend',
  'verification.resendIn',
  'account.hint.code',
  'account.verify.emailIntro',
  'account.verify.phoneIntro',
  'account.verify.submit',
  'account.verify.submitting',
  'account.verify.changeEmail',
  'account.verify.resent',
  ...validation,
] as const satisfies readonly MessageKey[];

/** The email correction form. */
export const emailChangeMessageKeys = [
  'account.field.newEmail',
  'account.field.password',
  'account.emailChange.current',
  'account.emailChange.submit',
  'account.emailChange.back',
  ...validation,
] as const satisfies readonly MessageKey[];

/** Both steps of the forgotten-password form. */
export const forgotPasswordMessageKeys = [
  'account.field.login',
  'account.field.newPassword',
  'account.field.passwordConfirmation',
  'account.hint.password',
  'account.hint.code',
  'account.forgot.send',
  'account.forgot.sending',
  'account.forgot.codeSent',
  'account.forgot.submit',
  'account.forgot.otherLogin',
  'auth.createNewPassword',
  'verification.enterCode',
  'verification.resend',
  'verification.resendIn',
  'account.verify.resent',
  'account.tooManyTries',
  'error.generic',
  ...secondStepKeys(),
  ...validation,
] as const satisfies readonly MessageKey[];
