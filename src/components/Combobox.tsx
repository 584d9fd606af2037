// Combobox (WAI-ARIA 1.2 "select-only"-free, editable combobox with a list): type to filter a long
// list (languages, countries, time zones), arrows to move, Enter to choose, Esc to close. Focus
// stays in the input and the active option is announced through aria-activedescendant, so there is
// no focus handling to get wrong. The value is an option's `value`; free text is never a value.
import { forwardRef, useId, useMemo, useRef, useState } from 'react';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Other words that find this option, e.g. the native name of a language. */
  keywords?: string;
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
}

/** Lower case, without accents, so 'ukr' finds 'Українська' only by its letters and 'e' finds 'é'. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
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

// forwardRef, not React 19's ref-as-prop: Preact renders the islands (decision 063).
const Combobox = forwardRef<HTMLInputElement, Props>(function Combobox({ options, value, onChange, noMatchesText, placeholder, name, onBlur, limit = 100, ...field }, ref) {
  const listId = `${useId()}-list`;
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => filterOptions(options, query ?? '').slice(0, limit), [options, query, limit]);
  const text = query ?? selected?.label ?? '';

  const choose = (option: ComboboxOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  };
  const activeOption = open ? shown[active] : undefined;

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
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange(null);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open) setOpen(true);
            else moveTo(active + 1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            moveTo(active - 1);
          } else if (event.key === 'Enter' && open) {
            event.preventDefault();
            choose(shown[active]);
          } else if (event.key === 'Escape' && open) {
            // Closes the list only, not the dialog around it.
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
            setQuery(null);
          }
        }}
        onBlur={() => {
          setOpen(false);
          setQuery(null);
          onBlur?.();
        }}
      />
      {open ? (
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
                {option.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
});
export default Combobox;
