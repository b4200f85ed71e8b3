import { afterEach, describe, expect, it } from 'vitest';
import { contactBody, forgetOrderKey, guestOrderPath, MAX_KEPT_KEYS, orderKeyOf, rememberOrderKey, validateContact, validContactPhone, validEmail } from './guest-checkout';

const GOOD = { name: 'Nok Sriwan', phone: '089-123 4567', email: 'nok@example.com' };

describe('a guest contact (the server rules for `contact`)', () => {
  it('accepts a name, a Thai or international phone and an e-mail', () => {
    expect(validateContact(GOOD)).toEqual({});
    expect(validateContact({ ...GOOD, phone: '+60 12-345 6789' })).toEqual({});
    expect(validateContact({ ...GOOD, phone: '+66 89 123 4567' })).toEqual({});
  });

  it.each([
    ['name', '', 'checkout.errRequired'],
    ['name', 'n'.repeat(101), 'checkout.errName'],
    ['phone', '', 'checkout.errRequired'],
    ['phone', '12345', 'guest.errPhone'],
    ['phone', '+1234567', 'guest.errPhone'],
    ['phone', '+1234567890123456', 'guest.errPhone'],
    ['email', ' ', 'checkout.errRequired'],
    ['email', 'nok at example', 'checkout.emailInvalid'],
    ['email', 'nok@example.', 'checkout.emailInvalid'],
  ])('refuses %s %j with %s', (field, value, key) => {
    expect(validateContact({ ...GOOD, [field]: value })).toEqual({ [field]: key });
  });

  it('phones and e-mails follow the server', () => {
    expect(validContactPhone('02 123 4567')).toBe(true);
    expect(validContactPhone('0812345678x')).toBe(false);
    expect(validEmail('a@b.co')).toBe(true);
    expect(validEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('is sent trimmed, the phone without spaces and dashes', () => {
    expect(contactBody({ name: ' Nok ', phone: ' +60 12-345 6789 ', email: ' nok@example.com ' })).toEqual({
      name: 'Nok',
      phone: '+60123456789',
      email: 'nok@example.com',
    });
  });
});

describe('the keys of guest orders kept in this browser', () => {
  afterEach(() => window.localStorage.clear());

  it('finds the key of an order placed here, and forgets it', () => {
    rememberOrderKey(12, 'a'.repeat(32));
    rememberOrderKey('13', 'b'.repeat(32));
    expect(orderKeyOf('12')).toBe('a'.repeat(32));
    expect(orderKeyOf(13)).toBe('b'.repeat(32));
    expect(orderKeyOf(14)).toBeNull();
    forgetOrderKey(12);
    expect(orderKeyOf(12)).toBeNull();
  });

  it('keeps only the newest keys, and survives damaged storage', () => {
    for (let id = 1; id <= MAX_KEPT_KEYS + 5; id++) rememberOrderKey(id, `key-${id}`);
    expect(orderKeyOf(1)).toBeNull();
    expect(orderKeyOf(MAX_KEPT_KEYS + 5)).toBe(`key-${MAX_KEPT_KEYS + 5}`);
    window.localStorage.setItem('kiosk.guestOrders', '{not json');
    expect(orderKeyOf(1)).toBeNull();
    rememberOrderKey(1, 'again');
    expect(orderKeyOf(1)).toBe('again');
  });

  it('makes the secret link of the order page', () => {
    expect(guestOrderPath(12, 'ab12')).toBe('/cartres?order=12&key=ab12');
  });
});
