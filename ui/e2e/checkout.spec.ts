// The cart and checkout in a real browser against the real server: an anonymous visitor fills a
// cart from product pages (promotion badge, quantity, header badge), sees the server's totals on
// /cart, signs in from the guest checkout (the cart is merged), pays with a coupon and staff-given
// coins by PromptPay, and gets a QR code that decodes to the order's PromptPay payload; staff then
// deliver the order, the review badge appears, delivery and the shopper's review earn coins. A second journey pays by bank transfer after a
// bad postcode, refused coupons and a lost answer (the retry with the same idempotency key makes
// one order). Screenshots of /cart, /order and /cartres at both widths land in e2e/screenshots/.
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import type { OrderAnswer, OrderListAnswer } from '../src/api/types';
import { registerShopper, SHOPPER_PASSWORD, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { call, fitsWidth, grantCoins, moveOrder, shoot, staffToken, userIdOf } from './shop';


const t = (key: string, params: Record<string, string | number> = {}) =>
  message('en', `checkout.${key}`).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const header = (page: Page) => page.locator('.site-header');
const cartLink = (page: Page) => header(page).locator('a.header-action[href$="/cart"]');

async function expectCartCount(page: Page, count: number) {
  const items = message('en', count === 1 ? 'mobile.cartItemsOne' : 'mobile.cartItemsOther').replace('{count}', String(count));
  await expect(cartLink(page)).toHaveAccessibleName(`${message('en', 'header.cart')}, ${items}`);
  await expect(cartLink(page).locator('.badge')).toHaveText(String(count));
}

async function headerCoin(page: Page) {
  return header(page).getByTestId('header-coin').locator('strong');
}

/** Opens a product page and adds `qty` pieces with the stepper and the button. */
async function addFromProductPage(page: Page, code: string, qty: number) {
  await page.goto(`/products/${code}`);
  const add = page.getByRole('button', { name: t('addToCart') });
  await expect(add).toBeEnabled();
  for (let i = 1; i < qty; i++) await page.getByRole('button', { name: t('increase') }).click();
  await expect(page.getByLabel(t('quantity'), { exact: true })).toHaveValue(String(qty));
  await add.click();
  await expect(page.locator('.buy-box__in-cart')).toContainText(t('inCart', { count: qty }));
}

/** Reads the QR code the page drew (its SVG path, module by module) the way a phone would. */
async function scanQr(page: Page): Promise<string | null> {
  const qr = page.getByTestId('promptpay-qr');
  const size = Number(await qr.getAttribute('data-modules'));
  const d = (await qr.locator('path').getAttribute('d')) ?? '';
  const scale = 6;
  const quiet = 4;
  const side = (size + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((Number(y) + quiet) * scale + dy) * side + (Number(x) + i + quiet) * scale + dx) * 4;
          pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
        }
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

async function fillAddress(page: Page, postcode: string) {
  await page.getByLabel(t('recipient'), { exact: true }).fill('Somchai Jaidee');
  await page.getByLabel(t('phone'), { exact: true }).fill('081 234 5678');
  await page.getByLabel(t('line1'), { exact: true }).fill('99/9 Sukhumvit Road, Khlong Toei Nuea');
  await page.getByLabel(t('district'), { exact: true }).fill('Watthana');
  await page.getByLabel(t('province'), { exact: true }).selectOption('bangkok');
  await page.getByLabel(t('postcode'), { exact: true }).fill(postcode);
}

test('a visitor fills a cart, signs in at checkout, pays by PromptPay with a coupon and coins, reviews the delivered order', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await registerShopper(request, 'chk', 'Somchai Checkout');
  const userId = await userIdOf(request, shopper.token);
  const staff = await staffToken(request);
  await grantCoins(request, staff, userId, 300);

  // Anonymous: a sofa (10 % off the sofas category) and two dining chairs from their pages.
  await page.goto('/');
  await expectCartCount(page, 0);
  await page.goto('/products/SF-1003');
  // The page shows the price the cart will charge: ฿22,900 less 10 %.
  await expect(page.locator('.product__price .price__now')).toHaveText('฿20,610');
  await expect(page.locator('.product__price .price-saving')).toHaveText('You save ฿2,290 (10%)');
  await addFromProductPage(page, 'SF-1003', 1);
  await expectCartCount(page, 1);
  await shoot(page, 'checkout-product', testInfo.project.name);
  await addFromProductPage(page, 'CH-3101', 2);
  await expectCartCount(page, 3);
  // The badge is right from the first load too: the visitor's cart is fetched at start.
  await page.reload();
  await expectCartCount(page, 3);

  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'pages.cartTitle'));
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const sofa = lines.filter({ hasText: 'SF-1003' });
  await expect(sofa.getByRole('link', { name: 'Nordic 3-Seat Sofa' })).toBeVisible();
  await expect(sofa.getByTestId('line-discount')).toContainText('-฿2,290');
  await expect(lines.filter({ hasText: 'CH-3101' }).getByLabel(/^Quantity of/)).toHaveValue('2');
  // ฿22,900 + 2 × ฿2,490, 10 % off the sofa, free shipping from ฿5,000, VAT included.
  await expect(page.getByTestId('total-subtotal')).toContainText('฿27,880');
  await expect(page.getByTestId('total-promotion')).toContainText('-฿2,290');
  await expect(page.getByTestId('total-shipping')).toContainText(t('freeShipping'));
  await expect(page.getByTestId('total')).toContainText('฿25,590');
  await expect(page.getByTestId('total-vat')).toContainText(t('vatIncluded'));
  await expect(page.getByTestId('total-vat')).toContainText('฿1,674.11');
  await fitsWidth(page);
  await shoot(page, 'checkout-cart', testInfo.project.name);

  // Checkout is open to guests; the shopper signs in there for coins, then is back on /order
  // with the cart merged into the user's. (On a phone the sticky bar has the same link.)
  await page.getByRole('link', { name: t('toCheckout') }).first().click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByTestId('guest-contact')).toBeVisible();
  await page.getByTestId('guest-sign-in').click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await page.getByLabel(message('en', 'user.usernameOrEmail'), { exact: true }).fill(shopper.username);
  await page.getByLabel(message('en', 'user.password'), { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole('button', { name: message('en', 'user.loginButton'), exact: true }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'pages.orderTitle'));
  await expectCartCount(page, 3);
  await expect(await headerCoin(page)).toHaveText('300');
  const cart = (await call(request, 'GET', `/api/app/cart/get/${userId}`, shopper.token)) as { cart: { amt: number } };
  expect(cart.cart.amt).toBe(3);

  await fillAddress(page, '10110');
  await page.getByLabel(t('couponCode')).fill('welcome500');
  await page.getByLabel(t('couponCode')).press('Enter');
  await expect(page.getByTestId('coupon-applied')).toContainText(t('couponApplied', { code: 'WELCOME500', amount: '\u2060฿500' }));
  await page.getByLabel(t('coinsLabel')).fill('100');
  await page.getByRole('button', { name: t('apply') }).click();
  await expect(page.getByTestId('coins-applied')).toContainText('100');
  // docs/STOREFRONT.md §9: the header shows coin − coin spent while the coins are applied.
  await expect(await headerCoin(page)).toHaveText('200');
  await expect(page.getByTestId('total-coupon')).toContainText('-฿500');
  await expect(page.getByTestId('total-coins')).toContainText('-฿100');
  await expect(page.getByTestId('total')).toContainText('฿24,990');
  await expect(page.getByLabel(new RegExp(t('promptpay')))).toBeChecked();
  await fitsWidth(page);
  await shoot(page, 'checkout-order', testInfo.project.name);

  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/cartres$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('thanks'));
  await expect(page.getByTestId('order-number')).toContainText(/K\d{6}/);
  await expectCartCount(page, 0);
  // The balance comes from the order's answer; nothing is spent any more.
  await expect(await headerCoin(page)).toHaveText('200');

  const href = (await page.getByTestId('my-orders-link').getAttribute('href')) ?? '';
  const orderId = Number(/[?&]id=(\d+)/.exec(href)?.[1]);
  expect(orderId).toBeGreaterThan(0);
  const { order } = (await call(request, 'GET', `/api/app/order/get/${orderId}`, shopper.token)) as OrderAnswer;
  await expect(page.getByTestId('order-number')).toContainText(order.number);
  expect(order.total).toBe(2_499_000);
  await expect(page.getByTestId('pay-amount')).toHaveText('฿24,990');
  const qr = page.getByTestId('promptpay-qr');
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(200);
  expect(await scanQr(page)).toBe(order.payment.promptpayPayload);
  await fitsWidth(page);
  await shoot(page, 'checkout-cartres', testInfo.project.name);

  // Staff take it through to delivery; after a reload the review badge asks for a review.
  for (const status of ['paid', 'preparing', 'shipped', 'delivered']) {
    await moveOrder(request, staff, orderId, status);
  }
  await page.reload();
  // A reload has no order result to show: the empty state with a way home.
  await expect(page.getByText(message('en', 'pages.cartResultEmpty'))).toBeVisible();
  const menu = page.getByRole('navigation', { name: message('en', 'header.mainMenu') });
  if (isMobile(page) && !(await menu.isVisible())) await page.getByRole('button', { name: message('en', 'header.openMenu') }).click();
  await expect(menu.getByRole('button', { name: message('en', 'header.account') }).locator('.badge [aria-hidden="true"]')).toHaveText('1');
  // Delivery earned 1 coin per ฿100 of the ฿24,990 paid.
  await expect(await headerCoin(page)).toHaveText('449');

  // The shopper reviews the order from My orders and earns the review coins.
  await page.goto(`/user/order?id=${orderId}`);
  await page.getByLabel('5 stars', { exact: true }).check();
  await page.getByLabel(/^Comment/).fill('Lovely sofa, delivered quickly.');
  await page.getByRole('button', { name: message('en', 'orders.sendReview') }).click();
  await expect(page.getByTestId('review-earned')).toContainText('You earned 20 coins');
  await expect(await headerCoin(page)).toHaveText('469');
  await expect(page.getByTestId('order-review')).toContainText('Lovely sofa, delivered quickly.');
  const needReview = (await call(request, 'GET', `/api/app/order/needreview/${userId}`, shopper.token)) as { count: number };
  expect(needReview.count).toBe(0);
});

