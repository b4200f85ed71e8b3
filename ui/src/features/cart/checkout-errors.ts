//! Turns a failed quote or order into the message to show, by the server's error code (the
//! contract's snake_case codes): next to a field when the error concerns one ("address.postcode:
//! must be 5 digits" names it), else above the form.
import { ApiError } from '../../api/client';
import { errorCodeKey } from '../../i18n/error-message';
import type { MessageKey } from '../../i18n/types';
import { formatMoney } from '../../lib/format';

export type CheckoutField =
  | 'coupon'
  | 'coins'
  | 'email'
  | `contact.${'name' | 'phone' | 'email'}`
  | `address.${'name' | 'phone' | 'line1' | 'district' | 'province' | 'postcode'}`
  | `vatInfo.${'name' | 'taxId' | 'branch' | 'address'}`;

export type Problem = { field?: CheckoutField; key: MessageKey; params?: Record<string, string | number> };

const ADDRESS_FIELD_MESSAGE: Record<string, MessageKey> = {
  name: 'checkout.errName',
  phone: 'checkout.errPhone',
  line1: 'checkout.errLine1',
  district: 'checkout.errDistrict',
  province: 'checkout.errProvince',
  postcode: 'checkout.errPostcode',
};

const VAT_FIELD_MESSAGE: Record<string, MessageKey> = {
  name: 'checkout.errVatName',
  taxId: 'checkout.errTaxId',
  branch: 'checkout.errBranch',
  address: 'checkout.errVatAddress',
};

/** The product code an out-of-stock or unavailable message starts with ("SF-1001: only 2 in stock"). */
function productCodeOf(message: string): string {
  return /^\s*([A-Za-z0-9._-]{1,64})\s*:/.exec(message)?.[1] ?? '';
}

/** The field a validation message names first ("address.postcode: …" → postcode). */
function namedField(message: string, prefix: 'address' | 'vatInfo', known: Record<string, MessageKey>): string | null {
  const match = new RegExp(`\\b${prefix}\\.(\\w+)`).exec(message);
  return match && match[1]! in known ? match[1]! : null;
}

export function checkoutProblem(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { key: 'errors.requestFailed' };
  switch (error.code) {
    case 'unknown_coupon':
      return { field: 'coupon', key: 'checkout.errUnknownCoupon' };
    case 'coupon_inactive':
    case 'coupon_not_valid':
      return { field: 'coupon', key: 'checkout.errCouponNotValid' };
    case 'coupon_min_spend': {
      const needed = /(\d+)\s*satang/.exec(error.message)?.[1];
      return needed
        ? { field: 'coupon', key: 'checkout.errCouponMinSpend', params: { amount: formatMoney(Number(needed)) } }
        : { field: 'coupon', key: 'checkout.errCouponTooSmall' };
    }
    case 'coupon_used_up':
      return { field: 'coupon', key: 'checkout.errCouponUsedUp' };
    case 'coupon_used_by_you':
      return { field: 'coupon', key: 'checkout.errCouponUsedByYou' };
    case 'not_enough_coins':
      return { field: 'coins', key: 'checkout.errNotEnoughCoins' };
    case 'coins_need_sign_in':
      return { field: 'coins', key: 'checkout.errCoinsNeedSignIn' };
    case 'invalid_address': {
      const field = namedField(error.message, 'address', ADDRESS_FIELD_MESSAGE);
      return field
        ? { field: `address.${field}` as CheckoutField, key: ADDRESS_FIELD_MESSAGE[field]! }
        : { key: 'checkout.errInvalidAddress' };
    }
    case 'invalid_contact': {
      const field = /\bcontact\.(name|phone|email)\b/.exec(error.message)?.[1] as 'name' | 'phone' | 'email' | undefined;
      const key: MessageKey = field === 'phone' ? 'guest.errPhone' : field === 'email' ? 'checkout.emailInvalid' : 'checkout.errName';
      return field ? { field: `contact.${field}`, key } : { key: 'guest.errContact' };
    }
    case 'too_many_attempts':
      return { key: 'guest.errTooMany' };
    case 'invalid_vat_info': {
      const field = namedField(error.message, 'vatInfo', VAT_FIELD_MESSAGE);
      // "vatInfo.taxId: … (its check digit does not match)": 13 digits, but not a real tax id.
      if (field === 'taxId' && /check digit/.test(error.message)) return { field: 'vatInfo.taxId', key: 'checkout.errTaxIdCheck' };
      return field ? { field: `vatInfo.${field}` as CheckoutField, key: VAT_FIELD_MESSAGE[field]! } : { key: 'checkout.errInvalidVat' };
    }
    case 'invalid_input':
      return /\bemail\b/.test(error.message) ? { field: 'email', key: 'checkout.emailInvalid' } : { key: 'errors.requestFailed' };
    case 'cart_empty':
      return { key: 'checkout.errCartEmpty' };
    case 'out_of_stock':
      return { key: 'checkout.errOutOfStock', params: { code: productCodeOf(error.message) } };
    case 'product_unavailable':
    case 'unknown_product':
      return { key: 'checkout.errUnavailable', params: { code: productCodeOf(error.message) } };
    case 'quantity_limit':
      return { key: 'checkout.errQuantityLimit' };
    case 'invalid_payment':
      return { key: 'checkout.errPayment' };
    case 'unauthorized':
      return { key: 'checkout.errSession' };
    case 'network_error':
      return { key: 'checkout.errNetwork' };
    default:
      return { key: errorCodeKey(error.code) ?? 'errors.requestFailed' };
  }
}
