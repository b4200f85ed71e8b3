//! What the promotion and coupon pages need from the staff area around them, handed in by the app.
export type PromotionTools = {
  errorText: (error: unknown) => string;
  /** Today on the shop's clock, YYYY-MM-DD. */
  today: () => string;
  narrow: boolean;
};
