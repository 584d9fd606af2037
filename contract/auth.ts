// Accounts (SPEC §1, §3, §4 "Registration", §5, §7): sign-up of personal and company accounts, email
// and phone verification with codes, sign-in and sign-out, forgotten passwords, the account status.
import { z } from 'zod';
import { companyRoles } from './company-roles.ts';
import { dataEnvelope, ErrorResponse } from './envelope.ts';
import { Locale } from './locale-schema.ts';
import {
  acceptedTerms,
  currentPassword,
  email,
  industryChoice,
  loginIdentifier,
  passwordsMatch,
  password,
  passwordConfirmation,
  personalEmail,
  phone,
  requiredText,
  text,
  verificationCode,
} from './validation.ts';

/** A code lives this long after it is sent. */
/**
 * The cookie that carries the session token (SPEC §3, §9): the site sets it; the server reads only
 * whether it is there, to send a signed-out visitor of a person's page to their public page.
 */
export const sessionCookieName = 's-token';

export const codeLifetimeSeconds = 600;
/** The countdown before the same code can be sent again (SPEC §2 "resend after a countdown"). */
export const resendCountdownSeconds = 60;
/** Codes of one kind a person can be sent in any hour. */
export const codesPerHour = 6;
/** Wrong tries a code survives; the last one locks it and a new code must be requested. */
export const codeMaxWrongTries = 5;

/** `POST /api/login`: `login` is an email address or a phone number. */
export const LoginRequest = z.object({
  login: loginIdentifier(),
  password: text().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A signed-in session: the bearer token. */
export const LoginToken = z.object({ token: z.string() });
/**
 * The password was right and two-step sign-in is on (decision 180): no token yet, only a challenge
 * for `POST /api/login/two-factor`, good for `expires_in` seconds.
 */
export const LoginChallenge = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_in: z.number().int().positive(),
  /** The person has a passkey, which the second step takes in place of a code (decision 206). */
  passkey: z.boolean().optional(),
});
export type LoginChallenge = z.infer<typeof LoginChallenge>;

export const LoginResponse = z.object({
  data: z.union([LoginToken, LoginChallenge]),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const accountKinds = ['personal', 'company'] as const;
export const AccountKind = z.enum(accountKinds);
export type AccountKind = z.infer<typeof AccountKind>;

const personFields = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  phone: phone(),
  password: password(),
  password_confirmation: passwordConfirmation(),
  terms: acceptedTerms(),
  // The interface language at sign-up; codes are written in it. The request's locale when absent.
  locale: Locale.optional(),
};

/** The personal sign-up form (`/create-account`). */
export const RegisterPersonalRequest = z
  .object({ kind: z.literal('personal'), email: email(), ...personFields })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type RegisterPersonalRequest = z.infer<typeof RegisterPersonalRequest>;

/** The company sign-up form (`/create-account/company`): the company and its representative. */
export const RegisterCompanyRequest = z
  .object({
    kind: z.literal('company'),
    company_name: requiredText(200),
    // The brand page's list (contract/industries.ts), not free text (decision 200).
    industry_id: industryChoice(),
    // The representative's own address, not a shared mailbox (SPEC §5 'Please enter your personal email.').
    email: personalEmail(),
    ...personFields,
  })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type RegisterCompanyRequest = z.infer<typeof RegisterCompanyRequest>;

/** `POST /api/register`: one of the two forms, told apart by `kind`. */
export const RegisterRequest = z.discriminatedUnion('kind', [RegisterPersonalRequest, RegisterCompanyRequest]);
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const CompanyRole = z.enum(companyRoles);
export type CompanyRole = z.infer<typeof CompanyRole>;

/** 'verified' once the owner who signed the company up has verified their email and phone (decision 021). */
export const companyVerificationStatuses = ['pending', 'verified'] as const;
export const CompanyVerificationStatus = z.enum(companyVerificationStatuses);
export type CompanyVerificationStatus = z.infer<typeof CompanyVerificationStatus>;

/** A company the person belongs to, with their role in it. */
export const AccountCompany = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  industry: z.string(),
  role: CompanyRole,
  verification_status: CompanyVerificationStatus,
  /** The first day the membership no longer counts, once the person chose to leave (SPEC §4); null while they stay. */
  leaves_on: z.string().nullable(),
});
export type AccountCompany = z.infer<typeof AccountCompany>;

