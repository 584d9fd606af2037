// Date entry, the GOV.UK way (https://design-system.service.gov.uk/components/date-input/): a date is
// asked in parts, never with the browser's native date picker, whose order (mm/dd/yyyy in an American
// browser) follows the browser's language, not the page's. Full dates are day, month and year in that
// order in both languages; month-level facts (a job, a course, a certificate) are month and year, never
// with a made-up day. The month is a list of its names in the page's language, so '03/04' can never be
// read two ways. Values are ISO strings, 'YYYY-MM-DD' and 'YYYY-MM', '' when empty; a date typed only in
// part keeps what was typed ('2024-03-', '--5') so the form can say what is missing.
import { useId, useState, type ComponentProps, type Ref } from 'react';
import type { Locale } from '../../contract/locale.ts';
import { isCalendarDay, monthNames } from '../lib/base/dates.ts';
import { Fieldset, type FieldsetProps } from './Field.tsx';
import { Select, TextInput } from './TextInput.tsx';

interface MonthYearProps {
  value: string;
  onChange: (value: string) => void;
  /** The page's language: the month names are in it. */
  locale: Locale;
  monthLabel: string;
  yearLabel: string;
  /** The empty choice of the month list, e.g. 'Month'. */
  monthPlaceholder: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  onBlur?: () => void;
  disabled?: boolean;
}

/** Splits 'YYYY-MM' (or a full ISO date) into its parts; '' parts when missing. */
export function monthYearParts(value: string): { year: string; month: string } {
  const match = /^(\d{0,4})-?(\d{2})?/.exec(value);
  return { year: match?.[1] ?? '', month: match?.[2] ?? '' };
}

/** Joins parts into 'YYYY-MM'; '' when both are empty; a partial value keeps what was typed. */
export function joinMonthYear(year: string, month: string): string {
  if (!year && !month) return '';
  return `${year}-${month}`;
}

type MonthSelectProps = { locale: Locale; placeholder: string } & Omit<ComponentProps<typeof Select>, 'children'>;

/** The month list of a date's parts: '' for none, then '01' to '12' by name in the page's language. */
function MonthSelect({ locale, placeholder, ...rest }: MonthSelectProps) {
  return (
    <Select {...rest}>
      <option value="">{placeholder}</option>
      {monthNames(locale).map((name, index) => {
        const number = String(index + 1).padStart(2, '0');
        return (
          <option key={number} value={number}>
            {name}
          </option>
        );
      })}
    </Select>
  );
}

export function MonthYearInput({
  value,
  onChange,
  locale,
  monthLabel,
  yearLabel,
  monthPlaceholder,
  invalid,
  describedBy,
  onBlur,
  disabled,
  ref,
}: MonthYearProps & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  const { year, month } = monthYearParts(value);
  return (
    <div className="ui-date-parts">
      <div className="ui-date-part">
        <label htmlFor={`${id}-month`}>{monthLabel}</label>
        <MonthSelect
          id={`${id}-month`}
          ref={ref}
          locale={locale}
          placeholder={monthPlaceholder}
          value={month}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => onChange(joinMonthYear(year, event.target.value))}
        />
      </div>
      <div className="ui-date-part">
        <label htmlFor={`${id}-year`}>{yearLabel}</label>
        <TextInput
          id={`${id}-year`}
          data-width="year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={year}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => onChange(joinMonthYear(event.target.value.replace(/\D/g, ''), month))}
        />
      </div>
    </div>
  );
}

/** The labels of a full date's parts, in the page's language (the kit holds no strings). */
export interface DateLabels {
  day: string;
  month: string;
  year: string;
  /** The empty choice of the month list, e.g. 'Choose month'. */
  chooseMonth: string;
}

/** Splits 'YYYY-MM-DD' (or a partial 'YYYY-MM-D', '--5') into its parts; '' parts when missing. */
export function dateParts(value: string): { year: string; month: string; day: string } {
  const [year = '', month = '', day = ''] = value.split('-');
  return { year, month, day };
}

