// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// The workspace's Openings tab over mocked store actions (decision 255): a failed read says
// so with a way to try again; a plain member reads the openings with no way to change them; an owner
// is offered the move each status allows, asked before it is made, and the public page's link points
// at the personal host; owners and admins open a published opening's applicants (decision 262).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Opening } from '../../../contract/jobs.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import type { Applicant } from '../../../contract/applications.ts';
import * as store from '../../lib/stores/workspace-openings.ts';
import * as pipeline from '../../lib/stores/workspace-applicants.ts';
import OpeningsPanel from './OpeningsPanel.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace-openings.ts', () => ({
  $openings: atom({ loading: false }),
  refreshOpenings: vi.fn(),
  moveOpening: vi.fn(),
  saveOpening: vi.fn(),
}));
vi.mock('../../lib/stores/workspace-applicants.ts', () => ({
  $applicants: atom(null),
  loadApplicants: vi.fn(),
  moveApplicant: vi.fn(),
  hireApplicant: vi.fn(),
  notesOf: vi.fn(),
  addNote: vi.fn(),
  downloadApplicationDocument: vi.fn(),
  closeApplicants: vi.fn(),
  messagesOf: vi.fn(),
  sendMessage: vi.fn(),
  rateApplicant: vi.fn(),
  loadMoreApplicants: vi.fn(),
  $stages: atom(null),
  loadStages: vi.fn(),
  closeStages: vi.fn(),
  addStage: vi.fn(),
  updateStage: vi.fn(),
  removeStage: vi.fn(),
}));
const owner = { view: true, manage: true };
const member = { view: false, manage: false };
const openingsStore = store.$openings as unknown as ReturnType<typeof atom<{ data?: readonly Opening[]; loading: boolean }>>;
/** The list the store holds (a fetcher store's value: `data` once read). */
const openings = {
  set: (list: readonly Opening[] | null) => openingsStore.set(list ? { data: list, loading: false } : { loading: false }),
};
const t = messagesTranslator(islandMessages('en_GB', 'company/OpeningsPanel.tsx'));

const opening = (more: Partial<Opening>): Opening => ({
  id: 7,
  status: 'draft',
  title: 'Backend engineer',
  description: 'We build maps.',
  location: 'Kyiv',
  remote: true,
  employment_type: 'full_time',
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: null,
  competencies: [],
  skills: [],
  languages: [],
  team_id: null,
  closes_on: '2026-12-31',
  expired: false,
  published_at: null,
  closed_at: null,
  updated_at: '2026-11-28T10:00:00.000Z',
  public_path: null,
  ...more,
});

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
  openings.set(null);
});

