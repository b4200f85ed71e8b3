import { describe, expect, it } from 'vitest';
import { commentLength, hasErrors, MAX_REVIEW_COMMENT, validateReview } from './review-rules';

describe('validateReview', () => {
  it('needs a whole rating from 1 to 5', () => {
    expect(validateReview(null, '')).toEqual({ rating: 'required' });
    expect(validateReview(0, '')).toEqual({ rating: 'required' });
    expect(validateReview(6, '')).toEqual({ rating: 'required' });
    expect(validateReview(2.5, '')).toEqual({ rating: 'required' });
    for (const rating of [1, 2, 3, 4, 5]) expect(hasErrors(validateReview(rating, ''))).toBe(false);
  });

  it('takes an empty comment or one of up to 1000 characters', () => {
    expect(validateReview(5, 'x'.repeat(MAX_REVIEW_COMMENT))).toEqual({});
    expect(validateReview(5, 'x'.repeat(MAX_REVIEW_COMMENT + 1))).toEqual({ comment: 'tooLong' });
    // Surrounding spaces are not sent, so they do not count.
    expect(validateReview(5, `  ${'x'.repeat(MAX_REVIEW_COMMENT)}  `)).toEqual({});
  });

  it('counts characters as the server does: an emoji is one', () => {
    expect(commentLength('👍🏽ดี')).toBe(4);
    expect(validateReview(4, '😀'.repeat(MAX_REVIEW_COMMENT))).toEqual({});
  });

  it('reports both problems at once', () => {
    expect(validateReview(null, 'x'.repeat(1001))).toEqual({ rating: 'required', comment: 'tooLong' });
  });
});
