//! What the customers pages need from the staff area around them, handed in by the app (features
//! do not import each other): the role's permissions, code-table titles, error texts, screen width.
import type { Permission } from '../../api/types';

export type CustomerTools = {
  can: (permission: Permission) => boolean;
  /** A code-table title in the current language (`orderStatus`, `province`, `provider`). */
  label: (group: string, key: string) => string;
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock, month in the viewer's language. */
  time: (ms: number) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** Phone-sized screen: cards instead of tables. */
  narrow: boolean;
};
