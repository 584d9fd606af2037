// @vitest-environment happy-dom
// The badge of a confirmed job says its level of trust in words (decision 257), in both languages.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pickMessages } from '../../i18n/index.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { VerifiedBadge } from './CareerJobItem.tsx';

const keys = ['careers.verified', 'careers.trust.identityNotVerified', 'careers.trust.workEmail'] as const;
const en = messagesTranslator(pickMessages('en_GB', keys));
const uk = messagesTranslator(pickMessages('uk_UA', keys));
afterEach(cleanup);

describe('the verified badge', () => {
  it('names the domain the confirming company proved', () => {
    render(<VerifiedBadge job={{ verified: true, company: { verified_domain: 'northwind.example' } }} t={en} />);
    expect(screen.getByText('Verified · northwind.example')).toBeTruthy();
  });

  it('says plainly when the confirming company proved no domain, in both languages', () => {
    const { unmount } = render(<VerifiedBadge job={{ verified: true, company: { verified_domain: null } }} t={en} />);
    expect(screen.getByText('Verified · identity not verified')).toBeTruthy();
    unmount();
    render(<VerifiedBadge job={{ verified: true, company: { verified_domain: null } }} t={uk} />);
    expect(screen.getByText('Підтверджено компанією · особу компанії не перевірено')).toBeTruthy();
  });

  it('is absent for a self-declared job', () => {
    const { container } = render(<VerifiedBadge job={{ verified: false, company: { verified_domain: 'northwind.example' } }} t={en} />);
    expect(container.textContent).toBe('');
  });

  it('adds a confirmed work email by its domain, on a confirmed or a self-declared job, in both languages (decision 260)', () => {
    const { unmount } = render(
      <VerifiedBadge
        job={{ verified: true, company: { verified_domain: 'northwind.example' }, work_email_domain: 'northwind.example' }}
        t={en}
      />,
    );
    expect(screen.getByText('Verified · northwind.example')).toBeTruthy();
    expect(screen.getByText('Work email at northwind.example confirmed')).toBeTruthy();
    unmount();
    const { container } = render(
      <VerifiedBadge
        job={{ verified: false, company: { verified_domain: 'northwind.example' }, work_email_domain: 'northwind.example' }}
        t={uk}
      />,
    );
    expect(container.textContent).toBe('Підтверджено робочу пошту в домені northwind.example');
  });
});
