// The search page's forms (decisions 207, 238): the query bar with the people/companies choice and the
// filters' toggle, and the filter column. They edit SearchApp's draft through `DraftEditor`: a choice
// applies at once, typed words after a pause in typing, Enter or 'Apply filters'.
import type { FormEvent } from 'react';
import { profileStatuses, type ProfileStatus } from '../../../contract/profile-status.ts';
import { fillPlaceholders as fill } from '../../../contract/placeholders.ts';
import { searchLevels } from '../../../contract/search.ts';
import Button from '../../components/Button.tsx';
import Icon from '../../components/Icon.tsx';
import type { SearchView } from '../../lib/base/search-query.ts';
import type { IslandMessages } from '../../i18n/translator.ts';

export type TypedFilter = 'skill' | 'location' | 'company' | 'competency';

/** How a form changes SearchApp's draft. */
export interface DraftEditor {
  draft: SearchView;
  /** Shows this view at once (a step in the history when it differs). */
  apply: (view: SearchView) => void;
  /** A choice: the draft with this field, shown at once. */
  choose: <K extends keyof SearchView>(name: K, value: SearchView[K]) => void;
  /** Keeps the field in the draft only: shown on the next Enter or 'Apply filters'. */
  set: <K extends keyof SearchView>(name: K, value: SearchView[K]) => void;
  /** A typed filter: kept in the draft at once, shown after a pause in typing. */
  type: (name: TypedFilter, value: string) => void;
}

interface FieldProps {
  ids: string;
  messages: IslandMessages;
  editor: DraftEditor;
}

const scores = [1, 2, 3, 4, 5, 6] as const;

export function QueryForm({
  ids,
  messages,
  editor,
  onSubmit,
  filtersId,
  filtersOpen,
  onToggleFilters,
  activeCount,
}: FieldProps & {
  onSubmit: (event: FormEvent) => void;
  filtersId: string;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeCount: number;
}) {
  const { draft, set, choose } = editor;
  return (
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
          onClick={onToggleFilters}
        >
          <span className="ui-button-label">
            {messages['search.filters.toggle']}
            {activeCount ? (
              <span className="ui-badge" data-variant="count">
                {activeCount}
              </span>
            ) : null}
          </span>
        </button>
      </div>
    </form>
  );
}

/** A filter typed as words: applied once typing pauses. */
function TextFilter({ ids, messages, editor, name }: FieldProps & { name: 'skill' | 'location' | 'company' }) {
  return (
    <div className="ui-field">
      <label className="ui-field-label" htmlFor={`${ids}-${name}`}>
        {messages[`search.filter.${name}`]}
      </label>
      <input
        id={`${ids}-${name}`}
        className="ui-input"
        name={name}
        maxLength={100}
        value={editor.draft[name]}
        onChange={(e) => editor.type(name, e.target.value)}
      />
    </div>
  );
}

function LanguageFilter({ ids, messages, editor, languages }: FieldProps & { languages: [string, string][] }) {
  const { draft, apply, choose } = editor;
  const known = languages.some(([code]) => code === draft.language);
  return (
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
          onChange={(e) => apply({ ...draft, language: e.target.value, level: e.target.value ? draft.level : null })}
        >
          <option value="">{messages['search.filter.anyLanguage']}</option>
          {draft.language && !known ? <option value={draft.language}>{draft.language.toUpperCase()}</option> : null}
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
  );
}

function StatusFilter({ ids, messages, editor }: FieldProps) {
  return (
    <div className="ui-field">
      <label className="ui-field-label" htmlFor={`${ids}-status`}>
        {messages['search.filter.status']}
      </label>
      <select
        id={`${ids}-status`}
        className="ui-select"
        name="status"
        value={editor.draft.status ?? ''}
        onChange={(e) => editor.choose('status', (e.target.value || null) as ProfileStatus | null)}
      >
        <option value="">{messages['search.filter.anyStatus']}</option>
        {profileStatuses.map((status) => (
          <option key={status} value={status}>
            {messages[`profile.status.${status}`]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The kit's check-box markup, not its Checkbox module: importing that here split it from the text
 * input's chunk every settings page loads (decision 207).
 */
function VerifiedFilter({ ids, messages, editor }: FieldProps) {
  return (
    <label className="ui-check" htmlFor={`${ids}-verified`}>
      <input
        id={`${ids}-verified`}
        type="checkbox"
        className="ui-checkbox"
        name="verified"
        value="true"
        aria-describedby={`${ids}-verified-hint`}
        checked={editor.draft.verified}
        onChange={(e) => editor.choose('verified', e.target.checked)}
      />
      <span className="ui-check-text">
        <span className="ui-check-label">{messages['search.filter.verified']}</span>
        <span className="ui-field-hint" id={`${ids}-verified-hint`}>
          {messages['search.filter.verifiedHint']}
        </span>
      </span>
    </label>
  );
}

/**
 * Widens 'verified only' and the competency to companies that have not proved their domain (the
 * ladder's second rung, decision 265); by default only the top counts.
 */
function TrustFilter({ ids, messages, editor }: FieldProps) {
  return (
    <label className="ui-check" htmlFor={`${ids}-trust`}>
      <input
        id={`${ids}-trust`}
        type="checkbox"
        className="ui-checkbox"
        name="trust"
        value="company_confirmed"
        aria-describedby={`${ids}-trust-hint`}
        checked={editor.draft.trust === 'company_confirmed'}
        onChange={(e) => editor.choose('trust', e.target.checked ? 'company_confirmed' : 'domain_verified')}
      />
      <span className="ui-check-text">
        <span className="ui-check-label">{messages['search.filter.trust']}</span>
        <span className="ui-field-hint" id={`${ids}-trust-hint`}>
          {messages['search.filter.trustHint']}
        </span>
      </span>
    </label>
  );
}

function CompetencyFilter({ ids, messages, editor }: FieldProps) {
  const { draft, choose, set, type } = editor;
  return (
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
  );
}

/** The filter column: the people filters, or a note that a company search takes the query alone. */
export function FilterForm({
  ids,
  messages,
  editor,
  filtersId,
  open,
  languages,
  onSubmit,
  onClear,
}: FieldProps & {
  filtersId: string;
  open: boolean;
  languages: [string, string][];
  onSubmit: (event: FormEvent) => void;
  /** Drops every filter; absent when none is applied. */
  onClear: (() => void) | null;
}) {
  const fields = { ids, messages, editor };
  return (
    <form
      className="search-filters"
      id={filtersId}
      data-open={open ? '' : undefined}
      aria-labelledby={`${ids}-filters-title`}
      onSubmit={onSubmit}
    >
      <h2 id={`${ids}-filters-title`} className="search-filters-title">
        {messages['search.filters.title']}
      </h2>
      {editor.draft.type === 'people' ? (
        <>
          <TextFilter {...fields} name="skill" />
          <LanguageFilter {...fields} languages={languages} />
          <TextFilter {...fields} name="location" />
          <TextFilter {...fields} name="company" />
          <StatusFilter {...fields} />
          <VerifiedFilter {...fields} />
          <CompetencyFilter {...fields} />
          <TrustFilter {...fields} />
          <div className="search-filters-actions">
            <Button type="submit" variant="primary" block>
              {messages['search.filters.apply']}
            </Button>
            {onClear ? (
              <Button variant="invisible" block onClick={onClear}>
                {messages['search.filters.clear']}
              </Button>
            ) : null}
          </div>
        </>
      ) : (
        <p className="search-filters-note">{messages['search.filters.companiesNote']}</p>
      )}
    </form>
  );
}
