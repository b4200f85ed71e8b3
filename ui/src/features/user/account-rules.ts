//! Form rules of the account pages, the same the server applies (src/accounts): username 3–64 of
//! letters (any script), digits and . _ - @; name at most 100 characters; a Thai phone of 9–10
//! digits starting with 0 (or +66); a password of at least 8 characters that is not a well-known one. Each rule answers the message
//! key to show next to its field, or null when the value is fine.
import type { MessageKey } from '../../i18n/types';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;

/** The server's list (src/accounts/password.rs), compared in lower case. */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'qwertyui',
  'qwerty123', '11111111', '00000000', 'abcd1234', 'iloveyou', 'sunshine', 'princess', 'football',
  'baseball', 'welcome1', 'admin123', 'administrator', 'letmein1', 'passw0rd', 'p@ssw0rd',
  '12341234', '87654321', 'qwertyuiop', '1q2w3e4r', '1qaz2wsx', 'zaq12wsx', 'asdfghjk', 'superman',
  'trustno1', 'dragon12', 'monkey12', 'changeme', 'kiosk123', 'furniture', 'bangkok1', 'thailand',
]);

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

const length = (text: string) => [...text].length;

/** The two parts of the visible password rule, each true when met. */
export function passwordChecks(password: string): { length: boolean; uncommon: boolean } {
  return {
    length: length(password) >= PASSWORD_MIN_LENGTH,
    uncommon: password.length > 0 && !COMMON_PASSWORDS.has(password.toLowerCase()),
  };
}

export function newPasswordProblem(password: string): MessageKey | null {
  if (!password) return 'user.errRequired';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'user.errPasswordShort';
  if (length(password) > PASSWORD_MAX_LENGTH) return 'user.errPasswordLong';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'user.errPasswordCommon';
  return null;
}

export function usernameProblem(username: string): MessageKey | null {
  const value = username.trim();
  if (!value) return 'user.errRequired';
  return /^[\p{Alphabetic}\p{Number}._@-]{3,64}$/u.test(value) ? null : 'user.errUsername';
}

export function nameProblem(name: string): MessageKey | null {
  const value = name.trim();
  if (!value) return 'user.errRequired';
  return length(value) > NAME_MAX_LENGTH ? 'user.errName' : null;
}

export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

/** Digits of a phone number as typed ("081-234 5678", "+66 81 234 5678" → "0812345678"). */
export function normalizePhone(phone: string): string {
  const compact = phone.replace(/[\s\-().]/g, '');
  return compact.startsWith('+66') ? `0${compact.slice(3)}` : compact;
}

/** The phone is optional; when given it must be a Thai number of 9–10 digits. */
export function phoneProblem(phone: string): MessageKey | null {
  const value = normalizePhone(phone);
  if (!value) return null;
  return /^0\d{8,9}$/.test(value) ? null : 'user.errPhone';
}

export type RegisterFields = { name: string; username: string; password: string; phone: string };
export type LoginFields = { username: string; password: string };
export type PasswordFields = { oldPassword: string; newPassword: string; repeatPassword: string };

function collect<F extends string>(checks: [F, MessageKey | null][]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, problem] of checks) if (problem) errors[field] = problem;
  return errors;
}

export function validateRegistration(fields: RegisterFields): FieldErrors<keyof RegisterFields> {
  return collect<keyof RegisterFields>([
    ['name', nameProblem(fields.name)],
    ['username', usernameProblem(fields.username)],
    ['password', newPasswordProblem(fields.password)],
    ['phone', phoneProblem(fields.phone)],
  ]);
}

export function validateLogin(fields: LoginFields): FieldErrors<keyof LoginFields> {
  return collect<keyof LoginFields>([
    ['username', fields.username.trim() ? null : 'user.errRequired'],
    ['password', fields.password ? null : 'user.errRequired'],
  ]);
}

export function validatePasswordChange(fields: PasswordFields): FieldErrors<keyof PasswordFields> {
  return collect<keyof PasswordFields>([
    ['oldPassword', fields.oldPassword ? null : 'user.errRequired'],
    ['newPassword', newPasswordProblem(fields.newPassword)],
    [
      'repeatPassword',
      !fields.repeatPassword ? 'user.errRequired' : fields.repeatPassword !== fields.newPassword ? 'user.errRepeat' : null,
    ],
  ]);
}

export type ResetFields = { newPassword: string; repeatPassword: string };

/** A new password from a reset link: the same rules as a change, without the old password. */
export function validateReset(fields: ResetFields): FieldErrors<keyof ResetFields> {
  return collect<keyof ResetFields>([
    ['newPassword', newPasswordProblem(fields.newPassword)],
    [
      'repeatPassword',
      !fields.repeatPassword ? 'user.errRequired' : fields.repeatPassword !== fields.newPassword ? 'user.errRepeat' : null,
    ],
  ]);
}

/** The registration body: trimmed values, the email when the username is one, the phone as digits. */
export function registrationBody(fields: RegisterFields) {
  const username = fields.username.trim();
  const phone = normalizePhone(fields.phone);
  return {
    username,
    password: fields.password,
    name: fields.name.trim(),
    ...(looksLikeEmail(username) ? { email: username } : {}),
    ...(phone ? { phone } : {}),
  };
}
