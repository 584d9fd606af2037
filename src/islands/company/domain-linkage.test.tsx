// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// A verified domain's link to the company's credentials in the workspace (decision 258):
// each state in words (linked both ways, not linked and why, not checked yet, the demo's), where to
// host the file, and the download, which says where to put it; a failed download is reported.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyDomain } from '../../../contract/company-domains.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import * as domains from '../../lib/stores/workspace-domains.ts';
import * as toasts from '../../lib/stores/toasts.ts';
import * as errors from '../../lib/app/error-policy.ts';
import DomainLinkage from './DomainLinkage.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace-domains.ts', () => ({ downloadDomainDidConfiguration: vi.fn() }));
vi.mock('../../lib/stores/toasts.ts', () => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock('../../lib/app/error-policy.ts', () => ({ reportRequestError: vi.fn() }));
const download = vi.mocked(domains.downloadDomainDidConfiguration);

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const base: CompanyDomain = {
  id: 7,
  domain: 'northwind.example',
  display: 'northwind.example',
  status: 'verified',
  method: 'dns',
  proof: { dns_name: '_profiles-challenge.northwind.example', dns_value: 'x', http_url: 'https://northwind.example/x', http_body: 'x' },
  verified_at: '2026-11-20T10:00:00Z',
  last_checked_at: '2026-11-28T10:00:00Z',
  last_failure: null,
  lapses_at: null,
  lapse_reason: null,
  origin: 'https://northwind.example',
  did_configuration_url: 'https://northwind.example/.well-known/did-configuration.json',
  linkage: { state: 'not_checked', failure: null, checked_at: null },
};

function show(locale: Locale, domain: Partial<CompanyDomain>) {
  const t = messagesTranslator(islandMessages(locale, 'company/DomainLinkage.tsx'));
  render(<DomainLinkage domain={{ ...base, ...domain }} locale={locale} t={t} />);
  return t;
}

describe("a verified domain's link to the company's credentials", () => {
  it('says it is linked both ways, where the file lives, and downloads it saying where to host it', async () => {
    download.mockResolvedValue(undefined);
    show('en_GB', { linkage: { state: 'linked', failure: null, checked_at: '2026-11-28T10:00:00Z' } });
    expect(screen.getByText('Linked both ways')).toBeTruthy();
    expect(screen.getByRole('region').textContent).toContain('names this company, and the company names northwind.example');
    expect(screen.getByText(base.did_configuration_url)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download did-configuration.json for northwind.example' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(7));
    await waitFor(() =>
      expect(toasts.notifySuccess).toHaveBeenCalledWith(`did-configuration.json downloaded. Host it at ${base.did_configuration_url}.`),
    );
  });

  it('says why it is not linked, in Ukrainian, for a fetch reason and for a linkage reason', () => {
    show('uk_UA', { linkage: { state: 'not_linked', failure: 'http_404', checked_at: '2026-11-28T10:00:00Z' } });
    expect(screen.getByText('Не пов’язано')).toBeTruthy();
    expect(screen.getByRole('region').textContent).toContain('файл відповів 404 (не знайдено)');
    cleanup();
    show('uk_UA', { linkage: { state: 'not_linked', failure: 'expired', checked_at: '2026-11-28T10:00:00Z' } });
    expect(screen.getByRole('region').textContent).toContain('строк дії зв’язку минув: завантажте новий файл');
  });

  it('says what to do before the first check, and that the demo domain is never checked', () => {
    show('en_GB', {});
    expect(screen.getByText('Not checked yet')).toBeTruthy();
    expect(screen.getByText('Host the file, then press “Check now”.')).toBeTruthy();
    cleanup();
    show('en_GB', { method: 'demo' });
    expect(screen.getByText('Demo data: the demo domain is not on the internet, so its file is never checked.')).toBeTruthy();
  });

  it('reports a failed download and stays usable', async () => {
    const failure = new Error('offline');
    download.mockRejectedValue(failure);
    show('en_GB', {});
    const button = screen.getByRole('button', { name: 'Download did-configuration.json for northwind.example' });
    fireEvent.click(button);
    await waitFor(() => expect(errors.reportRequestError).toHaveBeenCalledWith(failure));
    await waitFor(() => expect(button.getAttribute('aria-busy')).not.toBe('true'));
    expect(toasts.notifySuccess).not.toHaveBeenCalled();
  });
});
