// Settings (SPEC §2 'Settings', §5 password messages): the password change, the list of
// active sessions and signing them out. Imports only zod and other contract files.
import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { NotificationDelivery, NotificationKind, notificationKinds, mayEmailKind } from './notifications.ts';
import { isCountryId } from './country-ids.ts';
import { postalAddressFields } from './profile.ts';
import { fieldLimits } from './field-limits.ts';
import { audiences, contactVisibilityFields, type ContactVisibilityField } from './profile-visibility.ts';
import { messageRef } from './message-refs.ts';
import {
  currentPassword as currentPasswordRule,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalTimeZone,
  personalEmail,
  phone,
  verificationCode,
} from './validation.ts';
import { currentPassword, newPassword, passwordConfirmation, passwordsMatch } from './validation.ts';

export const settingsApiPaths = {
  password: '/api/settings/password',
  sessions: '/api/settings/sessions',
  session: (id: number | string) => `/api/settings/sessions/${id}`,
  dataExport: '/api/settings/export',
  closeAccount: '/api/settings/close-account',
  /** DELETE: the caller leaves that company (account management). */
  membership: (companyId: number | string) => `/api/settings/companies/${companyId}`,
  /** GET and PUT: the notification type of each kind of notification. */
  notificationTypes: '/api/settings/notifications',
  /** GET and PUT: the contact info and who may see each field. */
  contact: '/api/settings/contact',
  /** GET: the person's emails and phones, the primary (sign-in) ones first. */
  addresses: '/api/settings/addresses',
  /** POST with the current password: adds an email (a code goes to it). */
  emails: '/api/settings/emails',
  /** POST with the current password: adds a phone (a code goes to it by SMS). */
  phones: '/api/settings/phones',
  /** DELETE with the current password: removes an added address. */
  address: (id: number | string) => `/api/settings/addresses/${id}`,
  addressVerify: (id: number | string) => `/api/settings/addresses/${id}/verify`,
  addressResend: (id: number | string) => `/api/settings/addresses/${id}/resend`,
  /** POST with the current password: the address becomes the one to sign in with. */
  addressPrimary: (id: number | string) => `/api/settings/addresses/${id}/primary`,
} as const;

