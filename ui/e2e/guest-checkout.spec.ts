// Guest checkout in a real browser against the real server, in Thai: an anonymous shopper adds a
// product, sees the cart's checkout bar without scrolling (on a phone, above the app's bottom bar
// and never over the page's content), checks out with a name, phone and e-mail instead of an
// account, and lands on the order page at its secret link; the link opens the order again after a
// reload and in another browser, a wrong key opens nothing. Creating an account from the order
// page comes back to it and takes the order over. Staff opening the guest's order see the
// contact given at checkout instead of a customer page. Screenshots of /cart, /order, the
// guest order page and the staff's view of it land in e2e/screenshots/.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOPPER_PASSWORD, uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

/** A photo standing in for the screenshot of a transfer. */
const SLIP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/demo/images/OD-5102-3.png');

/** A dining chair: not in a promotion, and stocked well enough for every run. */
const PRODUCT = 'CH-3101';

async function addToCart(page: Page) {
  await page.goto(`/th/products/${PRODUCT}`);
  const add = page.getByRole('button', { name: th('checkout.addToCart') }).first();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.locator('.buy-box__in-cart').first()).toContainText(th('checkout.inCart', { count: 1 }));
}

async function fillGuestCheckout(page: Page, email: string) {
  const contact = page.getByTestId('guest-contact');
  await contact.getByLabel(th('guest.name'), { exact: true }).fill('นก ศรีวรรณ');
  await contact.getByLabel(th('checkout.phone'), { exact: true }).fill('089 123 4567');
  await contact.getByLabel(th('guest.email'), { exact: true }).fill(email);
  // The recipient follows the contact.
  await expect(page.getByLabel(th('checkout.recipient'), { exact: true })).toHaveValue('นก ศรีวรรณ');
  await page.getByLabel(th('checkout.line1'), { exact: true }).fill('99/9 ถนนสุขุมวิท แขวงคลองเตยเหนือ');
  await page.getByLabel(th('checkout.district'), { exact: true }).fill('วัฒนา');
  await page.getByLabel(th('checkout.province'), { exact: true }).selectOption('bangkok');
  await page.getByLabel(th('checkout.postcode'), { exact: true }).fill('10110');
}

