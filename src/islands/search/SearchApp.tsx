// The search page (issue 25, decision 207): a query and the filters a recruiter expects, all in the
// address (shared links and the back button show the same search), results that say why they
// matched, 'Show more' by cursor, and the empty, no-result, loading and failure states. Reads $search
// and calls its actions only; the address is read and written here, through src/lib/search-query.ts.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../styles/search.css';
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import { profileStatuses, type ProfileStatus } from '../../../contract/profile-status.ts';
import { searchLevels } from '../../../contract/search.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Icon from '../../components/Icon.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { pluralize, type PluralForms } from '../../lib/plurals.ts';
import {
  activeFilters,
  emptySearchView,
  parseSearchView,
  sameSearch,
  searchViewSearch,
  withoutFilter,
  type PersonFilter,
  type SearchView,
} from '../../lib/search-query.ts';
import { $search, loadMoreResults, runSearch } from '../../lib/stores/search.ts';
import type { SearchMessages } from './messages.ts';
import ResultItem from './ResultItem.tsx';

interface Props {
  locale: Locale;
  messages: SearchMessages;
  shownForms: PluralForms;
}

const scores = [1, 2, 3, 4, 5, 6] as const;
/** A typed filter applies this long after the last key (decision 238): no button to hunt for. */
export const typedFilterDelay = 700;
type TypedFilter = 'skill' | 'location' | 'company' | 'competency';
/** Every ISO 639-1 language in the page's language, sorted by name; loaded once the page runs. */
function useLanguages(locale: Locale): [string, string][] {
  const [languages, setLanguages] = useState<[string, string][]>([]);
  useEffect(() => {
    const load = locale === 'uk_UA' ? import('../../../contract/language-names/uk.ts') : import('../../../contract/language-names/en.ts');
    load
      .then(({ names }) => {
        const collator = new Intl.Collator(locale === 'uk_UA' ? 'uk' : 'en-GB');
        setLanguages(Object.entries(names as Record<string, string>).sort((a, b) => collator.compare(a[1], b[1])));
      })
      .catch(() => undefined);
  }, [locale]);
  return languages;
}

function competencyText(view: Pick<SearchView, 'competency' | 'minScore'>, messages: SearchMessages): string {
  return view.minScore !== null
    ? fill(messages['search.competencyAtLeast'], {
        competency: view.competency,
        score: view.minScore,
      })
    : fill(messages['search.chip.competency'], { value: view.competency });
}

/** The words of a filter's chip ('Skill: Figma', 'Accessibility ≥ 5 of 6'). */
function chipText(view: SearchView, name: PersonFilter, messages: SearchMessages, languageName: (code: string) => string): string {
  switch (name) {
    case 'skill':
      return fill(messages['search.chip.skill'], { value: view.skill });
    case 'language':
      return fill(messages['search.chip.language'], {
        value: view.level
          ? `${languageName(view.language)} ${view.level === 'native' ? messages['proficiency.native'] : `${view.level}+`}`
          : languageName(view.language),
      });
    case 'location':
      return fill(messages['search.chip.location'], { value: view.location });
    case 'company':
      return fill(messages['search.chip.company'], { value: view.company });
    case 'status':
      return view.status ? messages[`profile.status.${view.status}`] : '';
    case 'verified':
      return messages['search.chip.verified'];
    case 'competency':
      return competencyText(view, messages);
  }
}

