//! What the insights page needs from the staff area around it, handed in by the app.
export type InsightsTools = {
  errorText: (error: unknown) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** A shop day as staff read it, in the interface's language. */
  day: (day: string) => string;
};
