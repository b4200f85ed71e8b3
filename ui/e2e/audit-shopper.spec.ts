// The shopper's rough edges of the audit (issue 33), one journey each, in Thai at 1280 and 375 px:
// a failed card payment leads with what happened and what to do next (no thanks); a disabled
// customer is told why; a signed-in PromptPay buyer sends the slip beside the QR; the cookie notice
// never covers a primary action (shop and staff area); the phone header shows coins and name, the
// product page keeps the bottom bar, and an empty search has no filter panel; a failed page load
// is the error page with its status, and a language prefix in capitals is redirected.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { OrderAnswer } from '../src/api/types';
import { registerShopper, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { call, fitsWidth, placeTestOrder, shoot, soldByTheirCodes, staffToken, TEST_ADDRESS, userIdOf } from './shop';

const SLIP_PNG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/demo/images/BD-2001-1.png');

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const standin = () => {
  const url = process.env.KIOSK_E2E_2C2P_URL;
  if (!url) throw new Error('KIOSK_E2E_2C2P_URL is not set: the global setup did not start the 2C2P stand-in');
  return url;
};

/** A product in stock sold under its own code. */
async function someProduct(page: Page): Promise<string> {
  const response = await page.request.get('/api/app/product/list');
  const body = (await response.json()) as { data?: { code: string; stock: number }[]; products?: { code: string; stock: number }[] };
  const products = await soldByTheirCodes(page.request, (body.data ?? body.products ?? []).filter((p) => p.stock > 3));
  if (!products[0]) throw new Error('no product in stock');
  return products[0].code;
}

/** Scrolls `target` into view as focus does and checks that nothing lies over its middle. */
async function expectUncovered(target: Locator) {
  await target.focus();
  await target.scrollIntoViewIfNeeded();
  const hit = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inside: !!top && element.contains(top), over: top ? `${top.tagName}.${String(top.className)}` : 'nothing' };
  });
  expect(hit.inside, `covered by ${hit.over}`).toBe(true);
}

/** At the end of the page, no link, button or field of the page lies under the cookie notice. */
async function expectPageEndClear(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const covered = await page.evaluate(() => {
    const notice = document.querySelector('.cookie-notice');
    if (!notice) return ['no notice'];
    const { top, bottom } = notice.getBoundingClientRect();
    return [...document.querySelectorAll('main a, main button, main input, main select, main textarea, footer a')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // The bars fixed under the notice (the bottom bar, the cart's checkout bar) are not covered.
        return box.width > 0 && box.height > 0 && box.bottom > top + 1 && box.top < bottom - 1;
      })
      .map((element) => `${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`);
  });
  expect(covered).toEqual([]);
}