test('a guest orders in Thai without an account and opens the order by its secret link', async ({ acceptedCookies: page, browser }, testInfo) => {
  await addToCart(page);
  await page.goto('/th/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('pages.cartTitle'));
  const bar = page.getByTestId('checkout-bar');
  if (isMobile(page)) {
    // The checkout button is on screen at once, above the bottom bar, with the total.
    await expect(bar).toBeInViewport();
    await expect(bar.getByRole('link', { name: th('checkout.toCheckout') })).toBeInViewport();
    await expect(bar.getByTestId('checkout-bar-total')).toHaveText(/฿/);
    const barBox = (await bar.boundingBox())!;
    const bottomBar = page.locator('.bottom-bar');
    if (await bottomBar.isVisible()) {
      const bottomBox = (await bottomBar.boundingBox())!;
      expect(barBox.y + barBox.height).toBeLessThanOrEqual(bottomBox.y + 1);
    }
    // Scrolled to the end, the page's last content stays clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const back = page.locator('.checkout-summary__back');
    const backBox = (await back.boundingBox())!;
    const barAfter = (await bar.boundingBox())!;
    expect(backBox.y + backBox.height).toBeLessThanOrEqual(barAfter.y);
    await page.evaluate(() => window.scrollTo(0, 0));
  } else {
    await expect(bar).toBeHidden();
  }
  await fitsWidth(page);
  await shoot(page, 'guest-cart', testInfo.project.name, false);

  await page
    .getByRole('link', { name: th('checkout.toCheckout') })
    .filter({ visible: true })
    .first()
    .click();
  // No sign-in on the way: checkout asks a guest for a contact, and offers signing in for coins.
  await expect(page).toHaveURL(/\/th\/order$/);
  await expect(page.getByTestId('guest-contact')).toBeVisible();
  await expect(page.getByTestId('guest-sign-in')).toHaveText(th('guest.signInForCoins'));
  await expect(page.getByLabel(th('checkout.coinsLabel'))).toHaveCount(0);

  // A wrong e-mail is refused in Thai next to its field before anything is sent.
  await fillGuestCheckout(page, 'nok at example');
  await page.getByRole('button', { name: th('checkout.placeOrder') }).click();
  await expect(page.getByText(th('checkout.emailInvalid'))).toBeVisible();
  await page.getByTestId('guest-contact').getByLabel(th('guest.email'), { exact: true }).fill('nok@example.com');
  await fitsWidth(page);
  await shoot(page, 'guest-order', testInfo.project.name);
  await page.getByRole('button', { name: th('checkout.placeOrder') }).click();

  await expect(page).toHaveURL(/\/th\/cartres\?order=\d+&key=[0-9a-f]{32}$/);
  const link = new URL(page.url());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('checkout.thanks'));
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/K\d{6}/);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'pending_payment');
  await expect(page.getByTestId('promptpay-qr')).toBeVisible();
  await expect(page.getByTestId('guest-note')).toContainText('nok@example.com');
  await expect(page.getByTestId('guest-create-account')).toBeVisible();
  await expect(page.getByTestId('my-orders-link')).toHaveCount(0);
  await fitsWidth(page);
  await shoot(page, 'guest-result', testInfo.project.name);

  // The secret link shows the order again: after a reload, and in a browser that never saw it.
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('promptpay-qr')).toBeVisible();
  // The guest sends the transfer slip with the key, as a signed-in shopper would from My orders.
  const slip = page.getByTestId('payment-proof');
  await slip.getByLabel(th('orders.slipLabel')).setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: readFileSync(SLIP) });
  await slip.getByRole('button', { name: th('orders.slipSend') }).click();
  await expect(slip.getByTestId('slip-waiting')).toHaveText(th('orders.slipWaiting'));
  await expect(slip.locator('img.slip__image')).toBeVisible();
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const elsewhere = await other.newPage();
  await elsewhere.goto(`${link.origin}${link.pathname}${link.search}`);
  await expect(elsewhere.getByTestId('order-number')).toHaveText(number);
  // A wrong key opens nothing.
  await elsewhere.goto(`${link.origin}${link.pathname}?order=${link.searchParams.get('order')}&key=${'0'.repeat(32)}`);
  await expect(elsewhere.getByText(th('pages.cartResultEmpty'))).toBeVisible();
  await other.close();

  // Staff see who to reach on the order page: the guest's contact, and no customer page to open.
  const staff = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const desk = await staff.newPage();
  await useToken(desk, await staffToken(desk.request));
  await desk.goto(`${link.origin}/th/admin/orders/${link.searchParams.get('order')}`);
  const contact = desk.getByTestId('guest-contact');
  await expect(contact).toContainText(th('admin.orders.guestOrder'));
  await expect(contact.getByRole('link', { name: 'nok@example.com' })).toHaveAttribute('href', 'mailto:nok@example.com');
  await expect(contact).toContainText('นก ศรีวรรณ');
  await expect(contact.getByRole('link', { name: '0891234567' })).toHaveAttribute('href', 'tel:0891234567');
  await expect(desk.getByRole('link', { name: th('admin.orders.openCustomer') })).toHaveCount(0);
  await fitsWidth(desk);
  await contact.scrollIntoViewIfNeeded();
  await shoot(desk, 'guest-order-staff', testInfo.project.name, false);
  await staff.close();
});

test('a guest creates an account from the order page and the order becomes theirs', async ({ acceptedCookies: page }) => {
  await addToCart(page);
  await page.goto('/th/order');
  await fillGuestCheckout(page, 'malee@example.com');
  await page.getByRole('button', { name: th('checkout.placeOrder') }).click();
  await expect(page).toHaveURL(/\/th\/cartres\?order=\d+&key=/);
  const number = (await page.getByTestId('order-number').textContent()) ?? '';

  await page.getByTestId('guest-create-account').click();
  await expect(page).toHaveURL(/\/th\/user\/register$/);
  await page.getByLabel(th('user.name'), { exact: true }).fill('มาลี ใจดี');
  await page.getByLabel(th('user.usernameOrEmail'), { exact: true }).fill(uniqueUsername('guest'));
  await page.getByLabel(th('user.password'), { exact: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole('button', { name: th('user.createAccount') }).click();

  // Back on the order page, which the new account takes over.
  await expect(page).toHaveURL(/\/th\/cartres\?order=\d+&key=[0-9a-f]{32}&claim=1$/);
  await expect(page.getByTestId('guest-claimed')).toHaveText(th('guest.claimed'));
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await page.getByTestId('my-orders-link').click();
  await expect(page).toHaveURL(/\/th\/user\/order\?id=\d+$/);
  await expect(page.getByText(number.match(/K\d{6}/)![0]).first()).toBeVisible();
});
