// My orders in a real browser against the real server. Orders are set up through the API (cart,
// staff coins, placing with a coupon and coins, staff moving the status); the browser then shows
// the header's blinking review badge, the list, the order with its timeline, the review that earns
// coins (header balance grows, badge goes), another shopper's order as not found, and cancelling a
// pending order. Screenshots of the list and the order at each width land in e2e/screenshots/.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { Order, PlaceBody, PlacedOrderAnswer } from '../src/api/types';
import { registerShopper, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { call, fitsWidth, grantCoins, moveOrder, shoot, staffToken, userIdOf } from './shop';

const ADDRESS = { name: 'Somsri Jaidee', phone: '081 234 5678', line1: '99/9 Sukhumvit Road', district: 'Khlong Toei', province: 'bangkok', postcode: '10110' };

/** Fills the shopper's cart and places the order as the checkout would. */
async function placeOrder(
  request: APIRequestContext,
  token: string,
  userId: number,
  options: { lines: [string, number][]; payment: 'promptpay' | 'bank_transfer'; coupon?: string; coins?: number },
): Promise<Order> {
  for (const [code, qty] of options.lines) await call(request, 'POST', '/api/app/cart/add', token, { id: userId, code, qty });
  const order: PlaceBody = {
    id: userId,
    address: ADDRESS,
    coupon: options.coupon,
    coins: options.coins,
    payment: options.payment,
    idempotencyKey: randomUUID(),
    lang: 'en',
  };
  const body = (await call(request, 'POST', '/api/app/order/place', token, order)) as PlacedOrderAnswer;
  return body.order;
}

async function moveTo(request: APIRequestContext, staffToken: string, orderId: number, statuses: string[]) {
  for (const status of statuses) await moveOrder(request, staffToken, orderId, status);
}

/** A shopper with coins from staff: the API token, user id and a staff token for later moves. */
async function coinedShopper(request: APIRequestContext, prefix: string, coins: number) {
  const shopper = await registerShopper(request, prefix, 'Somsri Jaidee');
  const userId = await userIdOf(request, shopper.token);
  const staff = await staffToken(request);
  if (coins !== 0) await grantCoins(request, staff, userId, coins);
  return { ...shopper, userId, staff };
}

/** The main menu, opened first on a phone where it hides behind its button. */
async function openMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: message('en', 'header.mainMenu') });
  if (isMobile(page) && !(await menu.isVisible())) await page.getByRole('button', { name: message('en', 'header.openMenu') }).click();
  await expect(menu).toBeVisible();
  return menu;
}

async function headerCoin(page: Page): Promise<number> {
  const text = (await page.locator('.site-header').getByTestId('header-coin').locator('strong').textContent()) ?? '';
  return Number(text.replace(/[^\d-]/g, ''));
}

