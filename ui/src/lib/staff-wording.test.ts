import { describe, expect, it } from 'vitest';
import { actionKey, coinReason, permissionNameKey, wordLine, type Translate } from './staff-wording';

const th: Record<string, string> = {
  'admin.activity.actions.orderPlaced': 'สั่งซื้อ',
  'admin.activity.actions.stockAdjusted': 'ปรับสต็อก',
  'admin.activity.kinds.order': 'คำสั่งซื้อ',
  'admin.activity.kinds.product': 'สินค้า',
  'admin.activity.details.orderPlaced': '{items} ชิ้น รวม {total}',
  'admin.activity.details.stockAdjusted': 'สต็อก {before} → {after} ({delta})',
  'admin.customers.coinReasons.orderDelivered': 'ได้รับจากคำสั่งซื้อ {order} (ส่งถึงแล้ว)',
};
const t: Translate = (key, params) => {
  const text = th[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
};

describe('staff wording', () => {
  it('names an action by its key', () => {
    expect(actionKey('order placed')).toBe('orderPlaced');
    expect(actionKey('failed sign-in (local)')).toBe('failedSignInLocal');
    expect(actionKey('order pending_payment')).toBe('orderPendingPayment');
  });

  it('words a new line from its parameters, money as baht', () => {
    const line = { action: 'order placed', target: 'order K000002', details: '1 items, total ฿4400.00', params: { items: '1', totalSatang: '440000' } };
    expect(wordLine(line, t)).toEqual({ action: 'สั่งซื้อ', target: 'คำสั่งซื้อ K000002', details: '1 ชิ้น รวม ฿4,400' });
  });

  it('reads an older line back from its stored details', () => {
    const old = { action: 'order placed', target: 'order K000002', details: '1 items, total 440000 satang' };
    expect(wordLine(old, t).details).toBe('1 ชิ้น รวม ฿4,400');
    const stock = { action: 'stock adjusted', target: 'product AU-3903', details: 'stock 5 → 12 (+7): count' };
    expect(wordLine(stock, t)).toEqual({ action: 'ปรับสต็อก', target: 'สินค้า AU-3903', details: 'สต็อก 5 → 12 (+7): count' });
  });

  it('leaves an unknown action and other details as stored', () => {
    expect(wordLine({ action: 'something new', target: 'thing X', details: 'a → b' }, t)).toEqual({ action: 'something new', target: 'thing X', details: 'a → b' });
  });

  it('words the program’s coin reasons, never a clerk’s', () => {
    expect(coinReason({ reason: 'order K000001 delivered', orderId: 1 }, t)).toBe('ได้รับจากคำสั่งซื้อ K000001 (ส่งถึงแล้ว)');
    expect(coinReason({ reason: 'order K000001 delivered', orderId: null }, t)).toBe('order K000001 delivered');
  });

  it('names a permission by its message key', () => {
    expect(permissionNameKey('settings.write')).toBe('admin.permissions.settingsWrite');
  });
});
