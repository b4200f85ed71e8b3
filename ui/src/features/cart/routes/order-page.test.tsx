import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18nStore, mergeMessages } from '../../../i18n/i18n-store';
import type { Messages } from '../../../i18n/types';
import { websitedata } from '../../../lib/website-data';
import { makeCart, makeLine, makeOrder, makeQuote } from '../../../testing/carts';
import { jsonResponse } from '../../../testing/products';
import { cartLoaded, cartRes, replaceCart } from '../cart-store';
import { resetCheckout } from '../checkout-state';
import { OrderPage, type OrderPageProps } from './order-page';

const PROVINCES = {
  bangkok: { en: 'Bangkok', th: 'กรุงเทพมหานคร' },
  chiang_mai: { en: 'Chiang Mai', th: 'เชียงใหม่' },
  phuket: { en: 'Phuket', th: 'ภูเก็ต' },
};

function thaiMessages(): Messages {
  const file = path.resolve(__dirname, '../../../../../locales/th.json');
  return mergeMessages(i18nStore.get().messages, JSON.parse(readFileSync(file, 'utf8')));
}

let placeBodies: Record<string, unknown>[] = [];
let placeAnswers: (() => Response | Promise<Response>)[] = [];

beforeEach(() => {
  placeBodies = [];
  placeAnswers = [];
  replaceCart(makeCart('7', [makeLine('SF-1003', { unitPrice: 2_290_000 })]));
  cartLoaded.set(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/app/cart/quote') return jsonResponse({ status: 'success', quote: makeQuote() });
      if (url === '/api/app/order/place') {
        placeBodies.push(JSON.parse(String(init?.body)));
        const answer = placeAnswers.shift();
        if (answer) return answer();
        return jsonResponse({ status: 'success', order: makeOrder(), coin: 0 }, 201);
      }
      return jsonResponse({ status: 'error', error: { code: 'not_found', message: url } }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetCheckout();
  i18nStore.set((s) => ({ ...s, locale: 'en', messages: s.locales.en ?? s.messages }));
});

function renderOrderPage(overrides: Partial<OrderPageProps> = {}) {
  const memory = memoryLocation({ path: '/order', record: true });
  const onPlaced = vi.fn();
  const props: OrderPageProps = {
    user: { id: 7, name: '', phone: '', addInfo: [], vatInfo: null },
    coinBalance: 0,
    provinces: PROVINCES,
    provinceKeys: new Set(Object.keys(PROVINCES)),
    coupons: [],
    onPlaced,
    ...overrides,
  };
  render(
    <Router hook={memory.hook}>
      <OrderPage {...props} />
    </Router>,
  );
  return { memory, onPlaced };
}

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function fillAddress(postcode: string) {
  fill("Recipient's name", 'Somchai Jaidee');
  fill('Phone', '081 234 5678');
  fill('Address (house number, street, sub-district)', '99/9 Sukhumvit Road');
  fill('District', 'Khlong Toei');
  // @testing-library/preact turns fireEvent.change into an input event; a select fires change.
  const province = screen.getByLabelText('Province') as HTMLSelectElement;
  province.value = 'bangkok';
  fireEvent(province, new Event('change', { bubbles: true }));
  fill('Postcode', postcode);
}

const placeButton = () => screen.getByRole('button', { name: 'Place order' });

describe('checkout form', () => {
  it('checks the address before sending, next to each field', async () => {
    renderOrderPage();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(placeButton());
    expect(await screen.findByText('Please correct the marked fields.')).toBeTruthy();
    expect(screen.getAllByText('Please fill in this field.').length).toBe(5);
    expect(screen.getByText('Choose a province.')).toBeTruthy();
    expect(screen.getByLabelText("Recipient's name").getAttribute('aria-invalid')).toBe('true');
    fillAddress('1011');
    expect(screen.getByText('The postcode has 5 digits.')).toBeTruthy();
    expect(screen.queryByText('Choose a province.')).toBeNull();
    expect(screen.queryByText('Please fill in this field.')).toBeNull();
    expect(screen.getByLabelText('Postcode').getAttribute('aria-describedby')).toBe('address-postcode-error');
    expect(placeBodies).toHaveLength(0);
  });

  it('speaks Thai: messages and provinces sorted by their Thai names', async () => {
    i18nStore.set((s) => ({ ...s, locale: 'th', messages: thaiMessages() }));
    renderOrderPage();
    const province = screen.getByLabelText('จังหวัด') as HTMLSelectElement;
    expect([...province.options].map((option) => option.textContent)).toEqual(['เลือกจังหวัด', 'กรุงเทพมหานคร', 'เชียงใหม่', 'ภูเก็ต']);
    await waitFor(() => expect((screen.getByRole('button', { name: 'ยืนยันการสั่งซื้อ' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.input(screen.getByLabelText('รหัสไปรษณีย์'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันการสั่งซื้อ' }));
    expect(await screen.findByText('รหัสไปรษณีย์มี 5 หลัก')).toBeTruthy();
  });

  it('places the order once per attempt key, retrying with the same key, then shows the result', async () => {
    const { memory, onPlaced } = renderOrderPage();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fillAddress('10110');
    placeAnswers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(placeButton());
    expect(await screen.findByText('The shop could not be reached. Check your connection and try again.')).toBeTruthy();
    fireEvent.click(placeButton());
    await waitFor(() => expect(memory.history).toContain('/cartres'));
    expect(placeBodies).toHaveLength(2);
    expect(placeBodies[1]!.idempotencyKey).toBe(placeBodies[0]!.idempotencyKey);
    expect(placeBodies[0]).toMatchObject({
      id: '7',
      payment: 'promptpay',
      lang: 'en',
      address: { name: 'Somchai Jaidee', phone: '0812345678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' },
    });
    expect(cartRes.get()?.number).toBe('K000012');
    expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ coin: 0 }), [expect.objectContaining({ postcode: '10110' })]);
  });

  it('sends the e-mail for the confirmation, prefilled from the account, and checks it first', async () => {
    renderOrderPage({ user: { id: 7, name: '', phone: '', addInfo: [], vatInfo: null, email: 'somchai@example' } });
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    const email = screen.getByLabelText(/E-mail for your confirmation and receipt/) as HTMLInputElement;
    expect(email.value).toBe('somchai@example');
    fillAddress('10110');
    fireEvent.click(placeButton());
    expect(await screen.findByText('Please enter a valid e-mail address, such as name@example.com.')).toBeTruthy();
    expect(placeBodies).toHaveLength(0);
    fill('E-mail for your confirmation and receipt (optional)', ' somchai@example.com ');
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeBodies).toHaveLength(1));
    expect(placeBodies[0]!.email).toBe('somchai@example.com');
  });

  it('shows the e-mail the server refused next to the field', async () => {
    renderOrderPage();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fillAddress('10110');
    fill('E-mail for your confirmation and receipt (optional)', 'x@y.co');
    placeAnswers.push(() => jsonResponse({ status: 'error', error: { code: 'invalid_input', message: 'email: "x@y.co" is not an e-mail address' } }, 400));
    fireEvent.click(placeButton());
    expect(await screen.findByText('Please enter a valid e-mail address, such as name@example.com.')).toBeTruthy();
  });

  it('shows the address field the server refused', async () => {
    renderOrderPage();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fillAddress('10110');
    placeAnswers.push(() => jsonResponse({ status: 'error', error: { code: 'invalid_address', message: 'address.province: must be a province key such as bangkok' } }, 400));
    fireEvent.click(placeButton());
    expect(await screen.findByText('Choose a province.')).toBeTruthy();
    expect(screen.getByLabelText('Province').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the saved addresses first and sends the chosen one', async () => {
    const saved = { name: 'Malee Saved', phone: '0898765432', line1: '1 Nimman Road', district: 'Mueang', province: 'chiang_mai', postcode: '50200' };
    renderOrderPage({ user: { id: 7, name: 'Malee', phone: '', addInfo: [saved], vatInfo: null } });
    expect((screen.getByRole('radio', { name: /Malee Saved/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Chiang Mai 50200/)).toBeTruthy();
    expect(screen.queryByLabelText("Recipient's name")).toBeNull();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeBodies).toHaveLength(1));
    expect(placeBodies[0]!.address).toEqual(saved);
  });

  it('lets a guest check out with a contact, no coins, and opens the order by its secret link', async () => {
    replaceCart(makeCart('3f2504e0-4f89-41d3-9a0c-0305e82c3301', [makeLine('SF-1003', { unitPrice: 2_290_000 })]));
    window.localStorage.setItem('kiosk.mid', '3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    placeAnswers.push(() => jsonResponse({ status: 'success', order: makeOrder({ userId: 0 }), coin: 0, replayed: false, orderKey: 'c'.repeat(32) }, 201));
    const { memory, onPlaced } = renderOrderPage({ user: null });
    expect(screen.getByTestId('guest-sign-in').getAttribute('href')).toBe('/user/login');
    expect(screen.queryByLabelText('Coins to use')).toBeNull();
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(placeButton());
    expect(await screen.findByText('Please correct the marked fields.')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    fill('Your name', 'Nok Sriwan');
    const contactPhone = () => screen.getAllByLabelText('Phone')[0]!;
    fireEvent.input(contactPhone(), { target: { value: '+60 12 345' } });
    expect(screen.getByText('Enter a phone number such as 081 234 5678 or +60 12 345 6789.')).toBeTruthy();
    fireEvent.input(contactPhone(), { target: { value: '089 123 4567' } });
    fill('E-mail', 'nok@example.com');
    // The recipient follows the contact until it is changed.
    expect((screen.getByLabelText("Recipient's name") as HTMLInputElement).value).toBe('Nok Sriwan');
    expect((screen.getAllByLabelText('Phone')[1] as HTMLInputElement).value).toBe('089 123 4567');
    fill('Address (house number, street, sub-district)', '99/9 Sukhumvit Road');
    fill('District', 'Khlong Toei');
    const province = screen.getByLabelText('Province') as HTMLSelectElement;
    province.value = 'bangkok';
    fireEvent(province, new Event('change', { bubbles: true }));
    fill('Postcode', '10110');
    fireEvent.click(placeButton());
    await waitFor(() => expect(memory.history).toContain(`/cartres?order=12&key=${'c'.repeat(32)}`));
    expect(placeBodies[0]).toMatchObject({
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      contact: { name: 'Nok Sriwan', phone: '0891234567', email: 'nok@example.com' },
      address: { name: 'Nok Sriwan', phone: '0891234567', postcode: '10110' },
    });
    expect(placeBodies[0]!.coins).toBeUndefined();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('kiosk.guestOrders')).toContain('c'.repeat(32));
  });

  it('offers only the payment methods the shop takes', async () => {
    websitedata.set((data) => ({ ...data, paymentMethods: ['bank_transfer'] }));
    renderOrderPage();
    expect(screen.queryByRole('radio', { name: /PromptPay/ })).toBeNull();
    expect((screen.getByRole('radio', { name: /Bank transfer/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((placeButton() as HTMLButtonElement).disabled).toBe(false));
    fillAddress('10110');
    fireEvent.click(placeButton());
    await waitFor(() => expect(placeBodies).toHaveLength(1));
    expect(placeBodies[0]!.payment).toBe('bank_transfer');
  });
});
