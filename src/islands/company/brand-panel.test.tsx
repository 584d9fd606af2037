// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// The brand page shows without the form library: its editor (BrandEditor.tsx) and react-hook-form load
// when an owner presses Edit, so the workspace's first view stays within its JavaScript budget; the
// editor opens on the saved brand and Cancel brings the page back.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyBrand } from '../../../contract/companies.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

const loaded = vi.hoisted(() => ({ formLibrary: false }));
vi.mock('react-hook-form', async (original) => {
  loaded.formLibrary = true;
  return original();
});
vi.mock('../../lib/stores/company-public-page.ts', () => ({
  $companyPublicPage: atom({ loading: true }),
  refreshCompanyPublicPage: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('../../lib/stores/workspace.ts', () => ({ saveBrand: vi.fn(), uploadBrandImage: vi.fn() }));

const { default: BrandPanel } = await import('./BrandPanel.tsx');
const t = messagesTranslator(islandMessages('en_GB', 'company/WorkspaceApp.tsx'));
const company = {
  id: 7,
  name: 'Acme Robotics',
  industry: 'Software',
  industry_id: null,
  about: 'We build robots.',
  website: null,
  location: 'Kyiv',
  size: null,
  logo_url: null,
  cover_url: null,
} as unknown as CompanyBrand;

afterEach(cleanup);

describe('the brand page', () => {
  it('shows the brand without the form library, and loads the editor on Edit', async () => {
    render(<BrandPanel company={company} canEdit locale="en_GB" t={t} />);
    expect(screen.getByText('We build robots.')).toBeTruthy();
    expect(loaded.formLibrary).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Edit brand page' }));
    const name = (await screen.findByLabelText('Company name')) as HTMLInputElement;
    expect(loaded.formLibrary).toBe(true);
    expect(name.value).toBe('Acme Robotics');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('We build robots.')).toBeTruthy();
    expect(screen.queryByLabelText('Company name')).toBeNull();
  });
});