test('a delivered order: blinking badge, My orders, timeline, a 5-star review that earns coins', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await coinedShopper(request, 'ord', 200);
  const delivered = await placeOrder(request, shopper.token, shopper.userId, {
    lines: [['BD-2302', 1], ['TB-3202', 1]],
    payment: 'promptpay',
    coupon: 'WELCOME500',
    coins: 50,
  });
  await moveTo(request, shopper.staff, delivered.id, ['paid', 'preparing', 'shipped', 'delivered']);
  // A newer order still waiting for a bank transfer: listed first.
  const pending = await placeOrder(request, shopper.token, shopper.userId, { lines: [['TB-3202', 1]], payment: 'bank_transfer' });

  await useToken(page, shopper.token);
  await page.goto('/');
  await expect(page.getByTestId('header-user')).toContainText(shopper.name);
  // On a phone the header row itself carries a link to My orders with the blinking badge.
  const shortcut = page.getByTestId('header-reviews');
  if (isMobile(page)) {
    await expect(shortcut).toBeVisible();
    await expect(shortcut).toHaveAccessibleName(message('en', 'header.ordersToReview').replace('{count}', '1'));
    await expect(shortcut.locator('.badge')).toHaveClass(/badge--blink/);
  } else {
    await expect(shortcut).toBeHidden();
  }
  const menu = await openMenu(page);
  const account = menu.getByRole('button', { name: message('en', 'header.account') });
  // The closed Account entry already shows the count, blinking.
  await expect(account.locator('.badge [aria-hidden="true"]')).toHaveText('1');
  await expect(account.locator('.badge')).toHaveClass(/badge--blink/);
  await account.click();
  const myOrder = menu.getByRole('link', { name: new RegExp(message('en', 'header.myOrder')) });
  await expect(myOrder).toBeVisible();
  const badge = myOrder.getByTestId('my-order-badge').locator('.badge');
  await expect(badge.locator('[aria-hidden="true"]')).toHaveText('1');
  await expect(badge).toHaveClass(/badge--blink/);
  // Said in words to screen readers (hidden text: a plain span may not carry an aria-label).
  await expect(badge.locator('.visually-hidden')).toHaveText(message('en', 'header.ordersToReview').replace('{count}', '1'));
  expect(await badge.evaluate((el) => getComputedStyle(el).animationName)).toBe('blink');
  // Under reduced motion it stops blinking but stays marked.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await badge.evaluate((el) => [getComputedStyle(el).animationName, getComputedStyle(el).outlineStyle])).toEqual(['none', 'solid']);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await myOrder.click();

  await expect(page).toHaveURL(/\/user\/order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'user.ordersTitle'));
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-order', pending.number);
  await expect(cards.nth(0)).toContainText('Pending payment');
  await expect(cards.nth(1)).toHaveAttribute('data-order', delivered.number);
  await expect(cards.nth(1)).toContainText('Delivered');
  await expect(cards.nth(1)).toContainText('2 items');
  await expect(cards.nth(1).getByTestId('needs-review')).toHaveText(message('en', 'orders.needsReview'));
  await expect(cards.nth(0).getByTestId('needs-review')).toHaveCount(0);
  await fitsWidth(page);
  await shoot(page, 'orders-list', testInfo.project.name);

  await cards.nth(1).getByRole('link', { name: `Order ${delivered.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/user/order\\?id=${delivered.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${delivered.number}`);
  const steps = page.getByTestId('order-timeline').locator('li');
  await expect(steps).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(steps.nth(i)).toHaveAttribute('data-reached', 'true');
  await expect(steps.nth(4)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(4).locator('time')).toBeVisible();
  await expect(page.getByTestId('order-amounts')).toContainText('Coupon WELCOME500');
  await expect(page.getByTestId('order-amounts')).toContainText('Coins used (50)');
  await expect(page.getByTestId('order-address')).toContainText('Bangkok');
  await expect(page.locator('.order-line')).toHaveCount(2);
  await fitsWidth(page);
  await shoot(page, 'order-delivered', testInfo.project.name);

  // Sending without a rating says what is missing, next to the stars.
  await page.getByRole('button', { name: message('en', 'orders.sendReview') }).click();
  await expect(page.getByText(message('en', 'orders.errRating'))).toBeVisible();
  await expect(page.getByLabel('1 star', { exact: true })).toBeFocused();
  await page.getByTestId('review-form').screenshot({ path: `e2e/screenshots/${testInfo.project.name}-order-review-error.png` });

  // Rate with the keyboard: arrows move the choice in the radio group, as with any radios.
  const coinBefore = await headerCoin(page);
  await page.getByLabel('1 star', { exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('5 stars', { exact: true })).toBeChecked();
  await expect(page.getByLabel('5 stars', { exact: true })).toBeFocused();
  await page.getByLabel(/^Comment/).fill('Comfortable mattress, delivered on time.');
  await page.getByRole('button', { name: message('en', 'orders.sendReview') }).click();

  const earned = page.getByTestId('review-earned');
  await expect(earned).toContainText(/You earned \d+ coins/);
  const reward = Number(/You earned (\d+) coins/.exec((await earned.textContent()) ?? '')![1]);
  expect(reward).toBeGreaterThan(0);
  await expect.poll(() => headerCoin(page)).toBe(coinBefore + reward);
  await expect(page.getByTestId('order-review')).toContainText('Comfortable mattress, delivered on time.');
  await expect(page.getByTestId('order-review').locator('.stars')).toHaveAttribute('data-rating', '5');
  await expect(page.getByTestId('review-form')).toHaveCount(0);
  await shoot(page, 'order-reviewed', testInfo.project.name);

  // The badge is gone from the header, and the review stays after a reload.
  await expect(page.getByTestId('header-reviews')).toHaveCount(0);
  const menuAfter = await openMenu(page);
  await expect(menuAfter.locator('.badge--blink')).toHaveCount(0);
  await menuAfter.getByRole('button', { name: message('en', 'header.account') }).click();
  await expect(menuAfter.getByTestId('my-order-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('order-review')).toContainText('Comfortable mattress, delivered on time.');
  await expect(page.getByTestId('review-form')).toHaveCount(0);
  expect(await headerCoin(page)).toBe(coinBefore + reward);
});

test('another shopper opening an order’s address sees that it is not theirs', async ({ acceptedCookies: page, request }) => {
  const owner = await coinedShopper(request, 'own', 0);
  const order = await placeOrder(request, owner.token, owner.userId, { lines: [['TB-3202', 1]], payment: 'promptpay' });
  const other = await registerShopper(request, 'nosy');
  await useToken(page, other.token);
  await page.goto(`/th/user/order?id=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'orders.notFoundTitle'));
  await expect(page.getByText(message('th', 'orders.notFoundText'))).toBeVisible();
  await expect(page.getByText(order.number)).toHaveCount(0);
  await page.getByRole('link', { name: message('th', 'orders.back') }).click();
  await expect(page).toHaveURL(/\/th\/user\/order$/);
  await expect(page.getByText(message('th', 'user.ordersEmpty'))).toBeVisible();
});

test('a pending order shows how to pay and can be cancelled after confirming', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await coinedShopper(request, 'cxl', 100);
  const order = await placeOrder(request, shopper.token, shopper.userId, { lines: [['TB-3202', 1]], payment: 'promptpay', coins: 30 });
  await useToken(page, shopper.token);
  await page.goto('/user/order');
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Pending payment');
  await card.getByRole('link', { name: `Order ${order.number}` }).click();

  const instructions = page.getByTestId('payment-instructions');
  await expect(instructions).toContainText('0812345678');
  await expect(instructions).toContainText(`฿${(order.total / 100).toLocaleString('en-US')}`);
  await expect(instructions.getByTestId('promptpay-qr')).toBeVisible();
  await expect(page.getByTestId('order-timeline').locator('[data-reached="true"]')).toHaveCount(1);
  await fitsWidth(page);
  await shoot(page, 'order-pending', testInfo.project.name);

  const coinBefore = await headerCoin(page);
  await page.getByRole('button', { name: message('en', 'orders.cancel') }).click();
  await expect(page.getByText(`Cancel order ${order.number}? This cannot be undone.`)).toBeVisible();
  await expect(page.getByRole('button', { name: message('en', 'orders.cancelNo') })).toBeFocused();
  await page.getByRole('button', { name: message('en', 'orders.cancelYes') }).click();

  await expect(page.getByRole('status').filter({ hasText: `Order ${order.number} has been cancelled.` })).toBeVisible();
  await expect(page.getByTestId('order-page')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.locator('.order-page__meta')).toContainText('Cancelled');
  const steps = page.getByTestId('order-timeline').locator('li');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(1)).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('payment-instructions')).toHaveCount(0);
  await expect(page.getByRole('button', { name: message('en', 'orders.cancel') })).toHaveCount(0);
  // The 30 coins spent on the order come back.
  await expect.poll(() => headerCoin(page)).toBe(coinBefore + 30);

  await page.getByRole('link', { name: message('en', 'orders.back') }).click();
  await expect(page.getByTestId('order-card')).toContainText('Cancelled');

  // The same order in Khmer: labels and texts in the language, nothing wider than the screen.
  await page.goto(`/km/user/order?id=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('km', 'orders.number').replace('{number}', order.number));
  const labels = (await (await request.get('/api/file/labels/system')).json()) as { data: { orderStatus: { cancelled: { km: string } } } };
  await expect(page.getByTestId('order-timeline')).toContainText(labels.data.orderStatus.cancelled.km);
  await expect(page.getByRole('heading', { name: message('km', 'orders.timelineTitle') })).toBeVisible();
  await fitsWidth(page);
  await shoot(page, 'order-cancelled-km', testInfo.project.name);
});

test('a paid order with tax details offers its receipt and tax invoice as PDF downloads, in Thai', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await coinedShopper(request, 'doc', 0);
  for (const [code, qty] of [['TB-3202', 1]] as [string, number][]) await call(request, 'POST', '/api/app/cart/add', shopper.token, { id: shopper.userId, code, qty });
  const body: PlaceBody = {
    id: shopper.userId,
    address: ADDRESS,
    payment: 'promptpay',
    idempotencyKey: randomUUID(),
    lang: 'th',
    vatInfo: { name: 'บริษัท สยามเฟอร์นิเจอร์ จำกัด', taxId: '0105561234560', branch: '00001', address: '88 ถนนพระราม 4 กรุงเทพฯ 10110' },
  };
  const order = ((await call(request, 'POST', '/api/app/order/place', shopper.token, body)) as PlacedOrderAnswer).order;
  await useToken(page, shopper.token);
  await page.goto(`/th/user/order?id=${order.id}`);
  await expect(page.getByTestId('order-page')).toBeVisible();
  // Not paid yet: nothing to download.
  await expect(page.getByTestId('order-documents')).toHaveCount(0);

  await moveTo(request, shopper.staff, order.id, ['paid']);
  await page.reload();
  const documents = page.getByTestId('order-documents');
  await expect(documents.getByRole('button')).toHaveCount(2);
  const invoice = documents.getByRole('button', { name: /INV-\d{6}/ });
  const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
  expect(download.suggestedFilename()).toMatch(/^tax-invoice-INV-\d{6}\.pdf$/);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
  await fitsWidth(page);
  await shoot(page, 'order-documents-th', testInfo.project.name);
});
