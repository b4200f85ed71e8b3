//! Keyboard rules of the search box's suggestions (the ARIA combobox with a listbox popup): the
//! arrows open the list and move the active option round it, Enter follows the active option (or
//! submits the search when none is active), Escape closes the list and, when it is already
//! closed, empties the box; Tab closes it and moves on.

export type SuggestionState = { open: boolean; /** -1: no active option. */ active: number };

export type SuggestionEffect = 'none' | 'choose' | 'submit' | 'clear';

export type SuggestionResult = {
  state: SuggestionState;
  effect: SuggestionEffect;
  /** The key was used here: the browser's own action (moving the caret, submitting) is cancelled. */
  handled: boolean;
};

export const CLOSED: SuggestionState = Object.freeze({ open: false, active: -1 });

export function suggestionKey(state: SuggestionState, key: string, count: number): SuggestionResult {
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { state, effect: 'none', handled: false };
      if (!state.open) return { state: { open: true, active: 0 }, effect: 'none', handled: true };
      return { state: { open: true, active: (state.active + 1) % count }, effect: 'none', handled: true };
    case 'ArrowUp':
      if (count === 0) return { state, effect: 'none', handled: false };
      if (!state.open || state.active <= 0) return { state: { open: true, active: count - 1 }, effect: 'none', handled: true };
      return { state: { open: true, active: state.active - 1 }, effect: 'none', handled: true };
    case 'Enter':
      if (state.open && state.active >= 0 && state.active < count) return { state: CLOSED, effect: 'choose', handled: true };
      return { state: CLOSED, effect: 'submit', handled: false };
    case 'Escape':
      if (state.open) return { state: CLOSED, effect: 'none', handled: true };
      return { state: CLOSED, effect: 'clear', handled: true };
    case 'Tab':
      return { state: CLOSED, effect: 'none', handled: false };
    default:
      return { state, effect: 'none', handled: false };
  }
}

/** The shortest words worth suggesting for (one Thai or Khmer letter finds nothing useful). */
export const MIN_WORD_LENGTH = 2;
export const MAX_SUGGESTIONS = 6;

export type SuggestionQuery = { kind: 'words' | 'code'; keyword: string };

/** What to ask for what is typed: `#CODE` suggests from the code search; null for too little. */
export function suggestionQuery(input: string): SuggestionQuery | null {
  const text = input.trim();
  if (text.startsWith('#')) {
    const code = text.slice(1).trim();
    return code ? { kind: 'code', keyword: code } : null;
  }
  return [...text].length >= MIN_WORD_LENGTH ? { kind: 'words', keyword: text } : null;
}
