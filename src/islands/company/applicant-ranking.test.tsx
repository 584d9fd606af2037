// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://company.localhost:4321/"}
// Ranking applicants in the pipeline (decision 271) over a mocked store: the filter form sends what was
// chosen (and drops a minimum score without a competency, a level without a language, a competency sort
// without a competency), Clear sends none; each applicant's scores say who gave them and the level of
// trust in words; the member's rating goes to the store and the average reads in both languages.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Applicant } from '../../../contract/applications.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import * as store from '../../lib/stores/workspace-applicants.ts';
import { ApplicantFacts, ApplicantFilters, ApplicantRatingField } from './ApplicantRanking.tsx';
import { islandMessages } from '../../i18n/island-messages.ts';

vi.mock('../../lib/stores/workspace-applicants.ts', () => ({ rateApplicant: vi.fn() }));
const en = messagesTranslator(islandMessages('en_GB', 'company/ApplicantRanking.tsx'));
const uk = messagesTranslator(islandMessages('uk_UA', 'company/ApplicantRanking.tsx'));

const applicant: Applicant = {
  id: 9,
  stage: 'applied',
  applied_at: '2026-11-28T10:00:00.000Z',
  stage_changed_at: '2026-11-28T10:00:00.000Z',
  cover_note: null,
  document: null,
  person: { user_id: 5, first_name: 'Olena', last_name: 'K', headline: null, photo_url: null },
  jobs: [],
  competencies: [
    { name: 'Accessibility', score: 6, company: 'Acme Maps', domain: 'acme.test', reviewed_on: '2026-06-01', trust: 'domain_verified' },
    { name: '<b>Typography</b>', score: 3, company: 'Beta', domain: null, reviewed_on: '2026-05-01', trust: 'company_confirmed' },
  ],
  skills: ['Figma', '<script>x</script>'],
  languages: [{ code: 'en', level: 'C1' }],
  rating: { average: 4.5, count: 2, mine: 4 },
  notes_count: 0,
  messages_count: 0,
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the filter form', () => {
  it('sends the chosen filters and sort, and drops what needs a missing companion', () => {
    const onApply = vi.fn();
    render(<ApplicantFilters filter={{}} onApply={onApply} locale="en_GB" t={en} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filter and sort' }));
    const form = screen.getByRole('form', { name: 'Filter and sort' });
    fireEvent.change(within(form).getByLabelText('Minimum score'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'en' } });
    fireEvent.change(within(form).getByLabelText('At least'), { target: { value: 'B2' } });
    fireEvent.change(within(form).getByLabelText('Skill'), { target: { value: 'Figma' } });
    expect((within(form).getByRole('option', { name: 'Competency score' }) as HTMLOptionElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenLastCalledWith({ language: 'en', level: 'B2', skill: 'Figma', sort: 'newest' });
    fireEvent.change(within(form).getByLabelText(/^Verified competency/), { target: { value: ' Accessibility ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Only scores from companies with a verified domain' }));
    fireEvent.change(within(form).getByLabelText('Sort by'), { target: { value: 'competency' } });
    fireEvent.submit(form);
    expect(onApply).toHaveBeenLastCalledWith({
      competency: 'Accessibility',
      min_score: 5,
      trust: 'domain_verified',
      language: 'en',
      level: 'B2',
      skill: 'Figma',
      sort: 'competency',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect(onApply).toHaveBeenLastCalledWith({});
  });

  it('is open when a filter is set, in Ukrainian too', () => {
    render(<ApplicantFilters filter={{ skill: 'Figma' }} onApply={vi.fn()} locale="uk_UA" t={uk} />);
    const form = screen.getByRole('form', { name: 'Фільтри й сортування' });
    expect((within(form).getByLabelText('Навичка') as HTMLInputElement).value).toBe('Figma');
  });
});

describe('beside each applicant', () => {
  it('says each score, who gave it and its level of trust in words; free text stays text', () => {
    const { container } = render(<ApplicantFacts applicant={applicant} locale="en_GB" t={en} />);
    expect(screen.getByText('Scores from past employers (2)')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Accessibility: 6 of 6');
    expect(items[0]!.textContent).toContain('Verified · acme.test');
    expect(items[1]!.textContent).toContain('<b>Typography</b>: 3 of 6');
    expect(items[1]!.textContent).toContain('Verified · identity not verified');
    expect(container.querySelector('b, script')).toBeNull();
    expect(container.textContent).toContain('Figma, <script>x</script>');
    expect(container.textContent).toContain('English (C1');
  });

  it('rates through the store and reads the company’s average, in both languages', async () => {
    vi.mocked(store.rateApplicant).mockResolvedValue(applicant);
    render(<ApplicantRatingField applicant={applicant} name="Olena K" canRate locale="en_GB" t={en} />);
    expect(screen.getByText('Company rating: 4.5 of 5 from 2')).toBeTruthy();
    const select = screen.getByLabelText(/^Your rating of Olena K/) as HTMLSelectElement;
    expect(select.value).toBe('4');
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(() => expect(store.rateApplicant).toHaveBeenCalledWith(9, 5));
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(store.rateApplicant).toHaveBeenCalledWith(9, null));
    cleanup();
    render(
      <ApplicantRatingField
        applicant={{ ...applicant, rating: { average: null, count: 0, mine: null } }}
        name="Olena K"
        canRate={false}
        locale="uk_UA"
        t={uk}
      />,
    );
    expect(screen.getByText('Компанія ще не оцінила')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
