//! The review rules the server applies (rating a whole number 1–5, comment at most 1000
//! characters, may be empty), checked before sending so the shopper sees the problem at once.
export const MAX_RATING = 5;
export const MAX_REVIEW_COMMENT = 1000;

export type ReviewErrors = { rating?: 'required'; comment?: 'tooLong' };

/** Characters as the server counts them (Unicode scalar values, so an emoji is one). */
export function commentLength(comment: string): number {
  return [...comment].length;
}

export function validateReview(rating: number | null, comment: string): ReviewErrors {
  const errors: ReviewErrors = {};
  if (rating === null || !Number.isInteger(rating) || rating < 1 || rating > MAX_RATING) errors.rating = 'required';
  if (commentLength(comment.trim()) > MAX_REVIEW_COMMENT) errors.comment = 'tooLong';
  return errors;
}

export function hasErrors(errors: ReviewErrors): boolean {
  return errors.rating !== undefined || errors.comment !== undefined;
}