test('bank transfer after a bad postcode, refused coupons and a lost answer: one order', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await registerShopper(request, 'bank', 'Malee Transfer');
  const userId = await userIdOf(request, shopper.token);
  await useToken(page, shopper.token);
  await addFromProductPage(page, 'CH-3102', 1);
  await expectCartCount(page, 1);

  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'pages.orderTitle'));
  // A shopper without coins cannot type any in.
  await expect(page.getByLabel(t('coinsLabel'))).toBeDisabled();
  await fillAddress(page, '1011');
  await page.getByTestId('place-order').click();
  const postcode = page.getByLabel(t('postcode'));
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('errPostcode'))).toBeVisible();
  await expect(postcode).toBeFocused();
  await expect(page).toHaveURL(/\/order$/);

  // The server's verdict on coupons, next to the field.
  await page.getByLabel(t('couponCode')).fill('NOPE-2026');
  await page.getByRole('button', { name: t('apply') }).first().click();
  await expect(page.getByText(t('errUnknownCoupon'))).toBeVisible();
  await expect(page.getByLabel(t('couponCode'))).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(t('couponCode')).fill('WELCOME500');
  await page.getByRole('button', { name: t('apply') }).first().click();
  await expect(page.getByText(t('errCouponMinSpend', { amount: '฿5,000' }))).toBeVisible();
  // ฿2,290 and ฿500 shipping (free only from ฿5,000).
  await expect(page.getByTestId('total-shipping')).toContainText('฿500');
  await expect(page.getByTestId('total')).toContainText('฿2,790');

  await postcode.fill('10110');
  await page.getByText(t('bankTransfer'), { exact: true }).click();
  await fitsWidth(page);
  await shoot(page, 'checkout-order-errors', testInfo.project.name);

  // The first answer is lost on the way back: the order exists, the page says it could not reach
  // the shop; trying again sends the same idempotency key and gets the same order.
  const keys: string[] = [];
  let lost = false;
  await page.route('**/api/app/order/place', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const place = page.getByTestId('place-order');
  await place.click();
  await expect(page.getByText(t('errNetwork'))).toBeVisible();
  // A double click places once: the button is disabled while placing.
  await place.dblclick();
  await expect(page).toHaveURL(/\/cartres$/);
  expect(keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

  const { orders } = (await call(request, 'GET', `/api/app/order/list/${userId}`, shopper.token)) as OrderListAnswer;
  expect(orders).toHaveLength(1);
  expect(orders[0]!.payment.method).toBe('bank_transfer');
  await expect(page.getByTestId('order-number')).toContainText(orders[0]!.number);
  await expect(page.getByTestId('bank-name')).not.toBeEmpty();
  await expect(page.getByTestId('bank-account-name')).not.toBeEmpty();
  await expect(page.getByTestId('bank-account-number')).not.toBeEmpty();
  await expect(page.getByTestId('pay-amount')).toHaveText('฿2,790');
  await expect(page.getByTestId('promptpay-qr')).toHaveCount(0);
  await fitsWidth(page);
  await shoot(page, 'checkout-cartres-bank', testInfo.project.name);

  // The delivery address was saved with the order: the next checkout offers it.
  await addFromProductPage(page, 'CH-3102', 1);
  await page.goto('/order');
  await expect(page.getByRole('radio', { name: /Somchai Jaidee/ })).toBeChecked();
  await expect(page.getByLabel(t('recipient'))).toHaveCount(0);
});

