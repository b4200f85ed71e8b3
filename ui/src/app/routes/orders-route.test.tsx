import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labels } from '../../features/labels/labels-store';
import { coin, orderForReview, userinfo } from '../../features/user/user-store';
import { pageStatus } from '../../lib/page-status';
import { rawOrder, TEST_LABELS } from '../../testing/orders';
import { App } from '../app';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
const USER = { id: 7, username: 'som', name: 'Somsri', role: 'user', provider: 'local', userInfo: { id: 7, coin: 120, addInfo: [], vatInfo: null } };
const ok = (body: Record<string, unknown>) => Response.json({ status: 'success', ...body });
const error = (status: number, code: string) => Response.json({ status: 'error', error: { code, message: code } }, { status });

function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    if (handler) return handler(init);
    if (url === '/api/app/room/list') return ok({ rooms: [] });
    if (url === '/api/app/category/tree') return ok({ categories: [] });
    return error(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function visit(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

beforeEach(() => {
  pageStatus.set(null);
  window.localStorage.setItem('kiosk.token', 'tok');
  userinfo.set({ status: 'signedIn', user: USER });
  coin.set(120);
  orderForReview.set(1);
  labels.set({ loaded: true, groups: TEST_LABELS });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => vi.unstubAllGlobals());

describe('My orders', () => {
  it('lists the orders with number, status, item count, total and the review marker, and refreshes the badge', async () => {
    const orders = [rawOrder(), rawOrder({ id: 11, number: 'K000011', status: 'pending_payment', itemCount: 1, total: 590_000 })];
    const fetchMock = mockApi({
      'GET /api/app/order/list/7': () => ok({ orders }),
      'GET /api/app/order/needreview/7': () => ok({ count: 3 }),
    });
    visit('/user/order');
    const cards = await screen.findAllByTestId('order-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Order K000012' }).getAttribute('href')).toBe('/user/order?id=12');
    expect(first.getByText('Delivered')).toBeTruthy();
    expect(first.getByText('3 items')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('฿22,490');
    expect(first.getByText('Waiting for your review')).toBeTruthy();
    expect(within(cards[1]!).getByText('1 item')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Waiting for your review')).toBeNull();
    await waitFor(() => expect(orderForReview.get()).toBe(3));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/app/order/needreview/7')).toBe(true);
  });

  it('says so when there are no orders yet', async () => {
    mockApi({ 'GET /api/app/order/list/7': () => ok({ orders: [] }), 'GET /api/app/order/needreview/7': () => ok({ count: 0 }) });
    visit('/user/order');
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
  });
});

describe('one order', () => {
  it('shows another shopper’s order as not found, with the way back to My orders', async () => {
    mockApi({ 'GET /api/app/order/get/99': () => error(403, 'forbidden') });
    visit('/user/order?id=99');
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(screen.getByText('This order does not exist or belongs to another account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My orders' }).getAttribute('href')).toBe('/user/order');
    expect(pageStatus.get()).toBeNull();
  });

  it('does not ask the server about an id that cannot be an order', async () => {
    const fetchMock = mockApi({});
    visit('/user/order?id=abc');
    expect(await screen.findByText('Order not found')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/app/order/get/'))).toBe(false);
  });

  it('shows lines, amounts, address, timeline; a review earns coins, updates the header and the badge', async () => {
    mockApi({
      'GET /api/app/order/get/12': () => ok({ order: rawOrder() }),
      'POST /api/app/order/review/12': () => ok({ order: rawOrder({ review: { rating: 5, comment: 'Lovely', at: Date.UTC(2026, 0, 10) } }), coin: 140 }),
      'GET /api/app/order/needreview/7': () => ok({ count: 0 }),
    });
    visit('/user/order?id=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order K000012' })).toBeTruthy();
    const steps = screen.getByTestId('order-timeline').querySelectorAll('li');
    expect([...steps].map((li) => li.getAttribute('data-reached'))).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(screen.getByText('Oslo sofa')).toBeTruthy();
    expect(screen.getByText('Code: SF-1001')).toBeTruthy();
    const amounts = screen.getByTestId('order-amounts');
    expect(within(amounts).getByText('Coupon WELCOME500')).toBeTruthy();
    expect(within(amounts).getByText('Coins used (100)')).toBeTruthy();
    expect(within(amounts).getByText('Free')).toBeTruthy();
    expect(screen.getByTestId('order-address').textContent).toContain('Khlong Toei, Bangkok, 10110');
    // Not waiting for payment: no instructions and no cancel button.
    expect(screen.queryByTestId('payment-instructions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();

    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.input(screen.getByLabelText(/Comment/), { target: { value: 'Lovely' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect((await screen.findByTestId('review-earned')).textContent).toContain('Thank you! You earned 20 coins.');
    expect(screen.getByTestId('order-review').textContent).toContain('Lovely');
    expect(screen.queryByTestId('review-form')).toBeNull();
    expect(coin.get()).toBe(140);
    expect(screen.getByTestId('header-coin').textContent).toContain('140');
    await waitFor(() => expect(orderForReview.get()).toBe(0));
  });

  it('shows what to pay while pending, and cancels after confirming', async () => {
    const pending = rawOrder({ status: 'pending_payment', history: [{ status: 'pending_payment', at: Date.UTC(2026, 0, 5) }], coinsEarned: 0 });
    const fetchMock = mockApi({
      'GET /api/app/order/get/12': () => ok({ order: pending }),
      'POST /api/app/order/cancel/12': () =>
        ok({ order: { ...pending, status: 'cancelled', history: [...(pending.history as unknown[]), { status: 'cancelled', at: Date.UTC(2026, 0, 6) }] }, coin: 220 }),
    });
    visit('/user/order?id=12');
    const instructions = await screen.findByTestId('payment-instructions');
    expect(instructions.textContent).toContain('0812345678');
    expect(instructions.textContent).toContain('฿22,490');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const keep = screen.getByRole('button', { name: 'Keep the order' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    expect(screen.getByText('Cancel order K000012? This cannot be undone.')).toBeTruthy();
    fireEvent.click(keep);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/app/order/cancel/12')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    });
    expect(await screen.findByText('Order K000012 has been cancelled.')).toBeTruthy();
    expect(screen.getByTestId('order-page').getAttribute('data-status')).toBe('cancelled');
    const steps = [...screen.getByTestId('order-timeline').querySelectorAll('li')].map((li) => li.getAttribute('data-status'));
    expect(steps).toEqual(['pending_payment', 'cancelled']);
    expect(screen.queryByTestId('payment-instructions')).toBeNull();
    expect(coin.get()).toBe(220);
  });
});
