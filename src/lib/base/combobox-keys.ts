// The one keyboard model of the site's comboboxes (WAI-ARIA APG "Editable combobox with list
// autocomplete"): the header's search (header-search.ts, DOM) and the form field (src/components/
// Combobox.tsx, React) both ask it what a key does, so the two cannot drift apart. Focus stays in the
// input; the active option is an index (-1 for none) the caller names with aria-activedescendant.
//
// - ArrowDown opens a closed list on its first option (with Alt, opens it only); on an open list it
//   moves to the next option, from the last back to the first.
// - ArrowUp opens a closed list on its last option; on an open list it moves to the previous one,
//   from the first (or none) to the last.
// - Home and End go to the first and last option while one is active (the header's search, where an
//   option is active only after the arrows chose it); otherwise, and always in a field that picks its
//   first match as the typing goes (a language, a country), they move the caret in the text.
// - Enter chooses the active option; without one it does what Enter does in the field (submits).
// - Escape closes an open list; on a closed one it clears the text where the caller allows it (the
//   header's search), and otherwise it is left to what is around (a dialog closes).
// - Tab closes the list and moves on.

export interface ComboboxKeyState {
  open: boolean;
  /** The active option's index, -1 for none. */
  active: number;
  /** How many options the list holds. */
  count: number;
  /** Whether the field holds text (for Escape on a closed list). */
  hasText: boolean;
  /** Whether Escape on a closed list clears the text. */
  clearsOnEscape: boolean;
  /** Whether Home and End always move the caret (a field whose first match is active as one types). */
  homeEndInText?: boolean;
}

/** What a key asks of the combobox; `handled` says whether the key's default action is prevented. */
export type ComboboxKeyAction =
  | { kind: 'open'; active: number; handled: true }
  | { kind: 'move'; active: number; handled: true }
  | { kind: 'choose'; index: number; handled: true }
  | { kind: 'close'; handled: boolean }
  | { kind: 'clear'; handled: true }
  | { kind: 'none'; handled: false };

const none: ComboboxKeyAction = { kind: 'none', handled: false };

/** The action for `key` (KeyboardEvent.key) in `state`; `altKey` as the event says. */
export function comboboxKey(key: string, state: ComboboxKeyState, altKey = false): ComboboxKeyAction {
  const { open, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (!open) return { kind: 'open', active: altKey || !count ? -1 : 0, handled: true };
      return { kind: 'move', active: count ? (active + 1) % count : -1, handled: true };
    case 'ArrowUp':
      if (!open) return { kind: 'open', active: count - 1, handled: true };
      return { kind: 'move', active: count ? (active <= 0 ? count - 1 : active - 1) : -1, handled: true };
    case 'Home':
    case 'End':
      if (state.homeEndInText || !open || active < 0 || !count) return none;
      return { kind: 'move', active: key === 'Home' ? 0 : count - 1, handled: true };
    case 'Enter':
      if (open && active >= 0 && active < count) return { kind: 'choose', index: active, handled: true };
      return none;
    case 'Escape':
      if (open) return { kind: 'close', handled: true };
      if (state.clearsOnEscape && state.hasText) return { kind: 'clear', handled: true };
      return none;
    case 'Tab':
      return open ? { kind: 'close', handled: false } : none;
    default:
      return none;
  }
}
