import { describe, expect, it } from 'vitest';
import { CLOSED, suggestionKey, suggestionQuery } from './suggestion-keys';

const open = (active: number) => ({ open: true, active });

describe('suggestion keys', () => {
  it('ArrowDown opens the list on the first option, then moves down and round', () => {
    expect(suggestionKey(CLOSED, 'ArrowDown', 3)).toEqual({ state: open(0), effect: 'none', handled: true });
    expect(suggestionKey(open(-1), 'ArrowDown', 3).state).toEqual(open(0));
    expect(suggestionKey(open(0), 'ArrowDown', 3).state).toEqual(open(1));
    expect(suggestionKey(open(2), 'ArrowDown', 3).state).toEqual(open(0));
  });

  it('ArrowUp opens on the last option, then moves up and round', () => {
    expect(suggestionKey(CLOSED, 'ArrowUp', 3).state).toEqual(open(2));
    expect(suggestionKey(open(-1), 'ArrowUp', 3).state).toEqual(open(2));
    expect(suggestionKey(open(2), 'ArrowUp', 3).state).toEqual(open(1));
    expect(suggestionKey(open(0), 'ArrowUp', 3).state).toEqual(open(2));
  });

  it('the arrows do nothing without suggestions, leaving the caret to the browser', () => {
    expect(suggestionKey(CLOSED, 'ArrowDown', 0)).toEqual({ state: CLOSED, effect: 'none', handled: false });
    expect(suggestionKey(CLOSED, 'ArrowUp', 0).handled).toBe(false);
  });

  it('Enter follows the active option, or lets the form submit the search', () => {
    expect(suggestionKey(open(1), 'Enter', 3)).toEqual({ state: CLOSED, effect: 'choose', handled: true });
    expect(suggestionKey(open(-1), 'Enter', 3)).toEqual({ state: CLOSED, effect: 'submit', handled: false });
    expect(suggestionKey(CLOSED, 'Enter', 0)).toEqual({ state: CLOSED, effect: 'submit', handled: false });
    // An active index left over from a longer list is not followed.
    expect(suggestionKey(open(5), 'Enter', 3).effect).toBe('submit');
  });

  it('Escape closes the list, and empties the box when the list is already closed', () => {
    expect(suggestionKey(open(1), 'Escape', 3)).toEqual({ state: CLOSED, effect: 'none', handled: true });
    expect(suggestionKey(CLOSED, 'Escape', 3)).toEqual({ state: CLOSED, effect: 'clear', handled: true });
  });

  it('Tab closes the list and moves on; other keys change nothing', () => {
    expect(suggestionKey(open(1), 'Tab', 3)).toEqual({ state: CLOSED, effect: 'none', handled: false });
    expect(suggestionKey(open(1), 'a', 3)).toEqual({ state: open(1), effect: 'none', handled: false });
    expect(suggestionKey(open(1), 'Home', 3).handled).toBe(false);
  });
});

describe('suggestionQuery', () => {
  it('suggests from the code search after a #', () => {
    expect(suggestionQuery('#SF-10')).toEqual({ kind: 'code', keyword: 'SF-10' });
    expect(suggestionQuery('  # sf ')).toEqual({ kind: 'code', keyword: 'sf' });
    expect(suggestionQuery('#')).toBeNull();
  });

  it('suggests from the word search from two letters on, in any script', () => {
    expect(suggestionQuery('so')).toEqual({ kind: 'words', keyword: 'so' });
    expect(suggestionQuery('โซฟา')).toEqual({ kind: 'words', keyword: 'โซฟา' });
    expect(suggestionQuery('កៅអី')).toEqual({ kind: 'words', keyword: 'កៅអី' });
    expect(suggestionQuery(' s ')).toBeNull();
    expect(suggestionQuery('')).toBeNull();
  });
});
