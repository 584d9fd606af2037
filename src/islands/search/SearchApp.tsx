// The search page (decision 207): a query and the filters a recruiter expects, all in the
// address (shared links and the back button show the same search), results that say why they
// matched, 'Show more' by cursor, and the empty, no-result, loading and failure states. Reads $search
// and calls its actions only; the address is read and written here, through src/lib/base/search-query.ts.
// Its forms are in SearchForm.tsx, its result column in SearchResults.tsx, its computed words in
// search-text.ts.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import '../../styles/search.css';
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import type { PluralForms } from '../../lib/base/plurals.ts';
import {
  activeFilters,
  emptySearchView,
  parseSearchView,
  sameSearch,
  searchViewSearch,
  withoutFilter,
  type SearchView,
} from '../../lib/base/search-query.ts';
import { $search, runSearch } from '../../lib/stores/search.ts';
import type { IslandMessages } from '../../i18n/translator.ts';
import { FilterForm, QueryForm, type DraftEditor, type TypedFilter } from './SearchForm.tsx';
import SearchResults from './SearchResults.tsx';
import { chipText } from './search-text.ts';

interface Props {
  locale: Locale;
  messages: IslandMessages;
  shownForms: PluralForms;
}

/** A typed filter applies this long after the last key (decision 238): no button to hunt for. */
export const typedFilterDelay = 700;
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
  const answered = state.shows === 'results' && !state.reading;
  useEffect(() => {
    if (!focusCount.current || !answered) return;
    focusCount.current = false;
    const count = countRef.current;
    count?.scrollIntoView({ block: 'start', behavior: 'instant' });
    count?.focus({ preventScroll: true });
  }, [answered]);
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
  const editor: DraftEditor = { draft, apply, choose, set, type };

  return (
    <div className="search">
      <div className="search-head">
        <h1 id="search-title">{messages['title.search']}</h1>
        <p className="search-intro">{messages['search.intro']}</p>
      </div>
      <QueryForm
        ids={ids}
        messages={messages}
        editor={editor}
        onSubmit={onSubmit}
        filtersId={filtersId}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        activeCount={active.length}
      />
      <div className="search-layout">
        <FilterForm
          ids={ids}
          messages={messages}
          editor={editor}
          filtersId={filtersId}
          open={filtersOpen}
          languages={languages}
          onSubmit={onSubmitFilters}
          onClear={active.length ? () => apply({ ...emptySearchView, q: view.q, type: view.type }) : null}
        />
        <SearchResults
          ids={ids}
          state={state}
          locale={locale}
          messages={messages}
          shownForms={shownForms}
          languageName={languageName}
          removeButtons={removeButtons}
          apply={apply}
          countRef={countRef}
        />
      </div>
    </div>
  );
}
