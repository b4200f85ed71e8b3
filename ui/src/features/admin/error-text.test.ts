import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { adminErrorText } from './error-text';

describe('what staff read when a call fails', () => {
  it('translates the codes that mean one thing', () => {
    expect(adminErrorText(new ApiError(409, 'invalid_transition', 'order K000001 is shipped and cannot become paid'))).toBe(
      'This order has moved on since you opened it. Reload to see its current status.',
    );
    expect(adminErrorText({ id: 3, code: 'reason_required', message: 'reason: say why' })).toBe('Write why the order is cancelled.');
    expect(adminErrorText(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('The shop could not be reached. Check the connection and try again.');
    expect(adminErrorText(new ApiError(507, 'storage_full', 'disk full'))).toContain("server's disk is full");
  });

  it('translates every other code the API answers from its message in the staff words', () => {
    expect(adminErrorText(new ApiError(409, 'already_exists', 'code SF-1: exists'))).toBe('Something with this key or name already exists.');
    expect(adminErrorText(new ApiError(409, 'in_use', 'category sofas has products'))).toBe('It is still in use, so it cannot be removed.');
  });

  it("shows the server's own words where they name the field", () => {
    expect(adminErrorText(new ApiError(400, 'invalid_input', 'amount: must be a non-zero number of coins'))).toBe('amount: must be a non-zero number of coins');
  });

  it('falls back by status for codes it does not know', () => {
    expect(adminErrorText(new ApiError(403, 'something_new', 'x'))).toBe('Your role is not allowed to do this. Ask the shop owner if you need it.');
    expect(adminErrorText(new ApiError(503, 'unavailable', 'x'))).toBe('Something went wrong on the server. Try again in a moment.');
  });
});