/** Joins parts into 'YYYY-MM-DD' (the day padded) when they make a real day; else what was typed; '' for nothing. */
export function joinDate(year: string, month: string, day: string): string {
  if (!year && !month && !day) return '';
  const padded = `${year}-${month}-${day.padStart(2, '0')}`;
  return isCalendarDay(padded) ? padded : `${year}-${month}-${day}`;
}

/** What is wrong with a typed date: 'incomplete' when a part is missing, 'invalid' when it is no real day; undefined when empty or whole. */
export function dateEntryProblem(value: string): 'incomplete' | 'invalid' | undefined {
  if (!value) return undefined;
  const { year, month, day } = dateParts(value);
  if (!year || !month || !day) return 'incomplete';
  return isCalendarDay(value) ? undefined : 'invalid';
}

interface DateProps {
  value: string;
  onChange: (value: string) => void;
  /** The page's language: the month names are in it. */
  locale: Locale;
  labels: DateLabels;
  /** Names the parts `${name}-day`, `${name}-month` and `${name}-year`. */
  name?: string | undefined;
  invalid?: boolean;
  describedBy?: string | undefined;
  onBlur?: () => void;
  disabled?: boolean;
  required?: boolean;
}

/** A full date as day, month and year; the day takes the ref (a failed submit focuses it). */
export function DayMonthYearInput({
  value,
  onChange,
  locale,
  labels,
  name,
  invalid,
  describedBy,
  onBlur,
  disabled,
  required,
  ref,
}: DateProps & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const { year, month, day } = dateParts(value);
  // The day as typed ('5' or '05'): the value pads it once it makes a date, the field keeps the typing.
  const [typedDay, setTypedDay] = useState(day);
  const shownDay = Number(typedDay) === Number(day) && (typedDay === '') === (day === '') ? typedDay : day;
  const common = { disabled, required, onBlur, 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy } as const;
  const digits = (text: string) => text.replace(/\D/g, '');
  return (
    <div className="ui-date-parts">
      <div className="ui-date-part">
        <label htmlFor={`${id}-day`}>{labels.day}</label>
        <TextInput
          {...common}
          ref={ref}
          id={`${id}-day`}
          name={name ? `${name}-day` : undefined}
          data-width="day"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          value={shownDay}
          onChange={(event) => {
            const typed = digits(event.target.value);
            setTypedDay(typed);
            onChange(joinDate(year, month, typed));
          }}
        />
      </div>
      <div className="ui-date-part">
        <label htmlFor={`${id}-month`}>{labels.month}</label>
        <MonthSelect
          {...common}
          id={`${id}-month`}
          name={name ? `${name}-month` : undefined}
          locale={locale}
          placeholder={labels.chooseMonth}
          value={month}
          onChange={(event) => onChange(joinDate(year, event.target.value, shownDay))}
        />
      </div>
      <div className="ui-date-part">
        <label htmlFor={`${id}-year`}>{labels.year}</label>
        <TextInput
          {...common}
          id={`${id}-year`}
          name={name ? `${name}-year` : undefined}
          data-width="year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={year}
          onChange={(event) => onChange(joinDate(digits(event.target.value), month, shownDay))}
        />
      </div>
    </div>
  );
}

/** The question around the date (legend, hint, error): the kit's Fieldset's own props. */
type DateFieldProps = Omit<DateProps, 'invalid' | 'describedBy'> & Omit<FieldsetProps, 'children'>;

/** A full date as a question: a fieldset whose legend asks it, its hint and error, then day, month and year. */
export function DateField({ legend, optional, hint, error, className, id, ...input }: DateFieldProps) {
  return (
    <Fieldset id={id} legend={legend} optional={optional} hint={hint} error={error} className={className}>
      {(described) => (
        <DayMonthYearInput {...input} invalid={Boolean(described['aria-invalid'])} describedBy={described['aria-describedby']} />
      )}
    </Fieldset>
  );
}