describe('the Openings tab', () => {
  it('says a failed read plainly and reads again on Try again', async () => {
    vi.mocked(store.refreshOpenings).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([]);
    render(<OpeningsPanel canManage applicants={owner} competencies={[]} teams={[]} locale="en_GB" t={t} />);
    expect(await screen.findByText('The openings could not be loaded.')).toBeTruthy();
    openings.set([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(store.refreshOpenings).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('No openings yet')).toBeTruthy();
  });

  it('shows a plain member the openings and no way to change them', async () => {
    vi.mocked(store.refreshOpenings).mockResolvedValue([]);
    openings.set([opening({ status: 'published', published_at: '2026-11-28T10:00:00.000Z', public_path: '/company/acme/jobs/7' })]);
    render(<OpeningsPanel canManage={false} applicants={member} competencies={[]} teams={[]} locale="en_GB" t={t} />);
    expect(screen.getByText('Backend engineer')).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe('http://localhost:4321/company/acme/jobs/7');
  });

  it('offers an owner the move each status allows, and asks before making it', { timeout: 30_000 }, async () => {
    vi.mocked(store.refreshOpenings).mockResolvedValue([]);
    vi.mocked(store.moveOpening).mockResolvedValue(opening({ status: 'published' }));
    openings.set([
      opening({ id: 1, title: 'Draft one' }),
      opening({ id: 2, title: 'Open one', status: 'published' }),
      opening({ id: 3, title: 'Closed one', status: 'closed' }),
      opening({ id: 4, title: 'Old one', status: 'published', expired: true }),
    ]);
    render(<OpeningsPanel canManage applicants={owner} competencies={[]} teams={[]} locale="en_GB" t={t} />);
    const row = (title: string) => document.querySelector(`[data-opening="${title}"]`) as HTMLElement;
    expect(row('Draft one').textContent).toContain('Publish');
    expect(row('Open one').textContent).toContain('Close');
    expect(row('Closed one').textContent).toContain('Reopen');
    expect(row('Old one').textContent).toContain('Past its closing date');
    fireEvent.click(screen.getAllByRole('button', { name: 'Publish' })[0]!);
    const question = await screen.findByRole('alertdialog', { name: 'Publish “Draft one”?' }, { timeout: 10_000 });
    expect(store.moveOpening).not.toHaveBeenCalled();
    fireEvent.click(within(question).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(store.moveOpening).toHaveBeenCalledWith(1, 'publish'));
  });

  it('opens a published opening’s applicants for an owner, shows free text as text and moves a stage by its select', async () => {
    vi.mocked(store.refreshOpenings).mockResolvedValue([]);
    vi.mocked(pipeline.loadApplicants).mockResolvedValue(undefined);
    vi.mocked(pipeline.moveApplicant).mockResolvedValue({} as Applicant);
    openings.set([opening({ id: 1, title: 'Draft one' }), opening({ id: 2, title: 'Open one', status: 'published' })]);
    render(<OpeningsPanel canManage applicants={owner} competencies={[]} teams={[]} locale="en_GB" t={t} />);
    expect(screen.queryByRole('button', { name: 'Applicants for Draft one' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Applicants for Open one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Applicants: Open one' });
    await waitFor(() => expect(pipeline.loadApplicants).toHaveBeenCalledWith(2));
    (pipeline.$applicants as unknown as ReturnType<typeof atom<unknown>>).set({
      openingId: 2,
      filter: {},
      list: [
        {
          id: 9,
          stage: 'applied',
          applied_at: '2026-11-28T10:00:00.000Z',
          stage_changed_at: '2026-11-28T10:00:00.000Z',
          cover_note: '<img src=x onerror=alert(1)> I love maps',
          document: null,
          person: { user_id: 5, first_name: 'Olena', last_name: 'K', headline: null, photo_url: null },
          jobs: [],
          competencies: [],
          skills: [],
          languages: [],
          rating: { average: null, count: 0, mine: null },
          notes_count: 0,
          messages_count: 0,
        },
      ],
      // The company's stages (decision 279): screening renamed, one of its own before offer.
      stages: [
        { key: 'applied', name: null, fixed: true, count: 1 },
        { key: 'screening', name: 'Phone call', fixed: false, count: 0 },
        { key: 'custom_1', name: 'Test task', fixed: false, count: 0 },
        { key: 'offer', name: null, fixed: true, count: 0 },
        { key: 'hired', name: null, fixed: true, count: 0 },
        { key: 'rejected', name: null, fixed: true, count: 0 },
      ],
      total: 1,
      next: null,
      columns: {},
    });
    expect(await within(dialog).findByText('<img src=x onerror=alert(1)> I love maps')).toBeTruthy();
    const options = [...(within(dialog).getByLabelText('Stage of Olena K') as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['Applied', 'Phone call', 'Test task', 'Offer', 'Hired', 'Rejected']);
    expect(dialog.querySelector('img[src="x"]')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Stage of Olena K'), { target: { value: 'offer' } });
    await waitFor(() => expect(pipeline.moveApplicant).toHaveBeenCalledWith(9, 'offer'));
    // Hired is its own step: the dialog asks for the start date, position and team first.
    vi.mocked(pipeline.hireApplicant).mockResolvedValue({} as Applicant);
    fireEvent.change(within(dialog).getByLabelText('Stage of Olena K'), { target: { value: 'hired' } });
    const hire = await screen.findByRole('dialog', { name: 'Hire Olena K' });
    expect(pipeline.moveApplicant).not.toHaveBeenCalledWith(9, 'hired');
    fireEvent.change(within(hire).getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(hire).getByRole('checkbox', { name: 'Close the opening: no more applications' }));
    fireEvent.click(within(hire).getByRole('button', { name: 'Hire' }));
    await waitFor(() =>
      expect(pipeline.hireApplicant).toHaveBeenCalledWith(9, {
        start_date: '2026-12-01',
        position: 'Open one',
        team_id: null,
        close_opening: true,
      }),
    );
  });
});
