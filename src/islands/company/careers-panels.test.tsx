// @vitest-environment happy-dom
// The workspace's careers screens over mocked store actions: who may be hired, the hire form's answer,
// a review round with an N/A rating, and a round with nothing rated refused before it is sent. Each
// form opens with its button (decision 307). Text fields take input events, selects change events, as
// the browser sends them.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyEmploymentDetails, Competency } from '../../../contract/careers-company.ts';
import * as store from '../../lib/stores/workspace-careers.ts';
import { takeToasts } from '../../lib/stores/toasts.ts';
import EmployeesPanel, { hireableMembers } from './EmployeesPanel.tsx';
import EmploymentManager from './EmploymentManager.tsx';
import { employment, members } from './test-employment.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace-careers.ts', () => ({
  hirePerson: vi.fn(),
  openEmployment: vi.fn(),
  closeEmployment: vi.fn(),
  changeEmployment: vi.fn(),
  confirmPersonName: vi.fn(),
  addReviewRound: vi.fn(),
  saveEndOfCollaboration: vi.fn(),
}));
const actions = vi.mocked(store);

const competencies: Competency[] = [
  { id: 1, name: 'Code quality', description: null, weight: 3, retired: false },
  { id: 2, name: 'Mentoring', description: null, weight: 1, retired: false },
  { id: 3, name: 'Old skill', description: null, weight: 1, retired: true },
];
const t = messagesTranslator(islandMessages('en_GB', 'company/WorkspaceApp.tsx'));

/** Enters an ISO date into the date field named `legend`: day, month and year. */
function fillDate(legend: string | RegExp, iso: string) {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const group = within(screen.getByRole('group', { name: legend }));
  fireEvent.input(group.getByLabelText('Day'), { target: { value: String(Number(day)) } });
  fireEvent.change(group.getByLabelText('Month'), { target: { value: month } });
  fireEvent.input(group.getByLabelText('Year'), { target: { value: year } });
}

/** Presses the button that opens a form and waits for the form's first field. */
async function openForm(button: string, firstField: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByLabelText(firstField);
}

beforeEach(() => vi.resetAllMocks());
afterEach(() => {
  cleanup();
  takeToasts();
});

describe('hiring', () => {
  it('offers only members without a current employment here', () => {
    expect(hireableMembers(members, [employment]).map((m) => m.name)).toEqual(['Olena', 'Roman']);
    expect(hireableMembers(members, [{ ...employment, is_current: false }]).map((m) => m.name)).toEqual(['Olena', 'Roman', 'Kateryna']);
  });

  it('sends person, position, team, start date and reviewer', async () => {
    actions.hirePerson.mockResolvedValue();
    render(
      <EmployeesPanel
        employments={[employment]}
        confirmations={null}
        members={members}
        teams={[{ id: 5, name: 'Platform', lead_member_id: null, member_ids: [] }]}
        canHire
        locale="en_GB"
        t={t}
      />,
    );
    await openForm('Hire a member', 'Person');
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: '1' } });
    fireEvent.input(screen.getByLabelText('Position'), { target: { value: 'Designer' } });
    fireEvent.change(screen.getByLabelText(/^Team/), { target: { value: '5' } });
    fillDate('Start date', '2026-11-02');
    fireEvent.change(screen.getByLabelText(/^Reviewer/), { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hire' }));
    });
    expect(actions.hirePerson).toHaveBeenCalledWith({
      member_id: 1,
      position: 'Designer',
      team_id: 5,
      start_date: '2026-11-02',
      reviewer_member_id: 2,
    });
    expect(takeToasts().map((toast) => toast.message)).toContain('Olena is hired');
  });

  it('says what is wrong with a start date typed in part or that does not exist, and sends nothing', async () => {
    render(<EmployeesPanel employments={[employment]} confirmations={null} members={members} teams={[]} canHire locale="en_GB" t={t} />);
    await openForm('Hire a member', 'Person');
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: '1' } });
    fireEvent.input(screen.getByLabelText('Position'), { target: { value: 'Designer' } });
    const group = within(screen.getByRole('group', { name: 'Start date' }));
    fireEvent.input(group.getByLabelText('Year'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hire' }));
    });
    expect(screen.getByRole('group', { name: 'Start date' }).textContent).toContain('The date must include a day, a month and a year');
    expect(group.getByLabelText('Day').getAttribute('aria-invalid')).toBe('true');
    fillDate('Start date', '2026-02-28');
    fireEvent.input(group.getByLabelText('Day'), { target: { value: '30' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hire' }));
    });
    expect(screen.getByRole('group', { name: 'Start date' }).textContent).toContain('The date must be a real date');
    expect(actions.hirePerson).not.toHaveBeenCalled();
  });
});

