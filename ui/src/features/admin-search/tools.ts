//! What the search page needs from the staff area around it, handed in by the app.
import type { Permission } from '../../api/types';

export type SearchTools = {
  /** What the signed-in staff member's role may do (`reports.read`, `catalog.write`…). */
  can: (permission: Permission) => boolean;
  errorText: (error: unknown) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** Phone-sized screen: a list instead of a table. */
  narrow: boolean;
};
