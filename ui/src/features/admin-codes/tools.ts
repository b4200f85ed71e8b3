//! What the code-table page needs from the staff area around it, handed in by the app.
import type { LocalizedText } from '../../i18n/types';

export type CodeTools = {
  errorText: (error: unknown) => string;
  narrow: boolean;
  /** Updates the app's labels (null: removed) so titles elsewhere change at once. */
  setLabel: (group: string, key: string, title: LocalizedText | null) => void;
};
