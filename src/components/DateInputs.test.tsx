// @vitest-environment happy-dom
// The kit's date field: day, month and year in that order in both languages, month names
// in the page's language, ISO values out, partial typing kept, a fieldset whose legend names the
// question and whose error describes every part.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../contract/locale.ts';
import { DateField, dateEntryProblem, dateParts, joinDate } from './DateInputs.tsx';

afterEach(cleanup);

const labels: Record<Locale, { day: string; month: string; year: string; chooseMonth: string }> = {
  en_GB: { day: 'Day', month: 'Month', year: 'Year', chooseMonth: 'Choose month' },
  uk_UA: { day: 'День', month: 'Місяць', year: 'Рік', chooseMonth: 'Оберіть місяць' },
};

/** A form holding the field's value, showing it as the API would get it. */
function Harness({ locale, initial = '', error }: { locale: Locale; initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        legend="Date of birth"
        name="birth_date"
        value={value}
        onChange={setValue}
        locale={locale}
        labels={labels[locale]}
        error={error}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const valueOf = () => screen.getByTestId('value').textContent;
/** Typing into a text part ('input' is what both React and Preact read as a change of a text field). */
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

describe('DateField', () => {
  it('asks day, month and year in that order in English, inside a fieldset named by its legend', () => {
    render(<Harness locale="en_GB" initial="1990-05-01" />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const controls = within(group).getAllByRole('textbox').concat(within(group).getAllByRole('combobox'));
    expect(controls).toHaveLength(3);
    const order = [...group.querySelectorAll('input, select')].map((element) => element.getAttribute('name'));
    expect(order).toEqual(['birth_date-day', 'birth_date-month', 'birth_date-year']);
    expect((within(group).getByLabelText('Day') as HTMLInputElement).value).toBe('01');
    expect((within(group).getByLabelText('Month') as HTMLSelectElement).value).toBe('05');
    expect(within(group).getByRole('option', { selected: true }).textContent).toBe('May');
    expect((within(group).getByLabelText('Year') as HTMLInputElement).value).toBe('1990');
    expect(group.querySelector('input[type="date"]')).toBeNull();
  });

  it('names the months in Ukrainian on a Ukrainian page, day first as well', () => {
    render(<Harness locale="uk_UA" />);
    const month = screen.getByLabelText('Місяць') as HTMLSelectElement;
    expect([...month.options].map((option) => option.textContent)).toEqual([
      'Оберіть місяць',
      'Січень',
      'Лютий',
      'Березень',
      'Квітень',
      'Травень',
      'Червень',
      'Липень',
      'Серпень',
      'Вересень',
      'Жовтень',
      'Листопад',
      'Грудень',
    ]);
    const order = [...screen.getByRole('group').querySelectorAll('label')].map((label) => label.textContent);
    expect(order).toEqual(['День', 'Місяць', 'Рік']);
  });

  it('gives ISO yyyy-mm-dd once the parts make a day, keeping the day as typed', () => {
    render(<Harness locale="en_GB" />);
    const day = screen.getByLabelText('Day') as HTMLInputElement;
    type(day, '5');
    expect(valueOf()).toBe('--5');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '03' } });
    type(screen.getByLabelText('Year'), '2024');
    expect(valueOf()).toBe('2024-03-05');
    expect(day.value).toBe('5');
    // Typing on: '5' then '15'.
    type(day, '1');
    type(day, '15');
    expect(valueOf()).toBe('2024-03-15');
    expect(day.value).toBe('15');
    // Letters are not digits.
    type(screen.getByLabelText('Year'), '20x4');
    expect(valueOf()).toBe('204-03-15');
  });

  it('keeps a day that does not exist as typed, for the form to refuse', () => {
    render(<Harness locale="en_GB" initial="2023-02-28" />);
    type(screen.getByLabelText('Day'), '29');
    expect(valueOf()).toBe('2023-02-29');
    expect(dateEntryProblem('2023-02-29')).toBe('invalid');
    type(screen.getByLabelText('Year'), '2024');
    expect(dateEntryProblem(valueOf()!)).toBeUndefined();
  });

  it('ties its error to the legend and to every part', () => {
    render(<Harness locale="en_GB" error="The date must include a day, a month and a year" />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    const errorId = group.querySelector('.ui-field-error')!.id;
    for (const control of group.querySelectorAll('input, select')) {
      expect(control.getAttribute('aria-invalid')).toBe('true');
      expect(control.getAttribute('aria-describedby')).toContain(errorId);
    }
  });
});

describe('date parts', () => {
  it('join into ISO only for real days and split back', () => {
    expect(joinDate('2024', '02', '9')).toBe('2024-02-09');
    expect(joinDate('2024', '02', '30')).toBe('2024-02-30');
    expect(joinDate('', '', '')).toBe('');
    expect(dateParts('2024-03-')).toEqual({ year: '2024', month: '03', day: '' });
    expect(dateEntryProblem('')).toBeUndefined();
    expect(dateEntryProblem('2024--05')).toBe('incomplete');
    expect(dateEntryProblem('2024-04-31')).toBe('invalid');
    expect(dateEntryProblem('24-04-01')).toBe('invalid');
  });
});
