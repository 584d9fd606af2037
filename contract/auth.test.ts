import { describe, expect, it } from 'vitest';
import { RegisterPersonalRequest } from './auth.ts';
import { genericIssueMessage } from './validation-messages.ts';

describe('the sign-up schema', () => {
  it('reports "Passwords don\'t match" together with the other missing fields', () => {
    const result = RegisterPersonalRequest.safeParse(
      {
        kind: 'personal',
        email: '',
        first_name: '',
        last_name: 'K',
        phone: '+380501234567',
        password: 'Sturdy-Passw0rd',
        password_confirmation: 'Sturdy-Passw0rd!',
        terms: true,
      },
      { error: genericIssueMessage },
    );
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toMatchObject({ first_name: 'validation.required', password_confirmation: 'validation.passwordsMismatch' });
  });

  it('does not add the mismatch while a password itself is invalid', () => {
    const result = RegisterPersonalRequest.safeParse(
      {
        kind: 'personal',
        email: 'a@b.co',
        first_name: 'A',
        last_name: 'K',
        phone: '+380501234567',
        password: 'weak',
        password_confirmation: 'other',
        terms: true,
      },
      { error: genericIssueMessage },
    );
    const fields = result.error!.issues.map((issue) => `${issue.path.join('.')}:${issue.message.split('|')[0]}`);
    expect(fields).toContain('password:validation.password');
    expect(fields).not.toContain('password_confirmation:validation.passwordsMismatch');
  });
});

describe('the password match check', () => {
  it.each([null, 'text', 42, []])('never throws on a body of %j', (body) => {
    expect(() => RegisterPersonalRequest.safeParse(body, { error: genericIssueMessage })).not.toThrow();
  });
});
