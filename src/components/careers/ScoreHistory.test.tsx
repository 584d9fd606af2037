// @vitest-environment happy-dom
// The score history chart: every round a named point, the table with the same figures,
// the arrow keys moving between points, N/A a gap, one round a point and a sentence, none nothing.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rating } from '../../../contract/employment-scores.ts';
import type { HistoryCompetency, HistoryRound } from '../../../contract/score-history.ts';
import type { Locale } from '../../../contract/locale.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { islandMessages } from '../../i18n/island-messages.ts';
import ScoreHistory from './ScoreHistory.tsx';

afterEach(cleanup);

const competencies: HistoryCompetency[] = [
  { competency_id: 1, name: 'System design', weight: 3 },
  { competency_id: 2, name: 'Mentoring', weight: 1 },
];
const round = (id: number, reviewed_on: string, ratings: [number, Rating][]): HistoryRound => ({
  id,
  reviewed_on,
  ratings: ratings.map(([competency_id, rating]) => ({ competency_id, rating })),
});
// Newest first, as the API lists them: 4 (Mentoring N/A), then 4.75, then 3.25 (Mentoring not rated: its Good still counts).
const reviews = [
  round(3, '2026-11-20', [[1, 'satisfactory']]),
  round(2, '2026-09-30', [
    [1, 'excellent'],
    [2, 'good'],
  ]),
  round(1, '2026-03-31', [
    [1, 'good'],
    [2, 'na'],
  ]),
];

function show(locale: Locale = 'en_GB', given: HistoryRound[] = reviews) {
  const t = messagesTranslator(islandMessages(locale, 'careers/EmploymentDetailsApp.tsx'));
  return render(<ScoreHistory competencies={competencies} reviews={given} locale={locale} t={t} />);
}

const points = () => screen.getAllByRole('img');
const names = () => points().map((p) => p.getAttribute('aria-label'));

describe('the score history chart', () => {
  it('names every round’s point with its date and the score after it, oldest first, inside a labelled figure', () => {
    show();
    expect(screen.getByRole('figure', { name: 'In-company score after each review round' })).toBeTruthy();
    expect(names()).toEqual(['Mar 31, 2026: 4 of 6', 'Sep 30, 2026: 4.75 of 6', 'Nov 20, 2026: 3.25 of 6']);
    expect(screen.getByTestId('score-history-summary').textContent).toBe('From 4 of 6 on Mar 31, 2026 to 3.25 of 6 on Nov 20, 2026.');
    // The y-axis names the scale in words.
    const ticks = [...document.querySelectorAll('.score-history-tick .score-history-tick-name')].map((tick) => tick.textContent);
    expect(ticks).toEqual(['Exceptional', 'Excellent', 'Good', 'Satisfactory', 'Needs improvement', 'Poor']);
  });

  it('has a table with the same figures: the score and each competency per round, N/A and not rated in words', () => {
    show();
    fireEvent.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Review round', 'In-company score', 'System design', 'Mentoring'],
      ['Mar 31, 2026', '4 of 6', 'Good (4 of 6)', 'N/A, not counted'],
      ['Sep 30, 2026', '4.75 of 6', 'Excellent (5 of 6)', 'Good (4 of 6)'],
      ['Nov 20, 2026', '3.25 of 6', 'Satisfactory (3 of 6)', 'Not rated in this round'],
    ]);
    // The chart's points say what the table's score column says.
    expect(names().map((name) => name!.split(': ')[1])).toEqual(rows.slice(1).map((row) => row[1]));
  });

  it('is one Tab stop, the latest round; the arrow keys, Home and End move between rounds and show the label', () => {
    show();
    expect(points().map((p) => p.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
    const latest = points()[2]!;
    act(() => latest.focus());
    expect(document.querySelector('.score-history-tip')?.textContent).toBe('Nov 20, 2026' + '3.25 of 6');
    fireEvent.keyDown(latest, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(points()[1]);
    expect(points().map((p) => p.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(document.querySelector('.score-history-tip')?.textContent).toBe('Sep 30, 2026' + '4.75 of 6');
    fireEvent.keyDown(points()[1]!, { key: 'Home' });
    expect(document.activeElement).toBe(points()[0]);
    fireEvent.keyDown(points()[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(points()[0]);
    fireEvent.keyDown(points()[0]!, { key: 'End' });
    expect(document.activeElement).toBe(points()[2]);
    fireEvent.blur(points()[2]!);
    expect(document.querySelector('.score-history-tip')).toBeNull();
  });

  it('shows one competency at a time: N/A and a round that did not rate it are gaps in the line, not zeros', () => {
    show();
    fireEvent.click(screen.getByRole('radio', { name: 'Mentoring' }));
    expect(screen.getByRole('figure', { name: 'Mentoring after each review round' })).toBeTruthy();
    expect(names()).toEqual(['Mar 31, 2026: N/A, not counted', 'Sep 30, 2026: Good (4 of 6)', 'Nov 20, 2026: Not rated in this round']);
    expect(screen.getByTestId('score-history-summary').textContent).toBe('Rated once so far: Good (4 of 6) on Sep 30, 2026.');
    // One point with a value: the line is a single move, no segment to or from a gap.
    expect(document.querySelector('.score-history-line')!.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+$/);
    // The overall score stays as a dashed reference line through its three points.
    expect(document.querySelector('.score-history-reference')!.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+L[\d.]+ [\d.]+L[\d.]+ [\d.]+$/);
    fireEvent.click(screen.getByRole('radio', { name: 'System design' }));
    expect(names()).toEqual(['Mar 31, 2026: Good (4 of 6)', 'Sep 30, 2026: Excellent (5 of 6)', 'Nov 20, 2026: Satisfactory (3 of 6)']);
  });

  it('shows a single round as one point and a sentence, not a line', () => {
    show('en_GB', [reviews[2]!]);
    expect(names()).toEqual(['Mar 31, 2026: 4 of 6']);
    expect(screen.getByTestId('score-history-summary').textContent).toBe(
      'One review round so far: 4 of 6 on Mar 31, 2026. The line begins with the next round.',
    );
    expect(document.querySelector('.score-history-line')!.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+$/);
  });

  it('shows nothing without a round', () => {
    const { container } = show('en_GB', []);
    expect(container.innerHTML).toBe('');
  });

  it('speaks Ukrainian on a Ukrainian page, dates and decimals included', () => {
    show('uk_UA');
    expect(screen.getByRole('figure', { name: 'Оцінка в компанії після кожного раунду оцінювання' })).toBeTruthy();
    const [first, second] = names();
    expect(first).toBe('31 березня 2026 р.: 4 з 6');
    expect(second).toMatch(/: 4,75 з 6$/);
    expect(screen.getByText('Показати таблицею')).toBeTruthy();
    expect([...document.querySelectorAll('.score-history-tick .score-history-tick-name')].map((tick) => tick.textContent)).toContain(
      'Потребує покращення',
    );
  });
});