/** `PUT /api/settings/password`: SPEC §5's messages for each field; every other session ends. */
export const ChangePasswordRequest = z
  .object({
    current_password: currentPassword(),
    password: newPassword(),
    password_confirmation: passwordConfirmation(),
  })
  .refine(...passwordsMatch('password', 'password_confirmation'));
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const PasswordChanged = z.object({
  /** How many other sessions the change ended. */
  ended_sessions: z.number().int().min(0),
});
export const PasswordChangedResponse = dataEnvelope(PasswordChanged);
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** One signed-in device. `browser` and `os` are product names read from its User-Agent, or null. */
export const ActiveSession = z.object({
  id: z.number().int().positive(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** A phone or tablet, as far as the User-Agent tells. */
  mobile: z.boolean(),
  last_used_at: z.string(),
  created_at: z.string(),
  /** The session this request came with ('This device'). */
  current: z.boolean(),
  /**
   * The company workspaces this session opened and that are still open (decision 243): signing the
   * session out ends them too.
   */
  workspaces: z.array(z.object({ company_id: z.number().int().positive(), company_name: z.string(), since: z.string() })),
});
export type ActiveSession = z.infer<typeof ActiveSession>;

/** `GET /api/settings/sessions`: most recently used first. */
export const SessionList = z.object({ items: z.array(ActiveSession) });
export type SessionList = z.infer<typeof SessionList>;
export const SessionListResponse = dataEnvelope(SessionList);

/** `DELETE /api/settings/sessions/{id}`. */
export const SessionParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `DELETE /api/settings/sessions`: every session but this one ended. */
export const SessionsEnded = z.object({ ended_sessions: z.number().int().min(0) });
export const SessionsEndedResponse = dataEnvelope(SessionsEnded);
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/** `POST /api/settings/close-account`: the password confirms it is the person. */
export const CloseAccountRequest = z.object({ current_password: currentPassword() });
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>;

/** The file name the full data export downloads as. */
export const dataExportFileName = 'profiles-data.json';

/** `DELETE /api/settings/companies/{companyId}`. */
export const MembershipParams = z.object({ companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The groups the notification type section lists the kinds in; every kind belongs to one. */
export const notificationKindGroups = {
  endorsement: 'profile',
  recommendation_received: 'profile',
  recommendation_accepted: 'profile',
  review_received: 'profile',
  achievement_unlocked: 'profile',
  invitation_received: 'companies',
  invitation_accepted: 'companies',
  invitation_declined: 'companies',
  join_request: 'companies',
  join_request_accepted: 'companies',
  join_request_declined: 'companies',
  confirmation_requested: 'companies',
  confirmation_declined: 'companies',
  confirmation_accepted: 'companies',
  member_joined: 'companies',
  member_left: 'companies',
  role_changed: 'companies',
  hired: 'companies',
  employment_changed: 'companies',
  left_company: 'companies',
  comment: 'activity',
  reply: 'activity',
  like: 'activity',
  domain_lapsed: 'companies',
  domain_taken_over: 'companies',
  application_rejected: 'companies',
  application_offer: 'companies',
  application_message: 'companies',
  application_message_received: 'companies',
  two_step_rule_on: 'companies',
} as const satisfies Record<NotificationKind, 'profile' | 'companies' | 'activity'>;
export const notificationKindGroupOrder = ['profile', 'companies', 'activity'] as const;

/** One kind's notification type; `email_allowed` is false for a kind whose feature mails it itself. */
export const NotificationTypeSetting = z.object({
  kind: NotificationKind,
  delivery: NotificationDelivery,
  email_allowed: z.boolean(),
});
export type NotificationTypeSetting = z.infer<typeof NotificationTypeSetting>;
/** `GET` and `PUT /api/settings/notifications`: every kind, in the contract's order. */
export const NotificationTypes = z.object({ items: z.array(NotificationTypeSetting) });
export type NotificationTypes = z.infer<typeof NotificationTypes>;
export const NotificationTypesResponse = dataEnvelope(NotificationTypes);

const notEmailable = messageRef('validation.notificationNotEmailed');
/**
 * `PUT /api/settings/notifications`: the kinds to change, each with its new type; kinds left out
 * keep theirs. A self-mailed kind cannot be 'email' (its feature's own mail is the email).
 */
export const UpdateNotificationTypesRequest = z.object(
  Object.fromEntries(
    notificationKinds.map((kind) => [
      kind,
      (mayEmailKind(kind) ? NotificationDelivery : NotificationDelivery.refine((d) => d !== 'email', { error: notEmailable })).optional(),
    ]),
  ) as Record<NotificationKind, z.ZodOptional<typeof NotificationDelivery>>,
);
export type UpdateNotificationTypesRequest = z.infer<typeof UpdateNotificationTypesRequest>;

// ── Contact info (decision 153) ───────────────────────────────────────────────

export const ContactAudience = z.enum(audiences);
/** Who may see each contact field: only me, signed-in people, everyone. `address` covers address 2. */
export const ContactVisibility = z.object(
  Object.fromEntries(contactVisibilityFields.map((field) => [field, ContactAudience])) as Record<
    ContactVisibilityField,
    typeof ContactAudience
  >,
);

const contactLimits = fieldLimits.contact;
const countryMessage = messageRef('validation.country');

/** `PUT /api/settings/contact`: every field at once; an empty field becomes null. */
export const UpdateContactInfoRequest = z.object({
  address: optionalText(contactLimits.address),
  address_2: optionalText(contactLimits.address_2),
  city: optionalText(contactLimits.city),
  state: optionalText(contactLimits.state),
  postal_code: optionalText(contactLimits.postal_code),
  citizenship_country_id: z
    .number({ error: countryMessage })
    .int({ error: countryMessage })
    .refine(isCountryId, { error: countryMessage })
    .nullish()
    .transform((v) => v ?? null),
  time_zone: optionalTimeZone(),
  contact_phone: optionalPhone(),
  contact_email: optionalEmail(contactLimits.contact_email),
  visibility: ContactVisibility,
});
export type UpdateContactInfoRequest = z.input<typeof UpdateContactInfoRequest>;

/** `GET /api/settings/contact`, and the answer of the PUT. */
export const ContactInfo = z.object({
  ...postalAddressFields,
  time_zone: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  visibility: ContactVisibility,
});
export type ContactInfo = z.infer<typeof ContactInfo>;
export const ContactInfoResponse = dataEnvelope(ContactInfo);

// ── Emails and phones (decision 154) ──────────────────────────────────────────

/** Added addresses a person may keep per channel, besides the primary one. */
export const maxAddedAddresses = 5;

/** One email or phone of the person. The primary one (id null) is the one they sign in with. */
export const AccountAddress = z.object({
  id: z.number().int().positive().nullable(),
  value: z.string(),
  primary: z.boolean(),
  verified: z.boolean(),
});
export type AccountAddress = z.infer<typeof AccountAddress>;

/** `GET /api/settings/addresses`: each channel's primary first, then the added ones, oldest first. */
export const AccountAddresses = z.object({ emails: z.array(AccountAddress), phones: z.array(AccountAddress) });
export type AccountAddresses = z.infer<typeof AccountAddresses>;
export const AccountAddressesResponse = dataEnvelope(AccountAddresses);

/** `POST /api/settings/emails`: SPEC §5 'Please enter your personal email.'; the current password too (decision 235). */
export const AddEmailRequest = z.object({ email: personalEmail(), current_password: currentPasswordRule() });
export type AddEmailRequest = z.input<typeof AddEmailRequest>;
/** `POST /api/settings/phones`: SPEC §5 'Invalid phone number'. */
export const AddPhoneRequest = z.object({ phone: phone(), current_password: currentPasswordRule() });
export type AddPhoneRequest = z.input<typeof AddPhoneRequest>;

/** The address added and its code on the way: when another may be asked for, how long this one lives. */
export const AddressCodeSent = z.object({
  address: AccountAddress,
  resend_available_in: z.number().int().min(0),
  expires_in: z.number().int().positive(),
});
export type AddressCodeSent = z.infer<typeof AddressCodeSent>;
export const AddressCodeSentResponse = dataEnvelope(AddressCodeSent);

/** `POST /api/settings/addresses/{id}/verify`: SPEC §5 'The entered code is incorrect.' */
export const VerifyAddressRequest = z.object({ code: verificationCode() });
export type VerifyAddressRequest = z.input<typeof VerifyAddressRequest>;

/** `POST /api/settings/addresses/{id}/primary`: changing the sign-in address needs the password. */
export const MakePrimaryRequest = z.object({ current_password: currentPasswordRule() });
export type MakePrimaryRequest = z.input<typeof MakePrimaryRequest>;

/** `DELETE /api/settings/addresses/{id}`: removing an added address needs the password too (decision 235). */
export const RemoveAddressRequest = z.object({ current_password: currentPasswordRule() });
export type RemoveAddressRequest = z.input<typeof RemoveAddressRequest>;

export const AddressParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
