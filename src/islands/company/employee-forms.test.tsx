// @vitest-environment happy-dom
// The workspace's employee view shows without the form library (decision 307): the list and the
// employee page show the facts and a button per form; the form's code (and react-hook-form) loads when
// the button is pressed. An opened form takes the focus; Esc or Cancel closes it and gives the focus
// back to its button, asking first when something is unsaved; a saved form closes the same way.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyEmployment, CompanyEmploymentDetails, Competency } from '../../../contract/careers-company.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';
import { employment as baseEmployment, members } from './test-employment.ts';

const loaded = vi.hoisted(() => ({ formLibrary: false }));
vi.mock('react-hook-form', async (original) => {
  loaded.formLibrary = true;
  return original();
});
vi.mock('../../lib/stores/workspace-careers.ts', () => ({
  hirePerson: vi.fn(),
  openEmployment: vi.fn(),
  closeEmployment: vi.fn(),
  changeEmployment: vi.fn(),
  confirmPersonName: vi.fn(),
  addReviewRound: vi.fn(),
  saveEndOfCollaboration: vi.fn(),
}));

const store = vi.mocked(await import('../../lib/stores/workspace-careers.ts'));
const { takeToasts } = await import('../../lib/stores/toasts.ts');
const { default: EmployeesPanel } = await import('./EmployeesPanel.tsx');
const { default: EmploymentManager } = await import('./EmploymentManager.tsx');
const t = messagesTranslator(islandMessages('en_GB', 'company/WorkspaceApp.tsx'));

const employment: CompanyEmployment = { ...baseEmployment, team: { id: 5, name: 'Platform' } };
const details: CompanyEmploymentDetails = {
  ...employment,
  confirmed_name: 'Kateryna',
  competencies: [],
  reviews: [],
  in_company_score_detail: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
  final_feedback: null,
  events: [],
};
const competencies: Competency[] = [{ id: 1, name: 'Code quality', description: null, weight: 3, retired: false }];
const teams = [{ id: 5, name: 'Platform', lead_member_id: null, member_ids: [] }];

const manager = (shown: CompanyEmploymentDetails = details, offered: Competency[] = competencies) => (
  <EmploymentManager employment={shown} members={members} teams={teams} competencies={offered} locale="en_GB" t={t} />
);

beforeEach(() => vi.resetAllMocks());
afterEach(() => {
  cleanup();
  takeToasts();
});

describe('the employee view', () => {
  // First: the form library must not have been loaded by any earlier test of this file.
  it('shows the list and the employee without the form library, and loads a form when its button is pressed', async () => {
    render(<EmployeesPanel employments={[employment]} confirmations={null} members={members} teams={teams} canHire locale="en_GB" t={t} />);
    expect(screen.getByRole('button', { name: 'Hire a member' })).toBeTruthy();
    expect(screen.queryByLabelText('Person')).toBeNull();
    cleanup();

    render(manager());
    const job = within(screen.getByRole('region', { name: 'Job' }));
    // The job's facts, as saved.
    expect(job.getByText('Engineer')).toBeTruthy();
    expect(job.getByText('Platform')).toBeTruthy();
    expect(job.getByText('Roman')).toBeTruthy();
    expect(job.queryByLabelText('Position')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a review round' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plan the end of the collaboration' })).toBeTruthy();
    expect(loaded.formLibrary).toBe(false);

    fireEvent.click(job.getByRole('button', { name: 'Change the job' }));
    const position = (await job.findByLabelText('Position')) as HTMLInputElement;
    expect(loaded.formLibrary).toBe(true);
    expect(position.value).toBe('Engineer');
    expect(document.activeElement).toBe(position);
  });

  it('closes a form on Esc and gives the focus back to its button', async () => {
    render(manager());
    fireEvent.click(screen.getByRole('button', { name: 'Plan the end of the collaboration' }));
    const feedback = await screen.findByLabelText(/^Final feedback/);
    fireEvent.keyDown(feedback, { key: 'Escape' });
    const button = await screen.findByRole('button', { name: 'Plan the end of the collaboration' });
    expect(screen.queryByLabelText(/^Final feedback/)).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('asks before Cancel or Esc drops what was typed, and keeps the form when the person keeps editing', async () => {
    render(manager());
    fireEvent.click(screen.getByRole('button', { name: 'Plan the end of the collaboration' }));
    const feedback = await screen.findByLabelText(/^Final feedback/);
    fireEvent.input(feedback, { target: { value: 'Thank you.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep editing' }));
    expect(await screen.findByLabelText(/^Final feedback/)).toBe(feedback);
    expect(feedback).toHaveProperty('value', 'Thank you.');

    fireEvent.keyDown(feedback, { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    const button = await screen.findByRole('button', { name: 'Plan the end of the collaboration' });
    expect(screen.queryByLabelText(/^Final feedback/)).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes a saved form, says so and gives the focus back to its button', async () => {
    store.changeEmployment.mockResolvedValue();
    render(manager());
    fireEvent.click(screen.getByRole('button', { name: 'Change the job' }));
    fireEvent.input(await screen.findByLabelText('Position'), { target: { value: 'Staff engineer' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save job' }));
    });
    expect(store.changeEmployment).toHaveBeenCalledWith(41, expect.objectContaining({ position: 'Staff engineer' }));
    expect(takeToasts().map((toast) => toast.message)).toContain('Job saved');
    const button = await screen.findByRole('button', { name: 'Change the job' });
    expect(screen.queryByLabelText('Position')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('shows the saved end of the collaboration, and offers no review round without competencies', () => {
    render(
      manager(
        {
          ...details,
          planned_termination: '2026-12-31',
          final_feedback: {
            text: 'Thank you.',
            assessment: 'excellent',
            given_at: '2026-11-20T10:00:00Z',
            is_public: false,
            reply: null,
            replied_at: null,
          },
        },
        [],
      ),
    );
    const end = within(screen.getByRole('region', { name: 'End of the collaboration' }));
    expect(end.getByText('Thank you.')).toBeTruthy();
    expect(end.getByText('Dec 31, 2026')).toBeTruthy();
    expect(end.getByRole('button', { name: 'Change the end of the collaboration' })).toBeTruthy();
    const review = within(screen.getByRole('region', { name: 'New review round' }));
    expect(review.getByText('The company has no competencies yet. Add them under Competencies first.')).toBeTruthy();
    expect(review.queryByRole('button')).toBeNull();
  });

  it('opens the job form only once the members and teams are read, which it starts from', async () => {
    const { rerender } = render(
      <EmploymentManager employment={details} members={undefined} teams={undefined} competencies={competencies} locale="en_GB" t={t} />,
    );
    const change = screen.getByRole('button', { name: 'Change the job' });
    expect(change.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(change);
    // A form opened now would show, and save, no reviewer and no team.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByLabelText('Position')).toBeNull();

    rerender(manager());
    fireEvent.click(screen.getByRole('button', { name: 'Change the job' }));
    expect(((await screen.findByLabelText('Position')) as HTMLInputElement).value).toBe('Engineer');
  });

  it('shows a reviewer who may not manage the job no job card', () => {
    render(manager({ ...details, may_manage: false }));
    expect(screen.queryByRole('region', { name: 'Job' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start a review round' })).toBeTruthy();
  });
});