test('a failed card payment leads with what happened and the next step, never with thanks', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'a33card', 'สมศรี ใจดี');
  const userId = await userIdOf(page.request, shopper.token);
  await call(page.request, 'POST', '/api/app/cart/add', shopper.token, { id: userId, code: await someProduct(page), qty: 1 });
  const placed = (
    (await call(page.request, 'POST', '/api/app/order/place', shopper.token, {
      id: userId,
      address: TEST_ADDRESS,
      payment: 'card_2c2p',
      idempotencyKey: `e2e-a33-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
      lang: 'th',
    })) as unknown as OrderAnswer
  ).order;
  await useToken(page, shopper.token);

  await page.goto(`/th/cartres?order=${placed.id}`);
  await page.getByTestId('card-go').click();
  await page.waitForURL((url) => url.origin === standin() && url.pathname === '/payment');
  await page.getByRole('button', { name: 'Fail' }).click();
  await page.waitForURL(new RegExp(`/th/cartres\\?order=${placed.id}$`));

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(th('orders.payment.failedTitle'));
  await expect(page.getByText(th('checkout.thanks'))).toHaveCount(0);
  await expect(page.locator('.result-page__icon')).toHaveCount(0);
  await expect(page.getByTestId('order-number')).toHaveText(th('orders.payment.orderKept', { number: placed.number }));
  const retry = page.getByRole('button', { name: th('orders.payment.tryAgain') });
  const promptpay = page.getByRole('button', { name: th('orders.payment.usePromptpay') });
  await expect(retry).toBeVisible();
  await expect(promptpay).toBeVisible();
  // What happened comes first, the next steps right under it, before the order's lines.
  const headingBox = (await heading.boundingBox())!;
  const retryBox = (await retry.boundingBox())!;
  const linesBox = (await page.locator('.result-items').boundingBox())!;
  expect(headingBox.y).toBeLessThan(retryBox.y);
  expect(retryBox.y).toBeLessThan(linesBox.y);
  if (isMobile(page)) expect(retryBox.y + retryBox.height).toBeLessThan(page.viewportSize()!.height);
  await fitsWidth(page);
  await shoot(page, 'audit-card-failed', testInfo.project.name, false);
});

test('a disabled customer is told the account is disabled, in Thai', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'a33off', 'ปิด บัญชี');
  const userId = await userIdOf(page.request, shopper.token);
  const staff = await staffToken(page.request);
  await call(page.request, 'POST', `/api/admin/customers/${userId}/disabled`, staff, { disabled: true });

  await page.goto('/th/user/login');
  await page.getByLabel(th('user.usernameOrEmail'), { exact: true }).fill(shopper.username);
  await page.getByLabel(th('user.password'), { exact: true }).fill(shopper.password);
  await page.locator('.auth-form__submit').click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(th('errors.code.account_disabled'));
  await expect(alert).not.toContainText(th('errors.requestFailed'));
  await fitsWidth(page);
  await shoot(page, 'audit-disabled', testInfo.project.name, false);
});

test('a signed-in PromptPay buyer sends the slip on the result page, beside the QR', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'a33slip', 'มานะ พร้อมเพย์');
  const userId = await userIdOf(page.request, shopper.token);
  const placed = await placeTestOrder(page.request, shopper.token, userId, [[await someProduct(page), 1]], 'promptpay');
  await useToken(page, shopper.token);

  await page.goto(`/th/cartres?order=${placed.id}`);
  const card = page.locator('.pay-card');
  await expect(card.getByTestId('promptpay-qr')).toBeVisible();
  const proof = card.getByTestId('payment-proof');
  await expect(proof).toBeVisible();
  await proof.locator('input[type=file]').setInputFiles(SLIP_PNG);
  await proof.getByRole('button', { name: th('orders.slipSend') }).click();
  await expect(proof.getByTestId('slip-waiting')).toContainText(th('orders.slipWaiting'));
  const order = ((await call(page.request, 'GET', `/api/app/order/get/${placed.id}`, shopper.token)) as unknown as OrderAnswer).order;
  expect(order.payment.proofs.map((p) => p.status)).toEqual(['pending']);
  await fitsWidth(page);
  await shoot(page, 'audit-slip', testInfo.project.name);
});

test('the cookie notice never covers the checkout or the staff save button', async ({ page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'a33cookie', 'คุกกี้ ยังไม่ตอบ');
  const userId = await userIdOf(page.request, shopper.token);
  await call(page.request, 'POST', '/api/app/cart/add', shopper.token, { id: userId, code: await someProduct(page), qty: 1 });
  await useToken(page, shopper.token);

  await page.goto('/th/cart');
  const notice = page.getByRole('dialog');
  await expect(notice).toContainText(th('cookie.message'));
  const go = isMobile(page) ? page.locator('.checkout-bar__go') : page.locator('.checkout-summary__go');
  await expectUncovered(go);
  await expectPageEndClear(page);
  await shoot(page, 'audit-cookie-cart', testInfo.project.name, false);

  await page.goto('/th/order');
  await expect(notice).toBeVisible();
  await expectUncovered(page.getByLabel(th('checkout.postcode'), { exact: true }));
  await expectUncovered(page.getByTestId('place-order'));
  await expectPageEndClear(page);
  await shoot(page, 'audit-cookie-order', testInfo.project.name, false);

  const staff = await staffToken(page.request);
  await page.evaluate((token) => window.localStorage.setItem('kiosk.token', token), staff);
  await page.goto('/th/admin/settings');
  await expect(notice).toBeVisible();
  const save = page.getByTestId('save-settings');
  await expectUncovered(save);
  await save.click({ timeout: 5_000 });
  await expect(page.locator('.admin-alert--ok')).toBeVisible();
  await expectPageEndClear(page);
  await shoot(page, 'audit-cookie-settings', testInfo.project.name, false);
});

test('the header shows coins and name, the product page keeps Categories and Account, an empty search has no filters', async ({ acceptedCookies: page }, testInfo) => {
  const shopper = await registerShopper(page.request, 'a33head', 'วิภา รักบ้าน');
  await useToken(page, shopper.token);

  await page.goto('/th');
  for (const id of ['header-coin', 'header-user']) {
    const slot = page.getByTestId(id);
    await expect(slot).toBeVisible();
    const box = (await slot.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  await expect(page.getByTestId('header-user')).toContainText('วิภา รักบ้าน');
  await fitsWidth(page);
  await shoot(page, 'audit-header', testInfo.project.name, false);

  await page.goto(`/th/products/${await someProduct(page)}`);
  if (isMobile(page)) {
    const bar = page.locator('.bottom-bar');
    await expect(bar.getByRole('link', { name: th('mobileNav.categories') })).toBeVisible();
    await expect(bar.getByRole('link', { name: th('mobileNav.account') })).toBeVisible();
    const buy = (await page.locator('.product__buy').boundingBox())!;
    const nav = (await bar.boundingBox())!;
    expect(Math.round(buy.y + buy.height)).toBeLessThanOrEqual(Math.round(nav.y) + 1);
    await bar.getByRole('link', { name: th('mobileNav.categories') }).click();
    await expect(page).toHaveURL(/\/th\/mobile\/category$/);
    await page.goBack();
  } else {
    await expect(page.locator('.side-menu')).toBeVisible();
  }
  await fitsWidth(page);
  await shoot(page, 'audit-product-bars', testInfo.project.name, false);

  await page.goto('/th/search?keyword=zzqxwv');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.listing__count')).toHaveCount(0);
  await expect(page.locator('.listing__filters-toggle')).toHaveCount(0);
  await expect(page.getByText(th('catalog.noOptions'))).toHaveCount(0);
  await fitsWidth(page);
  await shoot(page, 'audit-empty-search', testInfo.project.name, false);
});

test.describe('a failed page load', () => {
  // The shop's service worker would answer the product API itself, out of the route's reach.
  test.use({ serviceWorkers: 'block' });

  test('a product that fails to load is the error page with its status; /EN and /TH are redirected', async ({ acceptedCookies: page }, testInfo) => {
    await page.route('**/api/app/product/get/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 'error', error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }) }),
    );
    await page.goto('/th/search?keyword=โซฟา');
    const first = page.locator('main a[href*="/products/"]').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/th\/products\//);
    await expect(page.locator('.error-screen__code')).toHaveText('500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('errors.other'));
    await expect(page.locator('.load-error')).toHaveCount(0);
    await expect(page.getByRole('link', { name: th('errors.homeLink') })).toBeVisible();
    await fitsWidth(page);
    await shoot(page, 'audit-error-500', testInfo.project.name, false);
    await page.unroute('**/api/app/product/get/**');

    for (const [asked, target] of [
      ['/EN/about', '/about'],
      ['/En/cart?x=1', '/cart?x=1'],
      ['/TH/about', '/th/about'],
      ['/Km/search?keyword=a', '/km/search?keyword=a'],
      ['/ID', '/id'],
      ['/MY/privacy', '/my/privacy'],
    ]) {
      const response = await page.request.get(asked!, { maxRedirects: 0 });
      expect(response.status(), asked).toBe(301);
      expect(response.headers().location, asked).toBe(target);
    }
    await page.goto('/EN/about');
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
