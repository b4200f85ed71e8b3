import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../i18n/types';
import { addressBody, coinsProblem, normalizePhone, sameAddress, validateAddress, validateVatInfo, vatInfoBody } from './checkout-rules';

const PROVINCES = new Set(['bangkok', 'chiang_mai', 'phuket']);
const GOOD = { name: 'Somchai Jaidee', phone: '081-234 5678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' };
const VAT = { name: 'Kiosk Buyer Co., Ltd.', taxId: '0105556000009', branch: '00000', address: '1 Silom Road, Bang Rak, Bangkok 10500' };

describe('delivery address rules', () => {
  it('accepts a complete Thai address', () => {
    expect(validateAddress(GOOD, PROVINCES)).toEqual({});
    expect(validateAddress({ ...GOOD, phone: '+66 81 234 5678' }, PROVINCES)).toEqual({});
    expect(validateAddress({ ...GOOD, phone: '02 123 4567' }, PROVINCES)).toEqual({});
  });

  it.each([
    ['name', '', 'checkout.errRequired'],
    ['name', 'x'.repeat(101), 'checkout.errName'],
    ['phone', '', 'checkout.errRequired'],
    ['phone', '12345', 'checkout.errPhone'],
    ['phone', '1812345678', 'checkout.errPhone'],
    ['line1', '   ', 'checkout.errRequired'],
    ['line1', 'x'.repeat(201), 'checkout.errLine1'],
    ['district', '', 'checkout.errRequired'],
    ['district', 'x'.repeat(101), 'checkout.errDistrict'],
    ['province', '', 'checkout.errProvince'],
    ['province', 'atlantis', 'checkout.errProvince'],
    ['postcode', '', 'checkout.errRequired'],
    ['postcode', '1011', 'checkout.errPostcode'],
    ['postcode', '1O110', 'checkout.errPostcode'],
  ] as const)('%s %j → %s', (field, value, key) => {
    expect(validateAddress({ ...GOOD, [field]: value }, PROVINCES)[field]).toBe(key);
  });

  it('accepts any province key until the labels arrive (the server checks again)', () => {
    expect(validateAddress({ ...GOOD, province: 'nonthaburi' }, null)).toEqual({});
  });

  it('sends trimmed fields, the phone and postcode as digits', () => {
    expect(addressBody({ ...GOOD, name: '  Somchai Jaidee ', postcode: '10 110' })).toEqual({ ...GOOD, phone: '0812345678' });
    expect(normalizePhone('+66 81-234-5678')).toBe('0812345678');
    expect(sameAddress(GOOD, { ...GOOD, phone: '0812345678' })).toBe(true);
    expect(sameAddress(GOOD, { ...GOOD, postcode: '10120' })).toBe(false);
  });
});

describe('tax invoice rules', () => {
  it('accepts a company with a 13-digit tax id; the branch defaults to the head office', () => {
    expect(validateVatInfo(VAT)).toEqual({});
    expect(validateVatInfo({ ...VAT, branch: '' })).toEqual({});
    expect(vatInfoBody({ ...VAT, taxId: '0-1055-56000-00-9', branch: '' })).toEqual(VAT);
  });

  it.each([
    ['name', '', 'checkout.errRequired'],
    ['taxId', '', 'checkout.errRequired'],
    ['taxId', '010555600000', 'checkout.errTaxId'],
    ['taxId', '01055560000012', 'checkout.errTaxId'],
    // Issue 29: 13 digits with a wrong check digit.
    ['taxId', '0105556000008', 'checkout.errTaxIdCheck'],
    ['branch', '001', 'checkout.errBranch'],
    ['address', '', 'checkout.errRequired'],
    ['address', 'x'.repeat(301), 'checkout.errVatAddress'],
  ] as const)('%s %j → %s', (field, value, key) => {
    expect(validateVatInfo({ ...VAT, [field]: value })[field]).toBe(key);
  });
});

describe('coins', () => {
  it('takes a whole number up to the balance', () => {
    expect(coinsProblem('', 100)).toBeNull();
    expect(coinsProblem('100', 100)).toBeNull();
    expect(coinsProblem('101', 100)).toEqual({ key: 'checkout.errCoinsBalance', params: { count: 100 } });
    expect(coinsProblem('1.5', 100)).toEqual({ key: 'checkout.errCoins' });
    expect(coinsProblem('-3', 100)).toEqual({ key: 'checkout.errCoins' });
  });
});

describe('the messages exist in all five languages', () => {
  const localesDir = path.resolve(__dirname, '../../../../locales');
  const read = (code: string) => JSON.parse(readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as { checkout: Record<string, string> };
  const english = read('en').checkout;
  const keys = Object.keys(english).filter((key) => key.startsWith('err')) as string[];

  it('has every checkout error in en, th, my, km and id, translated', () => {
    expect(keys.length).toBeGreaterThan(20);
    for (const code of ['th', 'my', 'km', 'id']) {
      const messages = read(code).checkout;
      for (const key of keys) {
        const text = messages[key];
        expect(text, `${code}: checkout.${key}`).toBeTruthy();
        expect(text, `${code}: checkout.${key} is still English`).not.toBe(english[key]);
        expect([...text!.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort()).toEqual([...english[key]!.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort());
      }
    }
  });

  it('covers every key the rules answer', () => {
    const answered = new Set<MessageKey>();
    const collect = (errors: object) => Object.values(errors).forEach((key) => answered.add(key as MessageKey));
    collect(validateAddress({ name: '', phone: '1', line1: 'x'.repeat(201), district: 'x'.repeat(101), province: 'x', postcode: '1' }, PROVINCES));
    collect(validateAddress({ ...GOOD, name: 'x'.repeat(101), phone: '' }, PROVINCES));
    collect(validateVatInfo({ name: 'x'.repeat(201), taxId: '1', branch: '1', address: 'x'.repeat(301) }));
    for (const key of answered) expect(keys).toContain(key.replace('checkout.', ''));
  });
});
