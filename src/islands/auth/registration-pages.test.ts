// @vitest-environment happy-dom
// Where sign-up goes next for a person an invitation sent (an invitation is
// answered from a verified address): the email code first, carrying the way back, then the invitation.
import { describe, expect, it } from 'vitest';
import { nextPageReturning } from './registration-pages.ts';

describe('the sign-up step after this one', () => {
  const back = '/invitation?token=abc';

  it('is the step itself when nothing sent the person here', () => {
    expect(nextPageReturning('en_GB', 'email_verification', 'personal', undefined)).toBe('/create-account/email-verification');
    expect(nextPageReturning('uk_UA', 'phone_verification', 'personal', undefined)).toBe('/uk/create-account/phone-verification');
  });

  it('is the email code, with the way back, while the email is unverified', () => {
    expect(nextPageReturning('en_GB', 'email_verification', 'personal', back)).toBe(
      '/create-account/email-verification?redirect=%2Finvitation%3Ftoken%3Dabc',
    );
    expect(nextPageReturning('uk_UA', 'email_verification', 'company', back)).toBe(
      '/uk/create-account/email-verification-company?redirect=%2Finvitation%3Ftoken%3Dabc',
    );
  });

  it('is the page that sent the person once the email is verified', () => {
    expect(nextPageReturning('en_GB', 'phone_verification', 'personal', back)).toBe(back);
    expect(nextPageReturning('en_GB', 'completed', 'personal', back)).toBe(back);
  });
});
