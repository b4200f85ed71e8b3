// Card payment through 2C2P in a real browser, in Thai, against the local 2C2P stand-in the
// global setup starts (e2e/c2p-standin.ts, loopback only; it checks the request signature with its
// own HMAC code): a shopper chooses "credit/debit card" at /th/order, the shop's hand-over page
// posts the signed form to the payment page, the shopper pays and lands on /th/cartres, which says
// "paid" once the server notification is verified. A second shopper's card fails, the retry is
// cancelled, and they switch to PromptPay, which staff confirm. A third waits for a "pending"
// payment and the page turns to "paid" by itself when the late notification arrives.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type { OrderAnswer } from '../src/api/types';
import { registerShopper, useToken } from './accounts';
import { expect, message, test } from './fixtures';
import { call, fitsWidth, shoot, soldByTheirCodes, staffToken, TEST_ADDRESS, userIdOf } from './shop';

/** A real PNG for the slip upload (a demo product photo). */
const SLIP_PNG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/demo/images/BD-2001-1.png');

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const standin = () => {
  const url = process.env.KIOSK_E2E_2C2P_URL;
  if (!url) throw new Error('KIOSK_E2E_2C2P_URL is not set: the global setup did not start the 2C2P stand-in');
  return url;
};
const onStandin = (page: Page) => page.waitForURL((url) => url.origin === standin() && url.pathname === '/payment');
const backOnCartres = (page: Page, id: number) => page.waitForURL(new RegExp(`/th/cartres\\?order=${id}$`));

/** A plain product for the cart (the first one with stock that is sold under its own code). */
async function someProduct(page: Page): Promise<string> {
  const response = await page.request.get('/api/app/product/list');
  const body = (await response.json()) as { data?: { code: string; stock: number }[]; products?: { code: string; stock: number }[] };
  const products = await soldByTheirCodes(page.request, (body.data ?? body.products ?? []).filter((p) => p.stock > 3));
  const found = products[0];
  if (!found) throw new Error('no product in stock');
  return found.code;
}

