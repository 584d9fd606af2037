// The support desk's address the account-closed page shows (SPEC §2 'Account closed', §8), read from
// the build's configuration (PUBLIC_SUPPORT_EMAIL). A value that is not one address falls back to the
// default rather than printing something broken into a mailto: link.

export const defaultSupportEmail = 'support@profiles.test';

/** The configured support address, or the default when unset or malformed. */
export function supportEmailFrom(configured: unknown): string {
  if (typeof configured !== 'string') return defaultSupportEmail;
  const value = configured.trim();
  return /^[^\s@<>"'?&#]+@[^\s@<>"'?&#]+\.[^\s@<>"'?&#]+$/.test(value) ? value : defaultSupportEmail;
}
