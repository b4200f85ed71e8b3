import { describe, expect, it } from 'vitest';
import {
  newPasswordProblem,
  normalizePhone,
  passwordChecks,
  phoneProblem,
  registrationBody,
  usernameProblem,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
  validateReset,
} from './account-rules';

describe('the password rule (at least 8 characters, not a common password)', () => {
  it('ticks each part as it is met', () => {
    expect(passwordChecks('')).toEqual({ length: false, uncommon: false });
    expect(passwordChecks('sofa')).toEqual({ length: false, uncommon: true });
    expect(passwordChecks('Password1')).toEqual({ length: true, uncommon: false });
    expect(passwordChecks('teak-sofa-42')).toEqual({ length: true, uncommon: true });
  });

  it('names the first problem of a new password', () => {
    expect(newPasswordProblem('')).toBe('user.errRequired');
    expect(newPasswordProblem('1234567')).toBe('user.errPasswordShort');
    expect(newPasswordProblem('QWERTY123')).toBe('user.errPasswordCommon');
    expect(newPasswordProblem('x'.repeat(257))).toBe('user.errPasswordLong');
    expect(newPasswordProblem('teak-sofa-42')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(newPasswordProblem('รหัสผ่านดี')).toBeNull();
    expect(passwordChecks('🛋️🛋️🛋️').length).toBe(false);
  });
});

describe('usernames, phones and names', () => {
  it('accepts 3–64 letters of any script, digits and . _ - @', () => {
    expect(usernameProblem('somchai.k')).toBeNull();
    expect(usernameProblem('som@example.com')).toBeNull();
    expect(usernameProblem('สมชาย')).toBeNull();
    expect(usernameProblem('  nok  ')).toBeNull();
    expect(usernameProblem('ab')).toBe('user.errUsername');
    expect(usernameProblem('has space')).toBe('user.errUsername');
    expect(usernameProblem('a'.repeat(65))).toBe('user.errUsername');
    expect(usernameProblem('')).toBe('user.errRequired');
  });

  it('takes a Thai phone of 9–10 digits written with spaces, dashes or +66', () => {
    expect(normalizePhone('081-234 5678')).toBe('0812345678');
    expect(normalizePhone('+66 81 234 5678')).toBe('0812345678');
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem('02 123 4567')).toBeNull();
    expect(phoneProblem('12345')).toBe('user.errPhone');
    expect(phoneProblem('8123456789')).toBe('user.errPhone');
    expect(phoneProblem('08123456789')).toBe('user.errPhone');
  });

  it('validates each form field by field', () => {
    expect(validateRegistration({ name: '', username: 'ab', password: 'short', phone: '12' })).toEqual({
      name: 'user.errRequired',
      username: 'user.errUsername',
      password: 'user.errPasswordShort',
      phone: 'user.errPhone',
    });
    expect(validateRegistration({ name: 'x'.repeat(101), username: 'nok', password: 'teak-sofa-42', phone: '' })).toEqual({ name: 'user.errName' });
    expect(validateLogin({ username: ' ', password: '' })).toEqual({ username: 'user.errRequired', password: 'user.errRequired' });
    expect(validatePasswordChange({ oldPassword: 'old', newPassword: 'teak-sofa-42', repeatPassword: 'teak-sofa-43' })).toEqual({
      repeatPassword: 'user.errRepeat',
    });
    expect(validatePasswordChange({ oldPassword: 'old', newPassword: 'teak-sofa-42', repeatPassword: 'teak-sofa-42' })).toEqual({});
  });
});

describe('registrationBody', () => {
  it('sends the email when the username is one, and the phone as digits', () => {
    expect(registrationBody({ name: ' Som ', username: ' som@example.com ', password: 'teak-sofa-42', phone: '081-234-5678' })).toEqual({
      name: 'Som',
      username: 'som@example.com',
      email: 'som@example.com',
      password: 'teak-sofa-42',
      phone: '0812345678',
    });
    expect(registrationBody({ name: 'Nok', username: 'nok', password: 'teak-sofa-42', phone: '' })).toEqual({
      name: 'Nok',
      username: 'nok',
      password: 'teak-sofa-42',
    });
  });
});

describe('a new password from a reset link', () => {
  it('follows the password rules and must be typed twice alike', () => {
    expect(validateReset({ newPassword: '', repeatPassword: '' })).toEqual({
      newPassword: 'user.errRequired',
      repeatPassword: 'user.errRequired',
    });
    expect(validateReset({ newPassword: 'a sofa for every room', repeatPassword: 'a sofa for every rooms' })).toEqual({
      repeatPassword: 'user.errRepeat',
    });
    expect(validateReset({ newPassword: 'a sofa for every room', repeatPassword: 'a sofa for every room' })).toEqual({});
  });
});
