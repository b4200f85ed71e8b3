//! What the staff and roles pages need from the staff area around them, handed in by the app.
export type StaffTools = {
  /** A code-table title in the current language (`role`, `provider`). */
  label: (group: string, key: string) => string;
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock, month in the viewer's language. */
  time: (ms: number) => string;
  narrow: boolean;
};