export default function SearchApp({ locale, messages, shownForms }: Props) {
  const state = useStore($search);
  const [draft, setDraft] = useState<SearchView>(state.view);
  // The fields follow the view shown (a back step, a removed filter); typing changes only the draft.
  const [shownView, setShownView] = useState(state.view);
  if (shownView !== state.view) {
    setShownView(state.view);
    setDraft(state.view);
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const languages = useLanguages(locale);
  const languageNames = new Map(languages);
  const languageName = (code: string) => languageNames.get(code) ?? code.toUpperCase();
  const ids = useId();
  const filtersId = `${ids}-filters`;

  // Whether the step shown came from typing: the next pause in the same typing takes its place.
  const typedStep = useRef(false);
  // The address is the truth: read on arrival and on every back/forward step.
  useEffect(() => {
    const show = () => {
      typedStep.current = false;
      void runSearch(parseSearchView(globalThis.location.search));
    };
    show();
    globalThis.addEventListener('popstate', show);
    return () => globalThis.removeEventListener('popstate', show);
  }, []);

  // After 'Apply filters' (or Enter in a filter) the result count takes the focus, in view, once the
  // results have come: on a long column of filters the results were above the screen (decision 238).
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusCount = useRef(false);
  useEffect(() => {
    if (!focusCount.current || state.status !== 'ready') return;
    focusCount.current = false;
    const count = countRef.current;
    count?.scrollIntoView({ block: 'start', behavior: 'instant' });
    count?.focus({ preventScroll: true });
  }, [state.status]);
  // A typed filter applies once typing pauses: each key starts the wait again.
  const [typing, setTyping] = useState(false);

  /**
   * Shows `view`, adding a step to the history when it differs from what is shown. A filter applied
   * while typing (`typed`) adds one step for the typing, not one per pause: its later pauses replace it.
   */
  const apply = (view: SearchView, typed = false) => {
    setTyping(false);
    setDraft(view);
    if (!sameSearch(view, $search.get().view)) {
      const address = `${globalThis.location.pathname}${searchViewSearch(view)}`;
      if (typed && typedStep.current) globalThis.history.replaceState(null, '', address);
      else globalThis.history.pushState(null, '', address);
      typedStep.current = typed;
    }
    void runSearch(view);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const onSubmitFilters = (event: FormEvent) => {
    focusCount.current = true;
    onSubmit(event);
    setFiltersOpen(false);
  };
  const set = <K extends keyof SearchView>(name: K, value: SearchView[K]) => setDraft((d) => ({ ...d, [name]: value }));
  /** A typed filter: kept in the draft at once, applied after a pause in typing. */
  const type = (name: TypedFilter, value: string) => {
    set(name, value);
    setTyping(true);
  };
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => {
      if (sameSearch(draft, $search.get().view)) setTyping(false);
      else apply(draft, true);
    }, typedFilterDelay);
    return () => clearTimeout(timer);
  }, [draft, typing]);
  // Choices apply at once; typed words apply on Enter or 'Apply filters'.
  const choose = <K extends keyof SearchView>(name: K, value: SearchView[K]) => apply({ ...draft, [name]: value });

  const view = state.view;
  const active = activeFilters(view);
  const isPeople = draft.type === 'people';
  const removeButtons = active.map((name) => (
    <Button
      key={name}
      size="small"
      leading={<Icon name="close" />}
      onClick={() => apply(withoutFilter(view, name))}
      aria-label={fill(messages['search.filter.remove'], {
        filter: chipText(view, name, messages, languageName),
      })}
    >
      {chipText(view, name, messages, languageName)}
    </Button>
  ));

  let body;
  if (state.status === 'starting' || state.status === 'loading') {
    body = (
      <ul className="search-results" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className="search-result search-result-skeleton">
            <Skeleton shape="circle" className="search-skeleton-avatar" />
            <span className="search-skeleton-lines">
              <Skeleton shape="text" className="search-skeleton-name" />
              <Skeleton shape="text" className="search-skeleton-line" />
              <Skeleton shape="text" className="search-skeleton-short" />
            </span>
          </li>
        ))}
      </ul>
    );
  } else if (state.status === 'idle') {
    body = <EmptyState icon="search" title={messages['search.empty.title']} text={messages['search.empty.text']} />;
  } else if (state.status === 'failed') {
    body = (
      <Alert>
        <p>
          {state.failure?.kind === 'limited'
            ? messages['search.limited']
            : fill(messages['search.failed'], {
                message: state.failure?.message ?? '',
              })}
        </p>
        <Button size="small" onClick={() => void runSearch(view)}>
          {messages['search.retry']}
        </Button>
      </Alert>
    );
  } else if (state.items.length === 0) {
    body = (
      <div className="ui-empty search-none">
        <Icon name="search" />
        <p className="ui-empty-title">{messages['search.none.title']}</p>
        <p className="ui-empty-text">{messages['search.none.text']}</p>
        {active.length ? (
          <>
            <p className="ui-empty-text">{messages['search.none.filters']}</p>
            <div className="search-chips">{removeButtons}</div>
          </>
        ) : null}
        {view.type === 'companies' ? (
          <Button onClick={() => apply({ ...view, type: 'people' })}>{messages['search.none.companies']}</Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="search-results">
          {state.items.map((result) => (
            <ResultItem
              key={result.type === 'person' ? `p${result.user_id}` : `c${result.company_id}`}
              result={result}
              locale={locale}
              messages={messages}
              languageName={languageName}
            />
          ))}
        </ul>
        {state.failure ? (
          <Alert>
            <p>
              {state.failure.kind === 'limited'
                ? messages['search.limited']
                : fill(messages['search.failed'], {
                    message: state.failure.message,
                  })}
            </p>
          </Alert>
        ) : null}
        {state.nextCursor ? (
          <Button className="search-more" loading={state.loadingMore} onClick={() => void loadMoreResults()}>
            {messages['search.more']}
          </Button>
        ) : (
          <p className="search-end">{messages['search.end']}</p>
        )}
      </>
    );
  }

  return (
    <div className="search">
      <div className="search-head">
        <h1 id="search-title">{messages['title.search']}</h1>
        <p className="search-intro">{messages['search.intro']}</p>
      </div>
      <form className="search-form" role="search" aria-labelledby="search-title" onSubmit={onSubmit}>
        <div className="search-query">
          <label className="visually-hidden" htmlFor={`${ids}-q`}>
            {messages['search.query.label']}
          </label>
          <input
            id={`${ids}-q`}
            className="ui-input search-query-input"
            type="search"
            name="q"
            maxLength={100}
            autoComplete="off"
            placeholder={messages['search.query.placeholder']}
            value={draft.q}
            onChange={(event) => set('q', event.target.value)}
          />
          <Button type="submit" variant="primary" leading={<Icon name="search" />}>
            {messages['search.submit']}
          </Button>
        </div>
        <div className="search-bar">
          <fieldset className="search-type">
            <legend className="visually-hidden">{messages['search.type.label']}</legend>
            {(['people', 'companies'] as const).map((type) => (
              <label key={type} className="search-type-option">
                <input type="radio" name="type" value={type} checked={draft.type === type} onChange={() => choose('type', type)} />
                <span>{messages[`search.type.${type}`]}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="ui-button search-filters-toggle"
            data-variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <span className="ui-button-label">
              {messages['search.filters.toggle']}
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
        <form
          className="search-filters"
          id={filtersId}
          data-open={filtersOpen ? '' : undefined}
          aria-labelledby={`${ids}-filters-title`}
          onSubmit={onSubmitFilters}
        >
          <h2 id={`${ids}-filters-title`} className="search-filters-title">
            {messages['search.filters.title']}
          </h2>
          {isPeople ? (
            <>
              <div className="ui-field">
                <label className="ui-field-label" htmlFor={`${ids}-skill`}>
                  {messages['search.filter.skill']}
                </label>
                <input
                  id={`${ids}-skill`}
                  className="ui-input"
                  name="skill"
                  maxLength={100}
                  value={draft.skill}
                  onChange={(e) => type('skill', e.target.value)}
                />
              </div>
              <div className="search-pair">
                <div className="ui-field">
                  <label className="ui-field-label" htmlFor={`${ids}-language`}>
                    {messages['search.filter.language']}
                  </label>
                  <select
                    id={`${ids}-language`}
                    className="ui-select"
                    name="language"
                    value={draft.language}
                    onChange={(e) =>
                      apply({
                        ...draft,
                        language: e.target.value,
                        level: e.target.value ? draft.level : null,
                      })
                    }
                  >
                    <option value="">{messages['search.filter.anyLanguage']}</option>
                    {draft.language && !languageNames.has(draft.language) ? (
                      <option value={draft.language}>{draft.language.toUpperCase()}</option>
                    ) : null}
                    {languages.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="ui-field">
                  <label className="ui-field-label" htmlFor={`${ids}-level`}>
                    {messages['search.filter.level']}
                  </label>
                  <select
                    id={`${ids}-level`}
                    className="ui-select"
                    name="level"
                    value={draft.level ?? ''}
                    disabled={!draft.language}
                    onChange={(e) => choose('level', (e.target.value || null) as SearchView['level'])}
                  >
                    <option value="">{messages['search.filter.anyLevel']}</option>
                    {searchLevels.map((level) => (
                      <option key={level} value={level}>
                        {messages[`proficiency.${level}`]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <div className="ui-field">
                <label className="ui-field-label" htmlFor={`${ids}-location`}>
                  {messages['search.filter.location']}
                </label>
                <input
                  id={`${ids}-location`}
                  className="ui-input"
                  name="location"
                  maxLength={100}
                  value={draft.location}
                  onChange={(e) => type('location', e.target.value)}
                />
              </div>
              <div className="ui-field">
                <label className="ui-field-label" htmlFor={`${ids}-company`}>
                  {messages['search.filter.company']}
                </label>
                <input
                  id={`${ids}-company`}
                  className="ui-input"
                  name="company"
                  maxLength={100}
                  value={draft.company}
                  onChange={(e) => type('company', e.target.value)}
                />
              </div>
              <div className="ui-field">
                <label className="ui-field-label" htmlFor={`${ids}-status`}>
                  {messages['search.filter.status']}
                </label>
                <select
                  id={`${ids}-status`}
                  className="ui-select"
                  name="status"
                  value={draft.status ?? ''}
                  onChange={(e) => choose('status', (e.target.value || null) as ProfileStatus | null)}
                >
                  <option value="">{messages['search.filter.anyStatus']}</option>
                  {profileStatuses.map((status) => (
                    <option key={status} value={status}>
                      {messages[`profile.status.${status}`]}
                    </option>
                  ))}
                </select>
              </div>
              {/* The kit's check-box markup, not its Checkbox module: importing that here split it from the
                    text input's chunk every settings page loads (decision 207). */}
              <label className="ui-check" htmlFor={`${ids}-verified`}>
                <input
                  id={`${ids}-verified`}
                  type="checkbox"
                  className="ui-checkbox"
                  name="verified"
                  value="true"
                  aria-describedby={`${ids}-verified-hint`}
                  checked={draft.verified}
                  onChange={(e) => choose('verified', e.target.checked)}
                />
                <span className="ui-check-text">
                  <span className="ui-check-label">{messages['search.filter.verified']}</span>
                  <span className="ui-field-hint" id={`${ids}-verified-hint`}>
                    {messages['search.filter.verifiedHint']}
                  </span>
                </span>
              </label>
              <fieldset className="search-competency">
                <legend className="ui-field-label">{messages['search.filter.competency']}</legend>
                <p className="ui-field-hint" id={`${ids}-competency-hint`}>
                  {messages['search.filter.competencyHint']}
                </p>
                <div className="search-pair">
                  <div className="ui-field">
                    <label className="visually-hidden" htmlFor={`${ids}-competency`}>
                      {messages['search.filter.competency']}
                    </label>
                    <input
                      id={`${ids}-competency`}
                      className="ui-input"
                      name="competency"
                      maxLength={100}
                      aria-describedby={`${ids}-competency-hint`}
                      value={draft.competency}
                      onChange={(e) => type('competency', e.target.value)}
                    />
                  </div>
                  <div className="ui-field">
                    <label className="visually-hidden" htmlFor={`${ids}-score`}>
                      {messages['search.filter.minScore']}
                    </label>
                    <select
                      id={`${ids}-score`}
                      className="ui-select"
                      name="min_score"
                      value={draft.minScore ?? ''}
                      onChange={(e) => {
                        const minScore = e.target.value ? Number(e.target.value) : null;
                        // Without a competency the score waits for one: 'Apply filters' or Enter sends both.
                        if (draft.competency.trim()) choose('minScore', minScore);
                        else set('minScore', minScore);
                      }}
                    >
                      <option value="">{messages['search.filter.anyScore']}</option>
                      {scores.map((score) => (
                        <option key={score} value={score}>
                          {`≥ ${fill(messages['search.filter.score'], { score })}`}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              </fieldset>
              <div className="search-filters-actions">
                <Button type="submit" variant="primary" block>
                  {messages['search.filters.apply']}
                </Button>
                {active.length ? (
                  <Button variant="invisible" block onClick={() => apply({ ...emptySearchView, q: view.q, type: view.type })}>
                    {messages['search.filters.clear']}
                  </Button>
                ) : null}
              </div>
            </>
          ) : (
            <p className="search-filters-note">{messages['search.filters.companiesNote']}</p>
          )}
        </form>
        <section
          className="search-main"
          aria-labelledby={`${ids}-results-title`}
          aria-busy={state.status === 'starting' || state.status === 'loading'}
        >
          <h2 id={`${ids}-results-title`} className="visually-hidden">
            {messages['search.results.heading']}
          </h2>
          {active.length && state.items.length ? (
            <div className="search-active">
              <span className="search-active-label">{messages['search.filters.active']}</span>
              <div className="search-chips">{removeButtons}</div>
            </div>
          ) : null}
          <p className="search-count" role="status" ref={countRef} tabIndex={-1}>
            {state.status === 'loading'
              ? messages['search.loading']
              : state.status === 'ready'
                ? state.items.length
                  ? pluralize(locale, state.items.length, shownForms)
                  : messages['search.none.title']
                : ''}
          </p>
          {body}
          {view.competency && state.status === 'ready' ? (
            <p className="search-private-note">{messages['search.competency.privateNote']}</p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
