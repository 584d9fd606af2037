// Every API path in one table, so the site and the server never spell one differently. Plain
// strings and functions (no schema library), so any page's first script may import it.
import type { SectionName, UploadKind } from './profile-sections.ts';
export const apiPaths = {
  login: '/api/login',
  /** The second step of signing in with two-step sign-in on (decision 180). */
  loginSecondStep: '/api/login/two-factor',
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
  /** Readiness: 200 while the database (and Redis, when configured) answer and the process is not stopping; 503 otherwise. */
  ready: '/api/ready',
} as const;

/** API paths of the profile page and its sections. */
export const profileApiPaths = {
  page: '/api/profile/page',
  pageOf: (identifier: number | string) => `/api/profile/page/${identifier}`,
  update: '/api/profile',
  locale: '/api/profile/locale',
  section: (section: SectionName) => `/api/profile/${section}`,
  sectionItem: (section: SectionName, id: number | string) => `/api/profile/${section}/${id}`,
  endorsement: (skillId: number | string) => `/api/profile/skills/${skillId}/endorsement`,
  recommendationsOf: (identifier: number | string) => `/api/profile/page/${identifier}/recommendations`,
  recommendation: (id: number | string) => `/api/profile/recommendations/${id}`,
  upload: (kind: UploadKind) => `/api/uploads/${kind}`,
  file: (storageName: string) => `/api/files/${storageName}`,
  photo: '/api/profile/photo',
  cover: '/api/profile/cover',
  exportResume: '/api/profile/export',
  importResume: '/api/profile/import',
} as const;
