// Every API path in one table, so the site and the server never spell one differently.
export const apiPaths = {
  login: '/api/login',
  logout: '/api/logout',
  register: '/api/register',
  verifyEmail: '/api/verification/email',
  verifyPhone: '/api/verification/phone',
  resendCode: '/api/verification/resend',
  emailChange: '/api/email-change',
  passwordForgot: '/api/password/forgot',
  passwordReset: '/api/password/reset',
  accountStatus: '/api/account/status',
  profileShow: '/api/profile/show',
  profileShowExtra: '/api/profile/show-extra',
  profileShowOf: (identifier: number | string) => `/api/profile/show/${identifier}`,
  profileShowExtraOf: (identifier: number | string) => `/api/profile/show-extra/${identifier}`,
  openApi: '/api/docs/openapi.json',
  health: '/api/health',
} as const;
