// An invitation's 'Create account' and 'Sign in' links name the invited address (`?email=`). Both forms
// hydrate on first use (client:interaction, decisions 159 and 162), so a
// small page script fills the prerendered field before any framework code runs; what the person typed wins.

/** The invited address in a page's query, or null. */
export function invitedEmailFrom(search: string): string | null {
  const email = new URLSearchParams(search).get('email')?.trim();
  return email ? email : null;
}

/** Fills the empty email field of the sign-up form (or the sign-in form's, by its id) with the invited address. */
export function prefillInvitedEmail(doc: Document, search: string, fieldId = 'signup-email'): void {
  const email = invitedEmailFrom(search);
  const field = doc.getElementById(fieldId);
  if (!email || !(field instanceof HTMLInputElement) || field.value !== '') return;
  field.value = email;
}
