// An invitation's 'Create account' link names the invited address (`?email=`, issue 11). The sign-up
// form hydrates on first use (client:interaction, decision 162), so a small page script fills the
// prerendered field before any framework code runs; what the person typed wins.

/** The invited address in a page's query, or null. */
export function invitedEmailFrom(search: string): string | null {
  const email = new URLSearchParams(search).get('email')?.trim();
  return email ? email : null;
}

/** Fills the empty email field of the sign-up form with the invited address. */
export function prefillInvitedEmail(doc: Document, search: string): void {
  const email = invitedEmailFrom(search);
  const field = doc.getElementById('signup-email');
  if (!email || !(field instanceof HTMLInputElement) || field.value !== '') return;
  field.value = email;
}