async function placeCardOrder(page: Page, token: string, userId: number): Promise<{ id: number; number: string }> {
  await call(page.request, 'POST', '/api/app/cart/add', token, { id: userId, code: await someProduct(page), qty: 1 });
  const placed = (await call(page.request, 'POST', '/api/app/order/place', token, {
    id: userId,
    address: TEST_ADDRESS,
    payment: 'card_2c2p',
    idempotencyKey: `e2e-card-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    lang: 'th',
  })) as unknown as OrderAnswer;
  return placed.order;
}

async function orderOf(page: Page, token: string, id: number) {
  return ((await call(page.request, 'GET', `/api/app/order/get/${id}`, token)) as unknown as OrderAnswer).order;
}

test('a shopper pays by card at checkout and the result page says paid', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'card', 'สมชาย ใจดี');
  const userId = await userIdOf(page.request, shopper.token);
  await call(page.request, 'POST', '/api/app/cart/add', shopper.token, { id: userId, code: await someProduct(page), qty: 1 });
  await useToken(page, shopper.token);

  await page.goto('/th/order');
  await page.getByLabel(th('checkout.recipient'), { exact: true }).fill('สมชาย ใจดี');
  await page.getByLabel(th('checkout.phone'), { exact: true }).fill('081 234 5678');
  await page.getByLabel(th('checkout.line1'), { exact: true }).fill('99/9 ถนนสุขุมวิท');
  await page.getByLabel(th('checkout.district'), { exact: true }).fill('คลองเตย');
  await page.getByLabel(th('checkout.province'), { exact: true }).selectOption('bangkok');
  await page.getByLabel(th('checkout.postcode'), { exact: true }).fill('10110');
  const card = page.getByRole('radio', { name: new RegExp(th('checkout.card.title').replace('/', '\\/')) });
  await card.check();
  await expect(card).toBeChecked();
  await fitsWidth(page);
  await shoot(page, 'card-checkout', testInfo.project.name);
  await page.getByRole('button', { name: th('checkout.placeOrder') }).click();

  // The hand-over page posted the signed form; the stand-in accepted its hash.
  await onStandin(page);
  await expect(page.locator('#lang')).toHaveText('th');
  const attempt = (await page.locator('#order-id').textContent()) ?? '';
  expect(attempt).toMatch(/^K\d{6}P1[A-Z0-9]{4}$/);
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/th\/cartres\?order=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('order'));
  const panel = page.getByTestId('card-payment');
  await expect(panel).toHaveAttribute('data-stage', 'paid');
  await expect(panel).toContainText(th('orders.payment.paidTitle'));
  await fitsWidth(page);
  await shoot(page, 'card-paid', testInfo.project.name);
  const order = await orderOf(page, shopper.token, id);
  expect(order.status).toBe('paid');
  expect(order.payment.status).toBe('paid');
  expect(order.payment.attempts[0]!.id).toBe(attempt);
});

test('a failed card payment is tried again, then paid by PromptPay and confirmed by staff', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'cardfail', 'สมศรี ใจดี');
  const userId = await userIdOf(page.request, shopper.token);
  const placed = await placeCardOrder(page, shopper.token, userId);
  await useToken(page, shopper.token);

  await page.goto(`/th/cartres?order=${placed.id}`);
  const panel = page.getByTestId('card-payment');
  await expect(panel).toHaveAttribute('data-stage', 'toPay');
  await page.getByTestId('card-go').click();
  await onStandin(page);
  const first = await page.locator('#order-id').textContent();
  await page.getByRole('button', { name: 'Fail' }).click();
  await backOnCartres(page, placed.id);
  await expect(panel).toHaveAttribute('data-stage', 'failed');
  await expect(panel).toContainText(th('orders.payment.failedTitle'));
  await expect(page.getByRole('button', { name: th('orders.payment.tryAgain') })).toBeVisible();
  await fitsWidth(page);
  await shoot(page, 'card-failed', testInfo.project.name);

  // Try again: a new attempt of the same order, cancelled on the payment page this time.
  await page.getByRole('button', { name: th('orders.payment.tryAgain') }).click();
  await onStandin(page);
  const second = await page.locator('#order-id').textContent();
  expect(second).not.toBe(first);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await backOnCartres(page, placed.id);
  await expect(panel).toHaveAttribute('data-stage', 'failed');

  // Switch to PromptPay: the QR code and amount appear; staff confirm the transfer.
  await page.getByRole('button', { name: th('orders.payment.usePromptpay') }).click();
  await expect(page.getByTestId('promptpay-qr')).toBeVisible();
  await fitsWidth(page);
  let order = await orderOf(page, shopper.token, placed.id);
  expect(order.status).toBe('pending_payment');
  expect(order.payment.method).toBe('promptpay');
  expect(order.payment.attempts.map((a) => a.status)).toEqual(['failed', 'cancelled']);

  // The order page: the deadline to pay, and the slip upload (a real PNG photo of the transfer).
  await page.goto(`/th/user/order?id=${placed.id}`);
  const proof = page.getByTestId('payment-proof');
  await expect(proof.getByTestId('pay-by')).toBeVisible();
  await proof.locator('input[type=file]').setInputFiles(SLIP_PNG);
  await proof.getByRole('button', { name: th('orders.slipSend') }).click();
  await expect(proof.getByTestId('slip-waiting')).toContainText(th('orders.slipWaiting'));
  await expect(proof.locator('img.slip__image')).toBeVisible();
  // Really shown (fetched with the token; the CSP allows it), not a broken image.
  await expect.poll(() => proof.locator('img.slip__image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await fitsWidth(page);
  await shoot(page, 'slip-uploaded', testInfo.project.name);

  // Staff see the slip on the order desk and confirm the payment from it.
  const staff = await staffToken(page.request);
  await page.evaluate((token) => window.localStorage.setItem('kiosk.token', token), staff);
  await page.goto(`/th/admin/orders/${placed.id}`);
  const review = page.getByTestId('payment-review');
  await expect(review.getByTestId('admin-slip')).toHaveAttribute('data-status', 'pending');
  await expect(review.locator('img.slip-item__image')).toBeVisible();
  await expect.poll(() => review.locator('img.slip-item__image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(review.getByTestId('card-attempts').locator('.attempt-list__item')).toHaveCount(2);
  await fitsWidth(page);
  await shoot(page, 'slip-desk', testInfo.project.name);
  const actions = page.getByTestId('order-actions');
  await actions.getByRole('button', { name: th('admin.orders.confirmPayment') }).click();
  await actions.getByLabel(th('admin.orders.reference'), { exact: false }).fill('PP-SLIP-4411');
  await actions.locator('form').getByRole('button', { name: th('admin.orders.confirmPayment') }).click();
  await expect(page.getByTestId('admin-order')).toHaveAttribute('data-status', 'paid');
  await expect(review.getByTestId('admin-slip')).toHaveAttribute('data-status', 'accepted');
  order = await orderOf(page, shopper.token, placed.id);
  expect(order.status).toBe('paid');
  expect(order.payment.status).toBe('paid');
  expect(order.payment.proofs.map((p) => p.status)).toEqual(['accepted']);
});

test('a pending card payment shows "waiting" and turns to paid by itself', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'cardwait', 'มานี มีนา');
  const userId = await userIdOf(page.request, shopper.token);
  const placed = await placeCardOrder(page, shopper.token, userId);
  await useToken(page, shopper.token);

  await page.goto(`/th/cartres?order=${placed.id}`);
  await page.getByTestId('card-go').click();
  await onStandin(page);
  const attempt = (await page.locator('#order-id').textContent()) ?? '';
  await page.getByRole('button', { name: 'Pending' }).click();
  await backOnCartres(page, placed.id);
  const panel = page.getByTestId('card-payment');
  await expect(panel).toHaveAttribute('data-stage', 'waiting');
  await expect(panel).toContainText(th('orders.payment.waitingTitle'));
  await fitsWidth(page);
  await shoot(page, 'card-waiting', testInfo.project.name, false);

  // The provider confirms later, server to server; the page asks again by itself.
  const late = await page.request.post(`${standin()}/control/notify?order_id=${encodeURIComponent(attempt)}&code=000`);
  expect(late.status()).toBe(204);
  await expect(panel).toHaveAttribute('data-stage', 'paid', { timeout: 15_000 });
  await expect(panel).toContainText(th('orders.payment.paidTitle'));
});
