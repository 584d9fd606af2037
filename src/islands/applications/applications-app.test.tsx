// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://localhost:4321/applications"}
// My applications over mocked store actions (decision 262): the list says each application's
// stage in the person's words; `?apply=` opens the application dialog naming exactly what the company
// will see; withdrawing asks first; a failed read says so with Try again.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplyPreview, MyApplication } from '../../../contract/applications.ts';
import * as store from '../../lib/stores/applications.ts';
import ApplicationsApp from './ApplicationsApp.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/applications.ts', () => ({
  $applications: atom({ loading: false }),
  refreshApplications: vi.fn(),
  loadApplyPreview: vi.fn(),
  uploadApplicationDocument: vi.fn(),
  apply: vi.fn(),
  withdraw: vi.fn(),
  UploadCancelledError: class extends Error {},
}));
const listStore = store.$applications as unknown as ReturnType<typeof atom<{ data?: readonly MyApplication[]; loading: boolean }>>;
/** Sets what the list shows, as the store would once read (null: not read yet). */
const applications = {
  set: (list: readonly MyApplication[] | null) => listStore.set(list ? { data: list, loading: false } : { loading: false }),
};
const messages = islandMessages('en_GB', 'applications/ApplicationsApp.tsx');

const opening = {
  id: 7,
  title: 'Cartographer',
  company: { id: 3, name: 'Northwind' },
  location: 'Kyiv',
  remote: true,
  employment_type: 'full_time' as const,
  closes_on: '2026-12-31',
  open: true,
  public_path: '/company/northwind/jobs/7',
};
const application = (more: Partial<MyApplication> = {}): MyApplication => ({
  id: 1,
  stage: 'offer',
  applied_at: '2026-11-28T10:00:00.000Z',
  cover_note: null,
  document: null,
  opening,
  ...more,
});
const preview: ApplyPreview = {
  opening,
  application_id: null,
  profile: {
    first_name: 'Iris',
    last_name: 'Applicant',
    headline: '<b>Maps</b>',
    photo_url: null,
    jobs: [],
    sections: [
      { section: 'about', count: 1 },
      { section: 'skills', count: 4 },
      { section: 'languages', count: 0 },
      { section: 'educations', count: 0 },
      { section: 'certifications', count: 0 },
      { section: 'projects', count: 0 },
      { section: 'recommendations', count: 0 },
      { section: 'contact', count: 0 },
    ],
  },
};

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  applications.set(null);
});

describe('My applications', () => {
  it('lists each application with the stage the person should know, and asks before withdrawing', async () => {
    vi.mocked(store.refreshApplications).mockResolvedValue([]);
    vi.mocked(store.withdraw).mockResolvedValue(undefined);
    applications.set([application()]);
    render(<ApplicationsApp locale="en_GB" messages={messages} />);
    const item = document.querySelector('[data-application="Cartographer"]') as HTMLElement;
    expect(within(item).getByText('Offer')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Cartographer' }).getAttribute('href')).toBe('/company/northwind/jobs/7');
    fireEvent.click(within(item).getByRole('button', { name: 'Withdraw your application for Cartographer' }));
    const question = await screen.findByRole('alertdialog', { name: 'Withdraw your application for “Cartographer”?' }, { timeout: 10_000 });
    expect(store.withdraw).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(store.withdraw).toHaveBeenCalledWith(1));
  });

  it('opens the application dialog from ?apply= with what the company will see, and sends it', { timeout: 30_000 }, async () => {
    vi.mocked(store.refreshApplications).mockResolvedValue([]);
    vi.mocked(store.loadApplyPreview).mockResolvedValue(preview);
    vi.mocked(store.apply).mockResolvedValue(application({ stage: 'applied' }));
    applications.set([]);
    history.replaceState(null, '', '/applications?apply=7');
    render(<ApplicationsApp locale="en_GB" messages={messages} />);
    const dialog = await screen.findByRole('dialog', { name: 'Apply: Cartographer' }, { timeout: 10_000 });
    expect(store.loadApplyPreview).toHaveBeenCalledWith(7);
    expect(within(dialog).getByText('What Northwind will see')).toBeTruthy();
    expect(within(dialog).getByText(/<b>Maps<\/b>/)).toBeTruthy();
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Skills').nextElementSibling?.textContent).toBe('4');
    expect(within(dialog).getByText(/Never shared/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Cover note/), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(store.apply).toHaveBeenCalledWith({ opening_id: 7, cover_note: 'Hello', document_file_id: null }));
    // Sent: the dialog closes and the address forgets the request, so a reload does not ask again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.search).toBe('');
  });

  it('says a failed read plainly and reads again on Try again', async () => {
    vi.mocked(store.refreshApplications).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([]);
    render(<ApplicationsApp locale="en_GB" messages={messages} />);
    expect(await screen.findByText('Your applications could not be loaded.')).toBeTruthy();
    applications.set([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(store.refreshApplications).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('No applications yet')).toBeTruthy();
  });
});