/** Where the sign-up flow continues: the page after the verified steps. */
export const RegistrationStep = z.enum(['email_verification', 'phone_verification', 'completed']);
export type RegistrationStep = z.infer<typeof RegistrationStep>;

/** The signed-in person's account: what is verified, what comes next, and the resend countdowns. */
export const AccountStatus = z.object({
  user_id: z.number().int().positive(),
  kind: AccountKind,
  email: z.string(),
  phone: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  next_step: RegistrationStep,
  /** Seconds until an email code can be sent again; 0 when it can be now. */
  email_resend_available_in: z.number().int().min(0),
  phone_resend_available_in: z.number().int().min(0),
  companies: z.array(AccountCompany),
});
export type AccountStatus = z.infer<typeof AccountStatus>;

/** `GET /api/account/status`, and the answer of each verification step. */
export const AccountStatusResponse = dataEnvelope(AccountStatus);
export type AccountStatusResponse = z.infer<typeof AccountStatusResponse>;

/** `POST /api/register`: a session token (the person is signed in) and the account to verify. */
export const RegisterResponse = dataEnvelope(z.object({ token: z.string(), account: AccountStatus }));
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** `POST /api/verification/email` and `POST /api/verification/phone`. */
export const VerifyCodeRequest = z.object({ code: verificationCode() });
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;

export const codeChannels = ['email', 'phone'] as const;
export const CodeChannel = z.enum(codeChannels);
export type CodeChannel = z.infer<typeof CodeChannel>;

/** `POST /api/verification/resend`. */
export const ResendCodeRequest = z.object({ channel: CodeChannel });
export type ResendCodeRequest = z.infer<typeof ResendCodeRequest>;

/** A code was sent: when the next one may be asked for and how long this one lives. */
export const CodeSent = z.object({
  channel: CodeChannel,
  resend_available_in: z.number().int().min(0),
  expires_in: z.number().int().positive(),
});
export type CodeSent = z.infer<typeof CodeSent>;

export const CodeSentResponse = dataEnvelope(CodeSent);
export type CodeSentResponse = z.infer<typeof CodeSentResponse>;

/** 429 of a resend asked for too soon (also in the Retry-After header). */
export const ResendThrottledResponse = ErrorResponse.extend({ resend_available_in: z.number().int().positive() });
export type ResendThrottledResponse = z.infer<typeof ResendThrottledResponse>;

/**
 * `POST /api/email-change`: corrects a mistyped address while it is unverified; a code goes to the new
 * one. The password too (decision 235): a session taken a minute after sign-up must not put its own
 * address on the account and prove it.
 */
export const EmailChangeRequest = z.object({ email: email(), current_password: currentPassword() });
export type EmailChangeRequest = z.infer<typeof EmailChangeRequest>;

/** `POST /api/password/forgot`: the account's email address or mobile phone. */
export const ForgotPasswordRequest = z.object({ login: loginIdentifier() });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** The same answer whether or not the account exists, so the form reveals no accounts. */
export const ForgotPasswordResponse = dataEnvelope(
  z.object({ resend_available_in: z.number().int().min(0), expires_in: z.number().int().positive() }),
);
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** `POST /api/password/reset`: the login given to forgot-password, its code and the new password. */
export const ResetPasswordRequest = z
  .object({
    login: loginIdentifier(),
    code: verificationCode(),
    password: password(),
    password_confirmation: passwordConfirmation(),
  })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/**
 * A new session; every other session of the account has ended. With two-step sign-in on, the
 * challenge of the second step instead (decision 180): the code replaced the password, not the app.
 * The same answer as signing in, named for its route. @alias
 */
export const ResetPasswordResponse = LoginResponse;
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;
