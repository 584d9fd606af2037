// @vitest-environment happy-dom
// The switch to a company's workspace when the server refuses the hand-over: an account whose email
// is not proved yet (403 verify_email_for_workspace, decision 235) is told that, in its language, with
// the way to prove it, and is not sent on to a bare 'Access denied'; the two-step refusal keeps its own.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translate } from '../../i18n/index.ts';
import type { Locale } from '../../../contract/locale.ts';
import CompanySwitch from './CompanySwitch.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function refuseHandoff(code: string, message: string) {
  const fetch = vi.fn((_url: unknown, _init?: unknown) =>
    Promise.resolve(new Response(JSON.stringify({ message, code }), { status: 403, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetch);
  history.replaceState(null, '', '/company-access?company=7');
  const assign = vi.spyOn(location, 'assign').mockImplementation(() => undefined);
  return { fetch, assign };
}

function show(locale: Locale, prefix: string) {
  render(
    <CompanySwitch
      text={translate(locale, 'company.switching')}
      localePrefix={prefix}
      twoStepText={translate(locale, 'error.code.two_factor_required')}
      twoStepLink={translate(locale, 'company.switch.turnOnTwoStep')}
      verifyEmailText={translate(locale, 'error.code.verify_email_for_workspace')}
      verifyEmailLink={translate(locale, 'company.switch.verifyEmail')}
    />,
  );
}

describe('opening a company workspace', () => {
  it('says to verify the email, with the way to do it, in English and Ukrainian, and goes nowhere', async () => {
    const { fetch, assign } = refuseHandoff('verify_email_for_workspace', 'Verify your email address to open the company workspace.');
    show('en_GB', '');
    expect(await screen.findByText('Verify your email address to open the company workspace.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your email address' }).getAttribute('href')).toBe('/create-account/email-verification');
    expect(fetch).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByText(/two-step/i)).toBeNull();
    cleanup();

    show('uk_UA', '/uk');
    expect(await screen.findByText('Підтвердьте електронну адресу, щоб відкрити робочий простір компанії.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Підтвердити електронну адресу' }).getAttribute('href')).toBe(
      '/uk/create-account/email-verification',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('keeps the two-step refusal with its own way out', async () => {
    const { assign } = refuseHandoff('two_factor_required', 'Turn on two-step sign-in first.');
    show('en_GB', '');
    expect(await screen.findByText(translate('en_GB', 'error.code.two_factor_required'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Turn on two-step sign-in' }).getAttribute('href')).toBe('/settings#security');
    expect(assign).not.toHaveBeenCalled();
  });
});
