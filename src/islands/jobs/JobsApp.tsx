// The jobs page (decision 269): find openings by words (typos, parts of words, either
// alphabet), place, remote, employment type, skill, company, a salary minimum and companies with a
// verified domain, all in the address (a shared link and the back button show the same search). Words
// and typed filters apply on Enter or 'Apply filters'; a choice applies at once. With nothing asked it
// lists the newest openings. Reads $jobsSearch and calls its actions; the address is read and written
// here, through src/lib/base/jobs-query.ts; the result column is JobResults.tsx.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../styles/search.css';
import '../../styles/jobs.css';
import { jobSearchLimits } from '../../../contract/jobs-search.ts';
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import {
  activeJobFilters,
  emptyJobsView,
  jobsViewSearch,
  parseJobsView,
  salaryOf,
  sameJobsSearch,
  withoutJobFilter,
  type JobFilter,
  type JobsView,
} from '../../lib/base/jobs-query.ts';
import type { PluralForms } from '../../lib/base/plurals.ts';
import { $jobsSearch, runJobsSearch } from '../../lib/stores/jobs-search.ts';
import JobFilters, { type Draft } from './JobFilters.tsx';
import JobResults from './JobResults.tsx';
import type { IslandMessages } from '../../i18n/translator.ts';

interface Props {
  locale: Locale;
  messages: IslandMessages;
  shownForms: PluralForms;
}

/** A chip's words for a filter set in `view`. */
function chipText(view: JobsView, name: JobFilter, messages: IslandMessages, locale: Locale): string {
  switch (name) {
    case 'remote':
      return messages['jobs.chip.remote'];
    case 'verified':
      return messages['jobs.chip.verified'];
    case 'type':
      return view.type ? messages[`openings.employmentType.${view.type}`] : '';
    case 'salary': {
      const amount = new Intl.NumberFormat(locale === 'uk_UA' ? 'uk' : 'en-GB', {
        style: 'currency',
        currency: view.currency,
        maximumFractionDigits: 0,
      }).format(view.salaryMin ?? 0);
      return fill(messages['jobs.chip.salary'], {
        value: fill(messages['jobs.salaryPer'], { amount, period: messages[`openings.period.${view.period}`] }),
      });
    }
    default:
      return fill(messages[`jobs.chip.${name}`], { value: view[name] });
  }
}

const draftOf = (view: JobsView): Draft => ({ ...view, salaryText: view.salaryMin === null ? '' : String(view.salaryMin) });
const viewOf = (draft: Draft): JobsView => {
  const { salaryText, ...view } = draft;
  return { ...view, salaryMin: salaryOf(salaryText) };
};

export default function JobsApp({ locale, messages, shownForms }: Props) {
  const state = useStore($jobsSearch);
  const [draft, setDraft] = useState<Draft>(() => draftOf(state.view));
  // The fields follow the view shown (a back step, a removed filter); typing changes only the draft.
  const [shownView, setShownView] = useState(state.view);
  if (shownView !== state.view) {
    setShownView(state.view);
    setDraft(draftOf(state.view));
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const ids = useId();
  const filtersId = `${ids}-filters`;
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusCount = useRef(false);

  // The address is the truth: read on arrival and on every back/forward step.
  useEffect(() => {
    const show = () => void runJobsSearch(parseJobsView(globalThis.location.search));
    show();
    globalThis.addEventListener('popstate', show);
    return () => globalThis.removeEventListener('popstate', show);
  }, []);
  // After 'Apply filters' the result count takes the focus once the results have come (decision 238).
  const answered = state.shows === 'results' && !state.reading;
  useEffect(() => {
    if (!focusCount.current || !answered) return;
    focusCount.current = false;
    countRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    countRef.current?.focus({ preventScroll: true });
  }, [answered]);

  /** Shows `view`, adding a step to the history when it differs from what is shown. */
  const apply = (view: JobsView) => {
    setDraft(draftOf(view));
    if (!sameJobsSearch(view, $jobsSearch.get().view)) {
      globalThis.history.pushState(null, '', `${globalThis.location.pathname}${jobsViewSearch(view)}`);
    }
    void runJobsSearch(view);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(viewOf(draft));
  };
  const onSubmitFilters = (event: FormEvent) => {
    focusCount.current = true;
    onSubmit(event);
    setFiltersOpen(false);
  };
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const choose = <K extends keyof JobsView>(name: K, value: JobsView[K]) => apply({ ...viewOf(draft), [name]: value });

  const view = state.view;
  const active = activeJobFilters(view);
  const removeButtons = active.map((name) => (
    <Button
      key={name}
      size="small"
      leading={<Icon name="close" />}
      onClick={() => apply(withoutJobFilter(view, name))}
      aria-label={fill(messages['jobs.filter.remove'], { filter: chipText(view, name, messages, locale) })}
    >
      {chipText(view, name, messages, locale)}
    </Button>
  ));
  return (
    <div className="search jobs">
      <div className="search-head">
        <h1 id="jobs-title">{messages['title.jobs']}</h1>
        <p className="search-intro">{messages['jobs.intro']}</p>
      </div>
      <form className="search-form" role="search" aria-labelledby="jobs-title" onSubmit={onSubmit}>
        <div className="search-query">
          <label className="visually-hidden" htmlFor={`${ids}-q`}>
            {messages['jobs.query.label']}
          </label>
          <input
            id={`${ids}-q`}
            className="ui-input search-query-input"
            type="search"
            name="q"
            maxLength={jobSearchLimits.textMax}
            autoComplete="off"
            placeholder={messages['jobs.query.placeholder']}
            value={draft.q}
            onChange={(event) => set('q', event.target.value)}
          />
          <Button type="submit" variant="primary" leading={<Icon name="search" />}>
            {messages['jobs.submit']}
          </Button>
        </div>
        <div className="search-bar">
          <button
            type="button"
            className="ui-button search-filters-toggle"
            data-variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <span className="ui-button-label">
              {messages['jobs.filters.toggle']}
              {active.length ? (
                <span className="ui-badge" data-variant="count">
                  {active.length}
                </span>
              ) : null}
            </span>
          </button>
        </div>
      </form>
      <div className="search-layout">
        <JobFilters
          ids={ids}
          messages={messages}
          draft={draft}
          set={set}
          choose={choose}
          filtersId={filtersId}
          open={filtersOpen}
          onSubmit={onSubmitFilters}
          onClear={active.length ? () => apply({ ...emptyJobsView, q: view.q }) : null}
        />
        <JobResults
          ids={ids}
          state={state}
          locale={locale}
          messages={messages}
          shownForms={shownForms}
          removeButtons={removeButtons}
          countRef={countRef}
        />
      </div>
    </div>
  );
}
