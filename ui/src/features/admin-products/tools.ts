//! What the product pages need from the staff area around them, handed in by the app (features do
//! not import each other): permissions, code-table titles and keys, error texts, times, width.
import type { Permission } from '../../api/types';

export type ProductTools = {
  can: (permission: Permission) => boolean;
  /** A code-table title in the current language (`material`, `colour`). */
  label: (group: string, key: string) => string;
  /** The keys of a code table (`material`, `colour`), for pickers. */
  labelKeys: (group: string) => string[];
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock. */
  time: (ms: number) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** Phone-sized screen: cards instead of tables, languages as tabs. */
  narrow: boolean;
};
