import { beforeEach, describe, expect, it } from 'vitest';
import { labelGroupNames, labels, setLabel, withLabel } from './labels-store';

const paid = { en: 'Paid', th: 'ชำระแล้ว' };

describe('label rule (docs/STOREFRONT.md §4)', () => {
  beforeEach(() => labels.set({ loaded: true, groups: { orderStatus: { paid, shipped: { en: 'Shipped' } } } }));

  it('sets a label in an existing group', () => {
    setLabel('orderStatus', 'cancelled', { en: 'Cancelled' });
    expect(labels.get().groups.orderStatus).toEqual({ paid, shipped: { en: 'Shipped' }, cancelled: { en: 'Cancelled' } });
  });

  it('replaces the title of an existing label', () => {
    setLabel('orderStatus', 'shipped', { en: 'Sent' });
    expect(labels.get().groups.orderStatus?.shipped).toEqual({ en: 'Sent' });
  });

  it('creates the group when it is missing', () => {
    setLabel('province', 'bkk', { en: 'Bangkok', th: 'กรุงเทพมหานคร' });
    expect(labels.get().groups.province).toEqual({ bkk: { en: 'Bangkok', th: 'กรุงเทพมหานคร' } });
  });

  it('removes a label set to a null title', () => {
    setLabel('orderStatus', 'shipped', null);
    expect(labels.get().groups.orderStatus).toEqual({ paid });
  });

  it('ignores removing a label or group that does not exist', () => {
    const before = labels.get().groups;
    expect(withLabel(before, 'orderStatus', 'unknown', null)).toBe(before);
    expect(withLabel(before, 'nothing', 'x', null)).toBe(before);
  });

  it('never mutates the previous groups', () => {
    const before = labels.get().groups;
    const after = withLabel(before, 'orderStatus', 'paid', null);
    expect(before.orderStatus?.paid).toEqual(paid);
    expect(after).not.toBe(before);
  });

  it('lists the code tables sorted by name', () => {
    expect(labelGroupNames({ role: {}, orderStatus: {}, province: {}, paymentMethod: {} })).toEqual([
      'orderStatus',
      'paymentMethod',
      'province',
      'role',
    ]);
  });
});
