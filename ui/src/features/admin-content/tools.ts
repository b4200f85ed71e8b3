//! What the content pages need from the staff area around them, handed in by the app.
export type ContentTools = {
  errorText: (error: unknown) => string;
  /** A moment (unix ms) as 'D MMM YYYY kk:mm' on the shop's clock, month in the viewer's language. */
  time: (ms: number) => string;
  narrow: boolean;
};
