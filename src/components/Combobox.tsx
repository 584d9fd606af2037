// Combobox (WAI-ARIA 1.2 "select-only"-free, editable combobox with a list): type to filter a long
// list (languages, countries, time zones), arrows to move, Enter to choose, Esc to close: the keys
// are the site's one combobox model (src/lib/base/combobox-keys.ts), the header's search's too. Focus
// stays in the input and the active option is announced through aria-activedescendant, so there is
// no focus handling to get wrong. The value is an option's `value`; free text is never a value,
// except with `freeText`: then the value is the text itself and the options are suggestions (a
// company's name in the job form), none active until the arrows move to one.
import { useId, useMemo, useRef, useState, type Ref } from 'react';
import { comboboxKey } from '../lib/base/combobox-keys.ts';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Other words that find this option, e.g. the native name of a language. */
  keywords?: string;
  /** A picture beside the label (a company's logo); decorative, the label says it all. */
  imageUrl?: string | null;
}

interface Props {
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** Props from Field (id, aria-describedby, aria-invalid). */
  id?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  /** Shown in the list when nothing matches, e.g. 'No matches'. */
  noMatchesText: string;
  placeholder?: string;
  name?: string;
  onBlur?: () => void;
  /** Most options shown at once; the rest are found by typing. */
  limit?: number;
  /** The typed text is the value; the options only suggest. */
  freeText?: boolean;
  /** Told every change of the typed text (to fetch suggestions for it). */
  onQueryChange?: (text: string) => void;
  maxLength?: number;
}

/** Lower case, without accents, so 'ukr' finds 'Українська' only by its letters and 'e' finds 'é'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** Options whose label or keywords contain the query, those starting with it first. */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const q = foldForSearch(query.trim());
  if (!q) return [...options];
  const starts: ComboboxOption[] = [];
  const contains: ComboboxOption[] = [];
  for (const option of options) {
    const label = foldForSearch(option.label);
    const words = `${label} ${foldForSearch(option.keywords ?? '')} ${option.value.toLowerCase()}`;
    if (label.startsWith(q)) starts.push(option);
    else if (words.includes(q)) contains.push(option);
  }
  return [...starts, ...contains];
}

export default function Combobox({
  options,
  value,
  onChange,
  noMatchesText,
  placeholder,
  name,
  onBlur,
  limit = 100,
  freeText = false,
  onQueryChange,
  maxLength,
  ref,
  ...field
}: Props & { ref?: Ref<HTMLInputElement> }) {
  const listId = `${useId()}-list`;
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // A suggestion becomes active only when the arrows move to it, so Enter keeps free text as typed.
  const none = freeText ? -1 : 0;
  const [active, setActive] = useState(none);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(
    () => filterOptions(options, freeText ? (value ?? '') : (query ?? '')).slice(0, limit),
    [options, query, value, freeText, limit],
  );
  const text = freeText ? (value ?? '') : (query ?? selected?.label ?? '');
  // Free text needs no 'No matches': whatever is typed is a fine value.
  const isListShown = open && (!freeText || shown.length > 0);

  const choose = (option: ComboboxOption | undefined) => {
    if (!option) return;
    onChange(freeText ? option.label : option.value);
    setQuery(null);
    setOpen(false);
    setActive(none);
  };
  const moveTo = (index: number) => {
    setActive(index);
    listRef.current?.children[index]?.scrollIntoView({ block: 'nearest' });
  };
  const activeOption = isListShown ? shown[active] : undefined;

  return (
    <div className="ui-combobox">
      <input
        {...field}
        ref={ref}
        name={name}
        type="text"
        role="combobox"
        className="ui-input"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isListShown}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setActive(none);
          setOpen(true);
          onQueryChange?.(typed);
          if (freeText) {
            onChange(typed);
            return;
          }
          setQuery(typed);
          if (typed === '') onChange(null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          const state = {
            open: isListShown,
            active,
            count: shown.length,
            hasText: text !== '',
            clearsOnEscape: false,
            homeEndInText: true,
          };
          const action = comboboxKey(event.key, state, event.altKey);
          if (action.handled) event.preventDefault();
          switch (action.kind) {
            case 'open':
              setOpen(true);
              if (action.active >= 0) moveTo(action.active);
              return;
            case 'move':
              if (action.active >= 0) moveTo(action.active);
              return;
            case 'choose':
              choose(shown[action.index]);
              return;
            case 'close':
              // Closes the list only, not the dialog around it.
              event.stopPropagation();
              setOpen(false);
              setQuery(null);
              setActive(none);
              return;
            case 'clear':
            case 'none':
              return;
          }
        }}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
          setActive(none);
          onBlur?.();
        }}
      />
      {isListShown ? (
        <ul className="ui-combobox-list" id={listId} role="listbox" ref={listRef}>
          {shown.length === 0 ? (
            <li className="ui-combobox-empty" role="presentation">
              {noMatchesText}
            </li>
          ) : (
            shown.map((option, index) => (
              <li
                key={option.value}
                id={`${listId}-${option.value}`}
                role="option"
                aria-selected={option.value === value}
                className="ui-combobox-option"
                data-active={index === active ? '' : undefined}
                // mousedown, so the input's blur does not close the list before the choice lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
              >
                {option.imageUrl !== undefined ? (
                  option.imageUrl ? (
                    <img className="ui-combobox-image" src={option.imageUrl} alt="" width={24} height={24} />
                  ) : (
                    <span className="ui-combobox-image" aria-hidden="true" />
                  )
                ) : null}
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
