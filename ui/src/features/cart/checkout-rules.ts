//! Checkout form rules, the same the server applies to an order (contract "Address", "VatInfo"):
//! name 1–100 characters, a Thai phone (0 and 8–9 digits, or +66; spaces and dashes allowed),
//! address line 1–200, district 1–100, a province from the `province` labels, a 5-digit
//! postcode; for a tax invoice a name, a 13-digit tax id whose last digit is its check digit, a
//! 5-digit branch ("00000" = head office) and an address of 1–300 characters. Each rule answers the message key to show next
//! to its field, or nothing when the value is fine.
import type { Address, VatInfo } from '../../api/types';
import type { MessageKey } from '../../i18n/types';

export type FieldErrors<F extends string> = Partial<Record<F, MessageKey>>;

export const LIMITS = { name: 100, line1: 200, district: 100, vatName: 200, vatAddress: 300 } as const;
export const HEAD_OFFICE_BRANCH = '00000';

const length = (text: string) => [...text.trim()].length;

function textProblem(value: string, max: number, tooLong: MessageKey): MessageKey | null {
  if (!value.trim()) return 'checkout.errRequired';
  return length(value) > max ? tooLong : null;
}

/** Digits of a phone number as typed ("081-234 5678", "+66 81 234 5678" → "0812345678"). */
export function normalizePhone(phone: string): string {
  const compact = phone.replace(/[\s\-().]/g, '');
  return compact.startsWith('+66') ? `0${compact.slice(3)}` : compact;
}

/** Digits only, for numbers people type with spaces or dashes (tax id, postcode, branch). */
export function digitsOf(text: string): string {
  return text.replace(/[\s-]/g, '');
}

export function validateAddress(address: Address, provinces: ReadonlySet<string> | null): FieldErrors<keyof Address> {
  const errors: FieldErrors<keyof Address> = {};
  const check = (field: keyof Address, problem: MessageKey | null) => {
    if (problem) errors[field] = problem;
  };
  check('name', textProblem(address.name, LIMITS.name, 'checkout.errName'));
  const phone = normalizePhone(address.phone);
  check('phone', !phone ? 'checkout.errRequired' : /^0\d{8,9}$/.test(phone) ? null : 'checkout.errPhone');
  check('line1', textProblem(address.line1, LIMITS.line1, 'checkout.errLine1'));
  check('district', textProblem(address.district, LIMITS.district, 'checkout.errDistrict'));
  // Until the labels arrive any key is accepted; the server checks it again.
  check('province', !address.province ? 'checkout.errProvince' : provinces && !provinces.has(address.province) ? 'checkout.errProvince' : null);
  const postcode = digitsOf(address.postcode);
  check('postcode', !postcode ? 'checkout.errRequired' : /^\d{5}$/.test(postcode) ? null : 'checkout.errPostcode');
  return errors;
}

/**
 * The Revenue Department's check digit of a 13-digit Thai tax id: the last digit is
 * (11 − Σ dᵢ·(13 − i) mod 11) mod 10 over the first twelve (the server applies the same rule).
 */
export function validThaiTaxId(taxId: string): boolean {
  if (!/^\d{13}$/.test(taxId)) return false;
  const digits = [...taxId].map(Number);
  const sum = digits.slice(0, 12).reduce((total, digit, i) => total + digit * (13 - i), 0);
  return (11 - (sum % 11)) % 10 === digits[12];
}

export function validateVatInfo(vat: VatInfo): FieldErrors<keyof VatInfo> {
  const errors: FieldErrors<keyof VatInfo> = {};
  const name = textProblem(vat.name, LIMITS.vatName, 'checkout.errVatName');
  if (name) errors.name = name;
  const taxId = digitsOf(vat.taxId);
  if (!taxId) errors.taxId = 'checkout.errRequired';
  else if (!/^\d{13}$/.test(taxId)) errors.taxId = 'checkout.errTaxId';
  else if (!validThaiTaxId(taxId)) errors.taxId = 'checkout.errTaxIdCheck';
  const branch = digitsOf(vat.branch);
  if (branch && !/^\d{5}$/.test(branch)) errors.branch = 'checkout.errBranch';
  const address = textProblem(vat.address, LIMITS.vatAddress, 'checkout.errVatAddress');
  if (address) errors.address = address;
  return errors;
}

/** Coins as typed: a whole number from 0 to the balance. */
export function coinsProblem(text: string, balance: number): { key: MessageKey; params?: Record<string, number> } | null {
  const value = text.trim();
  if (!value) return null;
  if (!/^\d+$/.test(value)) return { key: 'checkout.errCoins' };
  if (Number(value) > balance) return { key: 'checkout.errCoinsBalance', params: { count: balance } };
  return null;
}

/** The address as the server wants it: trimmed, the phone and postcode as digits. */
export function addressBody(address: Address): Address {
  return {
    name: address.name.trim(),
    phone: normalizePhone(address.phone),
    line1: address.line1.trim(),
    district: address.district.trim(),
    province: address.province,
    postcode: digitsOf(address.postcode),
  };
}

export function vatInfoBody(vat: VatInfo): VatInfo {
  return {
    name: vat.name.trim(),
    taxId: digitsOf(vat.taxId),
    branch: digitsOf(vat.branch) || HEAD_OFFICE_BRANCH,
    address: vat.address.trim(),
  };
}

/** Two addresses are the same delivery place when their fields match (after normalising). */
export function sameAddress(a: Address, b: Address): boolean {
  const x = addressBody(a);
  const y = addressBody(b);
  return (Object.keys(x) as (keyof Address)[]).every((field) => x[field] === y[field]);
}
