//! What the promotion and coupon pages need from the staff area around them, handed in by the app.
export type PromotionTools = {
  errorText: (error: unknown) => string;
  /** Today on the shop's clock, YYYY-MM-DD. */
  today: () => string;
  /** A shop day 'YYYY-MM-DD' in the shop's date format ('27 พ.ย. 2026'); ISO when not handed in. */
  day?: (day: string) => string;
  narrow: boolean;
};
