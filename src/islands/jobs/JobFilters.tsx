// The jobs page's filter column (decision 269): place, remote, employment type, skill,
// company, a salary minimum with its currency and period, and companies with a verified domain. A
// choice applies at once; typed words on Enter or 'Apply filters'. JobsApp keeps the draft.
import type { FormEvent } from 'react';
import { employmentTypes, salaryCurrencies, salaryPeriods } from '../../../contract/jobs.ts';
import { jobSearchLimits } from '../../../contract/jobs-search.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import Button from '../../components/Button.tsx';
import Checkbox from '../../components/Checkbox.tsx';
import type { JobsView } from '../../lib/base/jobs-query.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

/** The form's draft: the view, with the salary as typed, so '12 0' is kept while typed. */
export interface Draft extends JobsView {
  salaryText: string;
}

interface Props {
  ids: string;
  messages: IslandMessages;
  draft: Draft;
  /** Keeps a field in the draft only: shown on the next Enter or 'Apply filters'. */
  set: <K extends keyof Draft>(name: K, value: Draft[K]) => void;
  /** A choice: the draft with this field, shown at once. */
  choose: <K extends keyof JobsView>(name: K, value: JobsView[K]) => void;
  filtersId: string;
  open: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Clears every filter, when one is set. */
  onClear: (() => void) | null;
}

export default function JobFilters({ ids, messages, draft, set, choose, filtersId, open, onSubmit, onClear }: Props) {
  const text = (name: 'location' | 'skill' | 'company') => (
    <div className="ui-field">
      <label className="ui-field-label" htmlFor={`${ids}-${name}`}>
        {messages[`jobs.filter.${name}`]}
      </label>
      <input
        id={`${ids}-${name}`}
        className="ui-input"
        name={name}
        maxLength={jobSearchLimits.textMax}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value)}
      />
    </div>
  );

  return (
    <form
      id={filtersId}
      className="search-filters"
      aria-labelledby={`${ids}-filters-title`}
      data-open={open ? '' : undefined}
      onSubmit={onSubmit}
    >
      <h2 id={`${ids}-filters-title`} className="search-filters-title">
        {messages['jobs.filters.title']}
      </h2>
      {text('location')}
      <Checkbox
        name="remote"
        checked={draft.remote}
        onChange={(e) => choose('remote', e.target.checked)}
        label={messages['jobs.filter.remote']}
        hint={messages['jobs.filter.remoteHint']}
      />
      <div className="ui-field">
        <label className="ui-field-label" htmlFor={`${ids}-type`}>
          {messages['jobs.filter.type']}
        </label>
        <select
          id={`${ids}-type`}
          className="ui-select"
          name="type"
          value={draft.type ?? ''}
          onChange={(e) => choose('type', (e.target.value || null) as JobsView['type'])}
        >
          <option value="">{messages['jobs.filter.anyType']}</option>
          {employmentTypes.map((type) => (
            <option key={type} value={type}>
              {messages[`openings.employmentType.${type}`]}
            </option>
          ))}
        </select>
      </div>
      {text('skill')}
      {text('company')}
      <fieldset className="search-competency" aria-describedby={`${ids}-salary-hint`}>
        <legend className="ui-field-label">{messages['jobs.filter.salary']}</legend>
        <p className="ui-field-hint" id={`${ids}-salary-hint`}>
          {messages['jobs.filter.salaryHint']}
        </p>
        <div className="jobs-salary">
          <input
            className="ui-input"
            name="salary_min"
            inputMode="numeric"
            autoComplete="off"
            aria-label={messages['jobs.filter.salary']}
            value={draft.salaryText}
            onChange={(e) => set('salaryText', e.target.value)}
          />
          <select
            className="ui-select"
            name="currency"
            aria-label={messages['jobs.filter.currency']}
            value={draft.currency}
            onChange={(e) => set('currency', e.target.value as JobsView['currency'])}
          >
            {salaryCurrencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
          <select
            className="ui-select"
            name="period"
            aria-label={messages['jobs.filter.period']}
            value={draft.period}
            onChange={(e) => set('period', e.target.value as JobsView['period'])}
          >
            {salaryPeriods.map((period) => (
              <option key={period} value={period}>
                {fill(messages['jobs.salaryPer'], { amount: '', period: messages[`openings.period.${period}`] }).trim()}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <Checkbox
        name="verified"
        checked={draft.verified}
        onChange={(e) => choose('verified', e.target.checked)}
        label={messages['jobs.filter.verified']}
        hint={messages['jobs.filter.verifiedHint']}
      />
      <div className="search-filters-actions">
        <Button type="submit" variant="primary">
          {messages['jobs.filters.apply']}
        </Button>
        {onClear ? <Button onClick={onClear}>{messages['jobs.filters.clear']}</Button> : null}
      </div>
    </form>
  );
}
