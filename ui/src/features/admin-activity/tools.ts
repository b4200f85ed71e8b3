//! What the activity viewer needs from the staff area around it, handed in by the app.
export type ActivityTools = {
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock, month in the viewer's language. */
  time: (ms: number) => string;
  /** Today's shop day, YYYY-MM-DD. */
  today: () => string;
  /** Phone-sized screen: a list instead of a table. */
  narrow: boolean;
};
