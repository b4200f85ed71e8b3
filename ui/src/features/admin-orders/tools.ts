//! What the order desk needs from the staff area around it, handed in by the app (features do not
//! import each other): the role's permissions, code-table titles, error texts, the screen width.
import type { Permission } from '../../api/types';

export type OrderDeskTools = {
  /** May the signed-in staff member do this? (The server checks again.) */
  can: (permission: Permission) => boolean;
  /** A code-table title in the current language (`orderStatus`, `paymentMethod`, `province`, `carrier`). */
  label: (group: string, key: string) => string;
  /** The keys of a code table, [] when it has none. */
  labelKeys: (group: string) => string[];
  /** The words for a failed request: translated by its error code, else the server's message. */
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock, month in the viewer's language. */
  time: (ms: number) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** Phone-sized screen (700 px or less): cards instead of tables. */
  narrow: boolean;
};
