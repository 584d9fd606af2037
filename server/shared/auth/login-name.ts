// The login a person types (an email or a phone number), in the one form accounts are looked up by:
// sign-in, sign-up and password reset all normalise it the same way.

/** Lower-cases an email; keeps a phone number's leading + and digits only. */
export function normaliseLogin(login: string): string {
  const trimmed = login.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  const digits = trimmed.replace(/[^\d]/g, '');
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
