// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { invitedEmailFrom, prefillInvitedEmail } from './invited-email.ts';

describe('the invited address on the sign-up page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is read from the query, trimmed, and absent when empty', () => {
    expect(invitedEmailFrom('?email=ann%40example.com&redirect=%2Finvitation')).toBe('ann@example.com');
    expect(invitedEmailFrom('?email=%20%20')).toBeNull();
    expect(invitedEmailFrom('')).toBeNull();
  });

  it('fills the empty prerendered field, and never what the person typed', () => {
    document.body.innerHTML = '<form><input id="signup-email" type="email"></form>';
    const field = document.getElementById('signup-email') as HTMLInputElement;
    prefillInvitedEmail(document, '?email=ann%40example.com');
    expect(field.value).toBe('ann@example.com');
    field.value = 'typed@example.com';
    prefillInvitedEmail(document, '?email=ann%40example.com');
    expect(field.value).toBe('typed@example.com');
  });

  it("fills the sign-in form's field when the invitation sends the person to sign in", () => {
    document.body.innerHTML = '<form><input id="login-login" type="text"></form>';
    prefillInvitedEmail(document, '?email=ann%40example.com&redirect=%2Finvitation%3Ftoken%3Dx', 'login-login');
    expect((document.getElementById('login-login') as HTMLInputElement).value).toBe('ann@example.com');
  });
});
