// The search page's result column (decision 207): the applied filters as chips, the live count (which
// takes the focus after 'Apply filters', decision 238), and the list in its state: loading, nothing
// asked yet, failed, no result, or the results with 'Show more' by cursor.
import type { ReactNode, RefObject } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Icon from '../../components/Icon.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { PluralForms } from '../../lib/base/plurals.ts';
import type { SearchView } from '../../lib/base/search-query.ts';
import { loadMoreResults, runSearch, type SearchState } from '../../lib/stores/search.ts';
import type { IslandMessages } from '../../i18n/translator.ts';
import ResultItem from './ResultItem.tsx';
import { countText, searchFailureText } from './search-text.ts';

interface ListProps {
  state: SearchState;
  locale: Locale;
  messages: IslandMessages;
  languageName: (code: string) => string;
  /** A button per applied filter that removes it; empty when none is. */
  removeButtons: ReactNode[];
  apply: (view: SearchView) => void;
}

const loadingRows = [0, 1, 2];

function ResultList({ state, locale, messages, languageName, removeButtons, apply }: ListProps) {
  const view = state.view;
  if (state.shows === 'starting' || state.shows === 'reading') {
    return (
      <ul className="search-results" aria-hidden="true">
        {loadingRows.map((n) => (
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
  }
  if (state.shows === 'idle') {
    return <EmptyState icon="search" title={messages['search.empty.title']} text={messages['search.empty.text']} />;
  }
  if (state.shows === 'failed') {
    return (
      <Alert>
        <p>{searchFailureText(state.failure, messages)}</p>
        <Button size="small" onClick={() => void runSearch(view)}>
          {messages['search.retry']}
        </Button>
      </Alert>
    );
  }
  if (state.items.length === 0) {
    return (
      <div className="ui-empty search-none">
        <Icon name="search" />
        <p className="ui-empty-title">{messages['search.none.title']}</p>
        <p className="ui-empty-text">{messages['search.none.text']}</p>
        {removeButtons.length ? (
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
  }
  return (
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
          <p>{searchFailureText(state.failure, messages)}</p>
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

export default function SearchResults({
  ids,
  shownForms,
  countRef,
  ...list
}: ListProps & { ids: string; shownForms: PluralForms; countRef: RefObject<HTMLParagraphElement | null> }) {
  const { state, messages, removeButtons } = list;
  return (
    <section
      className="search-main"
      aria-labelledby={`${ids}-results-title`}
      aria-busy={state.shows === 'starting' || state.shows === 'reading'}
    >
      <h2 id={`${ids}-results-title`} className="visually-hidden">
        {messages['search.results.heading']}
      </h2>
      {removeButtons.length && state.items.length ? (
        <div className="search-active">
          <span className="search-active-label">{messages['search.filters.active']}</span>
          <div className="search-chips">{removeButtons}</div>
        </div>
      ) : null}
      <p className="search-count" role="status" ref={countRef} tabIndex={-1}>
        {countText(state, messages, list.locale, shownForms)}
      </p>
      <ResultList {...list} />
      {state.view.competency && state.shows === 'results' ? (
        <p className="search-private-note">{messages['search.competency.privateNote']}</p>
      ) : null}
    </section>
  );
}
