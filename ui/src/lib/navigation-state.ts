//! History state for navigations that only refine the page being shown (filters, sort): the app
//! then keeps the scroll position and the keyboard focus where they are, instead of starting the
//! new page at the top with focus on its content.

const KEY = 'kioskKeepPosition';

export const KEEP_POSITION: Readonly<Record<string, true>> = Object.freeze({ [KEY]: true });

export function keepsPosition(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[KEY] === true;
}
