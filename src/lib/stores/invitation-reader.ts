// Who is about to answer a company's invitation (the invitation page): the signed-in account's address
// decides whether the invitation is theirs; if it is, the page shows their name and photo. The page
// loads this module once it knows someone is signed in.
import { fetchAccountStatus } from '../api/accounts-api.ts';
import { fetchProfile, fetchProfileExtra } from '../api/profile-api.ts';

export type InvitationReader = { kind: 'other-address'; current: string } | { kind: 'confirm'; name: string; photo: string | null };

/** Whether the signed-in person was invited at `invitedEmail`, and if so their name and photo. */
export async function invitationReader(invitedEmail: string): Promise<InvitationReader> {
  const account = await fetchAccountStatus();
  if (account.email.toLowerCase() !== invitedEmail) return { kind: 'other-address', current: account.email };
  const [profile, extra] = await Promise.all([fetchProfile(), fetchProfileExtra().catch(() => null)]);
  return { kind: 'confirm', name: `${profile.first_name} ${profile.last_name}`.trim(), photo: extra?.photo_url ?? null };
}
