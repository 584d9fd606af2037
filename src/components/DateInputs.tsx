// Date entry. Month-level facts (a job, a course, a certificate) are asked as month and year, the
// GOV.UK way, never with a made-up day; full dates use the browser's own date picker, which already
// speaks the page's language. Values are ISO strings: 'YYYY-MM' and 'YYYY-MM-DD', '' when empty.
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { Select, TextInput } from './TextInput.tsx';

interface MonthYearProps {
  value: string;
  onChange: (value: string) => void;
  /** BCP 47 language of the month names, e.g. 'en-GB' or 'uk'. */
  lang: string;
  monthLabel: string;
  yearLabel: string;
  /** The empty choice of the month list, e.g. 'Month'. */
  monthPlaceholder: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  onBlur?: () => void;
  disabled?: boolean;
}

/** The twelve month names of `lang`, in the form used on their own ('березень', not 'березня'). */
export function monthNames(lang: string): string[] {
  const format = new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => {
    const name = format.format(Date.UTC(2000, index, 1));
    return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
  });
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

// forwardRef, not React 19's ref-as-prop: Preact renders the islands (decision 063).
export const MonthYearInput = forwardRef<HTMLSelectElement, MonthYearProps>(function MonthYearInput({ value, onChange, lang, monthLabel, yearLabel, monthPlaceholder, invalid, describedBy, onBlur, disabled }, ref) {
  const id = useId();
  const { year, month } = monthYearParts(value);
  const names = monthNames(lang);
  return (
    <div className="ui-date-parts">
      <div className="ui-date-part">
        <label htmlFor={`${id}-month`}>{monthLabel}</label>
        <Select
          id={`${id}-month`}
          ref={ref}
          value={month}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
          onChange={(event) => onChange(joinMonthYear(year, event.target.value))}
        >
          <option value="">{monthPlaceholder}</option>
          {names.map((name, index) => {
            const number = String(index + 1).padStart(2, '0');
            return (
              <option key={number} value={number}>
                {name}
              </option>
            );
          })}
        </Select>
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
});

/** A full date with the browser's date picker. */
export const DateInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function DateInput(props, ref) {
  return <TextInput {...props} ref={ref} type="date" />;
});
