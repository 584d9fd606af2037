// @vitest-environment happy-dom
// The pipeline as a board (decision 272): a column per stage with its count; dragging a card to another
// column moves the applicant, dropping it where it was does nothing; each card's stage select is the
// keyboard path; a reader who may not move gets neither.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Applicant } from '../../../contract/applications.ts';
import type { StageColumn } from '../../../contract/jobs-pipeline.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import PipelineBoard from './PipelineBoard.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

afterEach(cleanup);
const t = messagesTranslator(islandMessages('en_GB', 'company/PipelineBoard.tsx'));
const uk = messagesTranslator(islandMessages('uk_UA', 'company/PipelineBoard.tsx'));
const nameOf = (a: Applicant) => `${a.person.first_name} ${a.person.last_name}`;

const applicant = (id: number, first: string, stage: Applicant['stage']): Applicant => ({
  id,
  stage,
  applied_at: '2026-11-28T10:00:00.000Z',
  stage_changed_at: '2026-11-28T10:00:00.000Z',
  cover_note: null,
  document: null,
  person: { user_id: id, first_name: first, last_name: 'K', headline: null, photo_url: null },
  jobs: [],
  competencies: [],
  skills: [],
  languages: [],
  rating: { average: id === 1 ? 4.5 : null, count: id === 1 ? 2 : 0, mine: null },
  notes_count: 0,
  messages_count: 0,
});
const list = [applicant(1, 'Olena', 'applied'), applicant(2, 'Petro', 'interview')];
/** The built-in stages with the counts of `list`. */
const stages: StageColumn[] = [
  { key: 'applied', name: null, fixed: true, count: 1 },
  { key: 'screening', name: null, fixed: false, count: 0 },
  { key: 'interview', name: null, fixed: false, count: 1 },
  { key: 'offer', name: null, fixed: true, count: 0 },
  { key: 'hired', name: null, fixed: true, count: 0 },
  { key: 'rejected', name: null, fixed: true, count: 0 },
];
const board = (props: Partial<Parameters<typeof PipelineBoard>[0]> = {}) => (
  <PipelineBoard list={list} stages={stages} canMove loading={null} t={t} nameOf={nameOf} onMove={vi.fn()} onMore={vi.fn()} {...props} />
);

function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

describe('the pipeline board', () => {
  it('shows a column per stage with its count and each card with the company’s rating', () => {
    render(board());
    for (const [name, count] of [
      ['Applied', 1],
      ['Screening', 0],
      ['Interview', 1],
      ['Offer', 0],
      ['Hired', 0],
      ['Rejected', 0],
    ] as const) {
      expect(screen.getByRole('region', { name: `${name} (${count})` })).toBeTruthy();
    }
    const applied = screen.getByRole('region', { name: 'Applied (1)' });
    expect(within(applied).getByText('Olena K')).toBeTruthy();
    expect(within(applied).getByText('Company rating: 4.5 of 5 from 2')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Screening (0)' })).getByText('Nobody at this stage.')).toBeTruthy();
  });

  it('moves a card dragged to another column, and by its select from the keyboard', () => {
    const onMove = vi.fn();
    const { container } = render(board({ onMove }));
    const card = container.querySelector('[data-card="Olena K"]')!;
    expect(card.getAttribute('draggable')).toBe('true');
    const transfer = dataTransfer();
    fireEvent.dragStart(card, { dataTransfer: transfer });
    const screening = screen.getByRole('region', { name: 'Screening (0)' });
    fireEvent.dragOver(screening, { dataTransfer: transfer });
    expect(screening.hasAttribute('data-over')).toBe(true);
    fireEvent.drop(screening, { dataTransfer: transfer });
    expect(onMove).toHaveBeenCalledWith(list[0], 'screening');
    // Dropped where it was: no move.
    fireEvent.dragStart(card, { dataTransfer: transfer });
    fireEvent.drop(screen.getByRole('region', { name: 'Applied (1)' }), { dataTransfer: transfer });
    expect(onMove).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Stage of Petro K'), { target: { value: 'offer' } });
    expect(onMove).toHaveBeenLastCalledWith(list[1], 'offer');
  });

  it('gives a reader who may not move no drag and no select, in Ukrainian too', () => {
    const onMove = vi.fn();
    const { container } = render(board({ canMove: false, t: uk, onMove }));
    expect(container.querySelector('[data-card="Olena K"]')!.getAttribute('draggable')).toBe('false');
    expect((screen.getByLabelText('Етап: Olena K') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole('region', { name: 'Заявку подано: 1' })).toBeTruthy();
  });

  it('draws the company’s own stages in its order, and reads a column’s next page on its own', () => {
    const onMore = vi.fn();
    const own: StageColumn[] = [
      stages[0]!,
      { key: 'interview', name: 'Talk with the team', fixed: false, count: 3 },
      { key: 'custom_1', name: 'Test task', fixed: false, count: 0 },
      ...stages.slice(3),
    ];
    render(board({ stages: own, onMore }));
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual([
      'pipeline-column-applied',
      'pipeline-column-interview',
      'pipeline-column-custom_1',
      'pipeline-column-offer',
      'pipeline-column-hired',
      'pipeline-column-rejected',
    ]);
    const talk = screen.getByRole('region', { name: 'Talk with the team (3)' });
    expect(within(talk).getByText('Petro K')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Screening/ })).toBeNull();
    const options = [...(screen.getByLabelText('Stage of Petro K') as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['Applied', 'Talk with the team', 'Test task', 'Offer', 'Hired', 'Rejected']);
    fireEvent.click(within(talk).getByRole('button', { name: 'Show more in Talk with the team (1 of 3)' }));
    expect(onMore).toHaveBeenCalledWith('interview');
    expect(within(screen.getByRole('region', { name: 'Applied (1)' })).queryByRole('button')).toBeNull();
  });
});
