// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// The workspace's public page card over mocked store actions (decision 211): a member reads where the
// page stands and its link on the personal host but gets no form; an owner opens the form (its code
// loaded then), meets the address rules before anything is sent, and saves what the contract allows;
// the server's violation lands under its field.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyPublicPageSettings } from '../../../contract/companies.ts';
import { ApiError } from '../../lib/base/api-error.ts';
import * as saving from '../../lib/stores/company-public-page-save.ts';
import * as reading from '../../lib/stores/company-public-page.ts';
import PublicPageCard from './PublicPageCard.tsx';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/company-public-page.ts', () => ({
  $companyPublicPage: atom({ loading: false }),
  refreshCompanyPublicPage: vi.fn(),
}));
vi.mock('../../lib/stores/company-public-page-save.ts', () => ({ saveCompanyPublicPage: vi.fn(), checkCompanyAddress: vi.fn() }));
const save = vi.mocked(saving.saveCompanyPublicPage);
const check = vi.mocked(saving.checkCompanyAddress);
const settingsStore = reading.$companyPublicPage as unknown as ReturnType<
  typeof atom<{ data?: CompanyPublicPageSettings; loading: boolean }>
>;

const t = messagesTranslator(islandMessages('en_GB', 'company/PublicPageCard.tsx'));
const off: CompanyPublicPageSettings = { address: null, suggested_address: 'acme-robotics', is_public: false, noindex: false };
const on: CompanyPublicPageSettings = { address: 'acme-robotics', suggested_address: 'acme-robotics', is_public: true, noindex: false };

beforeEach(() => {
  vi.mocked(reading.refreshCompanyPublicPage).mockResolvedValue(off);
  check.mockResolvedValue({ address: 'acme-robotics', available: true, reason: null });
});
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  settingsStore.set({ loading: false });
});

async function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Set up the public page' }));
  return screen.findByLabelText('Page address');
}

describe('the public page card', () => {
  it('shows a member where the page stands and its address on the personal host, with no form', () => {
    settingsStore.set({ data: on, loading: false });
    render(<PublicPageCard canEdit={false} locale="en_GB" t={t} />);
    expect(screen.getByText('The public page is on')).toBeTruthy();
    expect(screen.getByTestId('company-public-page-link').getAttribute('href')).toBe('http://localhost:4321/company/acme-robotics');
    expect(screen.getByText('Owners and admins can change the public page.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the form for an owner on the suggested address, refuses a reserved one before sending, and saves the page on', async () => {
    settingsStore.set({ data: off, loading: false });
    render(<PublicPageCard canEdit locale="en_GB" t={t} />);
    expect(screen.getByText('The public page is off')).toBeTruthy();
    const address = (await openForm()) as HTMLInputElement;
    expect(address.value).toBe('acme-robotics');
    await waitFor(() => expect(document.activeElement).toBe(address));

    fireEvent.input(address, { target: { value: 'access' } });
    await act(async () => void fireEvent.blur(address));
    expect(await screen.findByText('This address is reserved. Choose another one.')).toBeTruthy();
    expect(check).not.toHaveBeenCalled();

    fireEvent.input(address, { target: { value: 'Acme-Robotics' } });
    await act(async () => void fireEvent.blur(address));
    expect(await screen.findByText('✓ This address is free')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Show the public page/ }));
    save.mockImplementation(async () => {
      settingsStore.set({ data: on, loading: false });
      return on;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save public page' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ address: 'acme-robotics', is_public: true, noindex: false }));
    // Saved: the form closes, the card says the page is on, and the focus is back on its button.
    const change = await screen.findByRole('button', { name: 'Change the public page' });
    expect(screen.getByText('The public page is on')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(change));
  });

  it('shows the server’s violation under the address', async () => {
    settingsStore.set({ data: off, loading: false });
    render(<PublicPageCard canEdit locale="en_GB" t={t} />);
    await openForm();
    save.mockRejectedValue(
      new ApiError({
        status: 422,
        method: 'PUT',
        path: '/api/companies/1/public-page',
        message: 'The given data was invalid.',
        violations: [{ field: 'address', title: 'The address This address is taken. Choose another one.' }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save public page' }));
    expect(await screen.findByText('This address is taken. Choose another one.')).toBeTruthy();
    expect(screen.getByLabelText('Page address').getAttribute('aria-invalid')).toBe('true');
  });
});
