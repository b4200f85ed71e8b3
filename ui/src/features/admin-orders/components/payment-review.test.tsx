import { render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../api/types';
import { i18nStore } from '../../../i18n/i18n-store';
import { rawOrder } from '../../../testing/orders';
import { jsonResponse } from '../../../testing/products';
import type { OrderDeskTools } from '../tools';
import { PaymentReview } from './payment-review';

const tools: OrderDeskTools = {
  can: () => true,
  label: (_group, key) => key,
  labelKeys: () => [],
  errorText: () => 'refused',
  time: () => '24 Nov 2026 22:10',
  today: () => '2026-11-24',
  narrow: false,
};

beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ status: 'success' }))));
afterEach(() => vi.unstubAllGlobals());

describe('card payment attempts on the order desk', () => {
  it('names each attempt’s outcome in words, not codes', () => {
    expect(i18nStore.get().locale).toBe('en');
    const attempt = (id: string, status: string) => ({ id, merchant: 'JT01', merchantName: 'full', amount: 1_701_000, status, createdAt: 1, notices: [] });
    const order = rawOrder({
      status: 'pending_payment',
      payment: { method: 'card_2c2p', status: 'failed', attempts: [attempt('K000012P1', 'failed'), attempt('K000012P2', 'cancelled')], proofs: [] },
    }) as unknown as Order;
    render(<PaymentReview order={order} tools={tools} onChanged={vi.fn()} />);
    const attempts = screen.getByTestId('card-attempts').textContent ?? '';
    expect(attempts).toContain('K000012P1 · JT01 · ฿17,010 · failed');
    expect(attempts).toContain('cancelled by the shopper');
  });
});
