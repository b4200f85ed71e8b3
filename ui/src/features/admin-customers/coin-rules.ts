//! The staff coin form's rules, as the server has them (admin::customers::adjust_coins): a whole
//! number of coins, not 0, at most 1 000 000 either way (negative takes coins back), never below a
//! balance of 0, and a reason of 1–200 characters for the ledger.
import type { MessageKey } from '../../i18n/types';

export const MAX_COINS = 1_000_000;
export const MAX_REASON = 200;

export type CoinForm = { direction: 'credit' | 'debit'; amount: string; reason: string };
export type CoinErrors = Partial<Record<'amount' | 'reason', MessageKey>>;

/** The whole number typed (spaces, commas and a leading + allowed), or null. */
export function parseCoins(text: string): number | null {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^\+/, '');
  if (!/^\d{1,7}$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The signed amount the form asks for (debits negative), or null when it is not a valid amount. */
export function signedAmount(form: CoinForm): number | null {
  const amount = parseCoins(form.amount);
  if (amount === null || amount === 0 || amount > MAX_COINS) return null;
  return form.direction === 'debit' ? -amount : amount;
}

export function checkCoins(form: CoinForm, balance: number): CoinErrors {
  const errors: CoinErrors = {};
  const amount = parseCoins(form.amount);
  if (amount === null || amount === 0) errors.amount = 'admin.customers.errAmount';
  else if (amount > MAX_COINS) errors.amount = 'admin.customers.errAmountMax';
  else if (form.direction === 'debit' && amount > balance) errors.amount = 'admin.customers.errBelowZero';
  const reason = form.reason.trim();
  if (!reason) errors.reason = 'admin.customers.errReason';
  else if (reason.length > MAX_REASON) errors.reason = 'admin.customers.errReasonLong';
  return errors;
}
