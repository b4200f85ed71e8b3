//! What the room and category pages need from the staff area around them, handed in by the app.
export type TaxonomyTools = {
  errorText: (error: unknown) => string;
  /** Phone-sized screen: move up/down buttons instead of dragging. */
  narrow: boolean;
};
