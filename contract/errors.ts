// HTTP statuses the API answers with, by meaning, so no route writes a bare number; and the stable
// error codes every error answer carries (ARCHITECTURE "API conventions"). The site translates a
// code from its dictionaries (`error.code.<code>`); the server's English `message` is a fallback.
export const HttpStatus = {
  ok: 200,
  created: 201,
  noContent: 204,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
} as const;
export type HttpStatus = (typeof HttpStatus)[keyof typeof HttpStatus];

/**
 * Every code an error answer may carry, with the status it comes with. A code is a promise to
 * clients: add new ones, never rename or reuse one.
 */
export const errorCodes = {
  bad_request: HttpStatus.badRequest,
  invalid_json: HttpStatus.badRequest,
  empty_body: HttpStatus.badRequest,
  unauthenticated: HttpStatus.unauthorized,
  invalid_credentials: HttpStatus.unauthorized,
  // The second step of signing in waited too long or took too many wrong codes (decision 180).
  challenge_expired: HttpStatus.unauthorized,
  // A passkey this site does not know, or whose answer does not check out (decision 206).
  passkey_not_recognised: HttpStatus.unauthorized,
  // Decision 243: a company session that was ended; `reason` and `company_name` say why and where.
  company_session_ended: HttpStatus.unauthorized,
  forbidden: HttpStatus.forbidden,
  cross_site_refused: HttpStatus.forbidden,
  email_not_verified: HttpStatus.forbidden,
  role_forbidden: HttpStatus.forbidden,
  company_access_denied: HttpStatus.forbidden,
  // The company asks its owners and admins for two-step sign-in, and this person has it off.
  two_factor_required: HttpStatus.forbidden,
  // Decision 235: a sensitive change carries its own proof (the current password); without
  // one, or with a wrong one, nothing changes. A 403, never a 401: the session itself is fine.
  reauthentication_required: HttpStatus.forbidden,
  reauthentication_failed: HttpStatus.forbidden,
  // An account whose email is unverified adds no passkey, two-step sign-in or phone.
  verify_email_first: HttpStatus.forbidden,
  verify_email_for_workspace: HttpStatus.forbidden,
  // An account that verified neither its email nor its phone does not search.
  verify_to_search: HttpStatus.forbidden,
  wrong_invitee: HttpStatus.forbidden,
  invitee_not_verified: HttpStatus.forbidden,
  account_closed: HttpStatus.forbidden,
  not_found: HttpStatus.notFound,
  profile_not_found: HttpStatus.notFound,
  // A mail's link to remove a sign-in method that is used, expired or not ours (decision 235).
  removal_link_invalid: HttpStatus.notFound,
  already_verified: HttpStatus.conflict,
  no_phone: HttpStatus.conflict,
  invitation_closed: HttpStatus.conflict,
  owner_must_transfer: HttpStatus.conflict,
  owner_cannot_leave: HttpStatus.conflict,
  address_not_verified: HttpStatus.conflict,
  address_taken: HttpStatus.conflict,
  section_full: HttpStatus.conflict,
  // One code per state a person can run into, so every page says it in its own language.
  already_member: HttpStatus.conflict,
  join_request_open: HttpStatus.conflict,
  request_already_decided: HttpStatus.conflict,
  already_owner: HttpStatus.conflict,
  job_not_verified: HttpStatus.conflict,
  // Decision 258: a domain's DID Configuration is offered once the domain is verified.
  domain_not_verified: HttpStatus.conflict,
  already_left: HttpStatus.conflict,
  employment_ended: HttpStatus.conflict,
  job_already_verified: HttpStatus.conflict,
  confirmation_already_requested: HttpStatus.conflict,
  two_factor_already_on: HttpStatus.conflict,
  two_factor_not_set_up: HttpStatus.conflict,
  // Undoing 'two-step turned off' once no key kept opens its secret: it stays off, to be set up again.
  two_factor_unreadable: HttpStatus.conflict,
  passkey_already_added: HttpStatus.conflict,
  passkey_limit_reached: HttpStatus.conflict,
  name_changed_since_seen: HttpStatus.conflict,
  // Decision 255: publish, close or reopen asked of an opening whose status does not allow it.
  opening_status: HttpStatus.conflict,
  // Kept for old clients; no service throws it (server/http/conflict-codes.test.ts).
  conflict: HttpStatus.conflict,
  // Decision 262: one application per person and opening; a closed or expired opening takes none.
  already_applied: HttpStatus.conflict,
  opening_not_open: HttpStatus.conflict,
  already_hired: HttpStatus.conflict,
  body_too_large: HttpStatus.payloadTooLarge,
  file_too_large: HttpStatus.payloadTooLarge,
  storage_quota_exceeded: HttpStatus.payloadTooLarge,
  unsupported_content_type: HttpStatus.unsupportedMediaType,
  file_type_not_accepted: HttpStatus.unsupportedMediaType,
  validation_failed: HttpStatus.unprocessable,
  // A search that ran past its time bound; narrower words or a filter finish it.
  search_too_broad: HttpStatus.unprocessable,
  too_soon: HttpStatus.tooManyRequests,
  too_many_requests: HttpStatus.tooManyRequests,
  server_error: HttpStatus.internal,
} as const satisfies Record<string, HttpStatus>;

export type ErrorCode = keyof typeof errorCodes;
/** The codes that come with `status` (a 403 error may only carry a 403 code). */
export type ErrorCodeOf<S extends HttpStatus> = { [C in ErrorCode]: (typeof errorCodes)[C] extends S ? C : never }[ErrorCode];
/** The 409 codes a service may throw: each names its state; the generic `conflict` is not one of them. */
export type ConflictCode = Exclude<ErrorCodeOf<typeof HttpStatus.conflict>, 'conflict'>;
/** The codes as a list, for the contract's enum and for tests that walk every code. */
export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

/** The status that comes with `code`. */
export function statusOfCode(code: ErrorCode): HttpStatus {
  return errorCodes[code];
}

/** True when `value` is one of the codes (a client checks what it received). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