describe('a review round', () => {
  const details: CompanyEmploymentDetails = {
    ...employment,
    confirmed_name: 'Kateryna',
    competencies: [],
    reviews: [],
    in_company_score_detail: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
    final_feedback: null,
    events: [],
  };

  it('offers the active competencies only and sends each rated one, N/A included', async () => {
    actions.addReviewRound.mockResolvedValue();
    render(<EmploymentManager employment={details} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />);
    await openForm('Start a review round', 'Rating of Code quality');
    expect(screen.queryByLabelText('Rating of Old skill')).toBeNull();
    fillDate('Review date', '2026-11-20');
    fireEvent.change(screen.getByLabelText('Rating of Code quality'), { target: { value: 'good' } });
    fireEvent.input(screen.getByLabelText(/^Comment on Code quality/), { target: { value: 'Tidy.' } });
    fireEvent.change(screen.getByLabelText('Rating of Mentoring'), { target: { value: 'na' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save review round' }));
    });
    expect(actions.addReviewRound).toHaveBeenCalledWith(41, {
      reviewed_on: '2026-11-20',
      ratings: [
        { competency_id: 1, rating: 'good', comment: 'Tidy.' },
        { competency_id: 2, rating: 'na', comment: null },
      ],
    });
  });

  it('asks for at least one rating before sending', async () => {
    render(<EmploymentManager employment={details} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />);
    await openForm('Start a review round', 'Rating of Code quality');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save review round' }));
    });
    expect(actions.addReviewRound).not.toHaveBeenCalled();
    expect(screen.getByText('Rate at least one competency.')).toBeTruthy();
  });

  it('sends the end of the collaboration with the assessment on the scale', async () => {
    actions.saveEndOfCollaboration.mockResolvedValue();
    render(<EmploymentManager employment={details} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />);
    await openForm('Plan the end of the collaboration', /^Final feedback/);
    fillDate(/^Planned termination date/, '2026-12-31');
    fireEvent.input(screen.getByLabelText(/^Final feedback/), { target: { value: 'Thank you.' } });
    fireEvent.change(screen.getByLabelText(/^Collaboration assessment/), { target: { value: 'excellent' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(actions.saveEndOfCollaboration).toHaveBeenCalledWith(41, {
      planned_termination: '2026-12-31',
      final_feedback: 'Thank you.',
      collaboration_assessment: 'excellent',
    });
  });

  it('shows the score history once a round exists, and nothing before', () => {
    const { unmount } = render(
      <EmploymentManager employment={details} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />,
    );
    expect(screen.queryByRole('region', { name: 'Score history' })).toBeNull();
    unmount();
    const rated: CompanyEmploymentDetails = {
      ...details,
      competencies: [{ competency_id: 1, name: 'Code quality', description: null, weight: 2, retired: false, latest: 'good', history: [] }],
      reviews: [
        {
          id: 9,
          reviewed_on: '2026-11-20',
          reviewer: null,
          ratings: [{ competency_id: 1, competency_name: 'Code quality', rating: 'good', comment: null }],
          is_public: false,
          reply: null,
          replied_at: null,
          created_at: '2026-11-20T10:00:00Z',
          updated_at: '2026-11-20T10:00:00Z',
        },
      ],
    };
    render(<EmploymentManager employment={rated} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />);
    const history = within(screen.getByRole('region', { name: 'Score history' }));
    expect(history.getByRole('img', { name: 'Nov 20, 2026: 4 of 6' })).toBeTruthy();
    expect(history.getByText('One review round so far: 4 of 6 on Nov 20, 2026. The line begins with the next round.')).toBeTruthy();
    expect(history.getByRole('radio', { name: 'Code quality' })).toBeTruthy();
  });
});

describe('a person renamed since the company confirmed the job (decision 256)', () => {
  const renamed: CompanyEmploymentDetails = {
    ...employment,
    confirmed_name: 'Kateryna Bondar',
    competencies: [],
    reviews: [],
    in_company_score_detail: { score: null, counted: 0, not_applicable: 0, total_weight: 0, inputs: [] },
    final_feedback: null,
    events: [],
  };

  it('shows both names and confirms the name the manager sees', async () => {
    actions.confirmPersonName.mockResolvedValue();
    render(<EmploymentManager employment={renamed} members={members} teams={[]} competencies={competencies} locale="en_GB" t={t} />);
    const card = within(screen.getByRole('region', { name: 'Name on the profile changed' }));
    expect(card.getByText(/This job was confirmed for Kateryna Bondar\. Their profile now says Kateryna\./)).toBeTruthy();
    await act(async () => {
      fireEvent.click(card.getByRole('button', { name: 'Confirm “Kateryna”' }));
    });
    expect(actions.confirmPersonName).toHaveBeenCalledWith(41, 'Kateryna');
    expect(takeToasts().map((toast) => toast.message)).toContain('Name confirmed');
  });

  it('tells a member who may not manage the job who can, without a button; and says nothing when the names agree', () => {
    const { unmount } = render(
      <EmploymentManager
        employment={{ ...renamed, may_manage: false }}
        members={members}
        teams={[]}
        competencies={competencies}
        locale="en_GB"
        t={t}
      />,
    );
    const card = within(screen.getByRole('region', { name: 'Name on the profile changed' }));
    expect(card.getByText('Owners and admins can confirm the new name.')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
    unmount();
    render(
      <EmploymentManager
        employment={{ ...renamed, confirmed_name: 'Kateryna' }}
        members={members}
        teams={[]}
        competencies={competencies}
        locale="en_GB"
        t={t}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Name on the profile changed' })).toBeNull();
  });
});
