//! What the code-table page needs from the staff area around it, handed in by the app.
import type { LocalizedText } from '../../i18n/types';

export type CodeTools = {
  errorText: (error: unknown) => string;
  narrow: boolean;
  /** The role may change code tables (`settings.write`); without it the page only shows them
   * (every staff role reads them: their titles name materials, carriers, order states). */
  canEdit?: boolean;
  /** Updates the app's labels (null: removed) so titles elsewhere change at once. */
  setLabel: (group: string, key: string, title: LocalizedText | null) => void;
};