test('promotion badges show where a promotion applies in the current language', async ({ acceptedCookies: page }, testInfo) => {
  // Sofas: 10 % in every language, on the cards of the category too.
  await page.goto('/category/sofas');
  await expect(page.locator('.product-card').filter({ hasText: 'SF-1003' }).getByTestId('promo-badge')).toHaveText(/−10 %/);
  await shoot(page, 'checkout-badges', testInfo.project.name);
  // ฿100 off decor (not rugs) in Thai only: the product page's price and its one saving figure.
  await page.goto('/th/products/DC-7001');
  await expect(page.locator('.product__price .price__now')).toHaveText('฿2,390');
  await expect(page.locator('.product__price .price-saving')).toContainText('฿100');
  await page.goto('/products/DC-7001');
  await expect(page.locator('.product__price .price__now')).toHaveText('฿2,490');
  await expect(page.locator('.product__price .price-saving')).toHaveCount(0);
  await page.goto('/th/products/DC-7103');
  await expect(page.locator('.product__price .price__now')).toHaveText('฿1,990');
  await expect(page.locator('.product__price .price-saving')).toHaveCount(0);
});

test('the buy box follows the stock: bounded quantity, all in the cart, out of stock', async ({ acceptedCookies: page }) => {
  // SF-1002 has 3 pieces in stock.
  await page.goto('/products/SF-1002');
  const increase = page.getByRole('button', { name: t('increase') });
  for (let i = 0; i < 3; i++) if (await increase.isEnabled()) await increase.click();
  await expect(page.getByLabel(t('quantity'), { exact: true })).toHaveValue('3');
  await expect(increase).toBeDisabled();
  await page.getByRole('button', { name: t('addToCart') }).click();
  await expect(page.locator('.buy-box__in-cart')).toContainText(t('allInCart', { count: 3 }));
  await expect(page.getByRole('button', { name: t('addToCart') })).toBeDisabled();
  await expectCartCount(page, 3);

  // On /cart the stepper stops at the stock, and Remove empties the cart.
  await page.goto('/cart');
  const line = page.getByTestId('cart-line');
  await expect(line.getByRole('button', { name: t('increase') })).toBeDisabled();
  await line.getByRole('button', { name: t('decrease') }).click();
  await expect(line.getByLabel(/^Quantity of/)).toHaveValue('2');
  await expectCartCount(page, 2);
  await line.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText(message('en', 'pages.cartEmpty'))).toBeVisible();
  await expectCartCount(page, 0);

  // SF-1006 is out of stock: no quantity, a disabled button that says so.
  await page.goto('/products/SF-1006');
  await expect(page.locator('.buy-box').getByRole('button', { name: message('en', 'product.outOfStock') })).toBeDisabled();
  await expect(page.getByRole('button', { name: t('addToCart') })).toHaveCount(0);
});
