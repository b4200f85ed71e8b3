// The storefront on a 375 px phone (issue 17): a one-row header whose search opens from a button,
// the room strip on the home page only, the product page's buy bar in sight without scrolling, a
// cookie notice that leaves the first products visible, coins and coupons in the account menu —
// and at 1280 px the desktop header as it was.
import type { Locator, Page } from '@playwright/test';
import { registerShopper, useToken } from './accounts';
import { expect, message, test } from './fixtures';

/** The header's height at 375 px, measured at 61 px (60 px row + its border): one row, no more. */
const PHONE_HEADER_MAX = 64;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

const searchField = (page: Page, code: 'en' | 'th' = 'en') => page.getByRole('combobox', { name: message(code, 'header.searchLabel') });
const searchToggle = (page: Page, code: 'en' | 'th' = 'en') => page.getByRole('button', { name: message(code, 'mobile.openSearch') });

// Each width's journeys are tagged and run only by the project of that width (playwright.config.ts),
// so neither project skips anything at run time.
test.describe('at phone width', { tag: '@phone' }, () => {
  test('the header is one row: menu, logo, search and cart, with nothing above it', async ({ acceptedCookies: page }) => {
    await page.goto('/th/room/living');
    await expect(page.locator('.product-card').first()).toBeVisible();
    const header = await box(page.locator('.site-header'));
    console.log(`phone header: top ${header.y} px, height ${header.height} px`);
    expect(header.y).toBe(0);
    expect(header.height).toBeLessThanOrEqual(PHONE_HEADER_MAX);
    await expect(page.locator('.info-bar')).toBeHidden();
    const parts = [
      page.getByRole('button', { name: message('th', 'header.openMenu') }),
      page.locator('.site-header .logo'),
      searchToggle(page, 'th'),
      page.locator('.site-header').getByRole('link', { name: new RegExp(`^${message('th', 'header.cart')}`) }),
    ];
    // Left to right, each inside the one row.
    let previousX = -1;
    for (const part of parts) {
      const found = await box(part);
      expect(found.y).toBeGreaterThanOrEqual(header.y);
      expect(found.y + found.height).toBeLessThanOrEqual(header.y + header.height);
      expect(found.x).toBeGreaterThan(previousX);
      previousX = found.x;
    }
    // The search field waits behind its button; the room strip waits on the home page.
    await expect(searchField(page, 'th')).toBeHidden();
    await expect(page.locator('.room-menu')).toBeHidden();
  });

  test('the search button opens the field with the focus in it; Escape closes it; a search leaves it closed', async ({ acceptedCookies: page }) => {
    await page.goto('/th');
    const toggle = searchToggle(page, 'th');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(searchField(page, 'th')).toBeVisible();
    await expect(searchField(page, 'th')).toBeFocused();
    // Covered by the open field (and hidden with the rest of the row), the button says it is open.
    await expect(page.locator('.site-header__search-toggle')).toHaveAttribute('aria-expanded', 'true');
    // The field opens over the row: the header keeps its height.
    expect((await box(page.locator('.site-header'))).height).toBeLessThanOrEqual(PHONE_HEADER_MAX);

    // Tab stays among what shows: the field, its button, closing; never the covered row.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: message('th', 'mobile.closeSearch'), exact: true })).toBeFocused();
    // Leaving it closes it, and the focus goes on where Tab took it.
    await page.keyboard.press('Tab');
    await expect(searchField(page, 'th')).toBeHidden();
    expect(await page.evaluate(() => !!document.activeElement?.closest('.site-header__bar'))).toBe(false);

    await toggle.click();
    await expect(searchField(page, 'th')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(searchField(page, 'th')).toBeHidden();
    await expect(toggle).toBeFocused();

    // Keyboard only: Enter on the focused button opens it again.
    await page.keyboard.press('Enter');
    await expect(searchField(page, 'th')).toBeFocused();
    await searchField(page, 'th').fill('โซฟา');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/th\/search\?keyword=/);
    await expect(page.locator('main .product-card').first()).toBeVisible();
    await expect(searchField(page, 'th')).toBeHidden();

    // Its close button closes it too.
    await searchToggle(page, 'th').click();
    await page.getByRole('button', { name: message('th', 'mobile.closeSearch'), exact: true }).click();
    await expect(searchField(page, 'th')).toBeHidden();
  });

  test('the room strip shows on the home page only', async ({ acceptedCookies: page }) => {
    await page.goto('/th');
    await expect(page.locator('.room-menu')).toBeVisible();
    const strip = await box(page.locator('.room-menu'));
    console.log(`phone room strip on home: ${strip.height} px, content starts at ${strip.y + strip.height} px`);
    await page.goto('/th/category/sofas');
    await expect(page.locator('main .product-card').first()).toBeVisible();
    await expect(page.locator('.room-menu')).toBeHidden();
  });

  test('a product page keeps price and "Add to cart" in a bar in sight, and it adds to the cart', async ({ acceptedCookies: page }) => {
    await page.goto('/products/SF-1001');
    const bar = page.locator('.product__buy');
    const add = bar.getByRole('button', { name: message('en', 'checkout.addToCart') });
    await expect(add).toBeVisible();
    const viewport = page.viewportSize()!;
    const button = await box(add);
    expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
    const barBox = await box(bar);
    // The bar sits just above the bottom bar, which stays: Categories and Account are one tap away.
    const bottomBar = page.locator('.bottom-bar');
    await expect(bottomBar).toBeVisible();
    expect(Math.round(barBox.y + barBox.height)).toBe(Math.round((await box(bottomBar)).y));
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bottom-bar-height').trim())).toBe('64px');
    // The price in the bar is the page's price: after the sofa month's 10 % (฿18,900 − ฿1,890).
    await expect(bar.locator('.price__now')).toHaveText('฿17,010');
    await expect(page.locator('.product__price .price__now')).toHaveText('฿17,010');

    await add.click();
    await expect(page.locator('.site-header').getByRole('link', { name: `${message('en', 'header.cart')}, 1 item` })).toBeVisible();

    // The end of the page can be scrolled above the bar: nothing is hidden under it for good.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = await box(page.locator('.site-footer__bottom'));
    expect(last.y + last.height).toBeLessThanOrEqual((await box(bar)).y + 1);

    // The cart's quote charges what the page showed.
    await page.goto('/cart');
    await expect(page.locator('main')).toContainText('฿17,010');
  });

  test('other pages keep the bottom bar and give its height to the sticky bars', async ({ acceptedCookies: page }) => {
    await page.goto('/cart');
    await expect(page.locator('.bottom-bar')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bottom-bar-height').trim())).toBe('64px');
  });

  test('on a first visit the cookie notice leaves the first row of products in sight', async ({ page }) => {
    await page.goto('/th/room/living');
    const notice = page.getByRole('dialog');
    await expect(notice).toBeVisible();
    const firstImage = page.locator('main .product-card .product-card__image').first();
    await expect(firstImage).toBeVisible();
    const image = await box(firstImage);
    const panel = await box(notice);
    expect(image.y + image.height).toBeLessThanOrEqual(panel.y);
    // Both cards of the first row.
    const second = await box(page.locator('main .product-card .product-card__image').nth(1));
    expect(second.y + second.height).toBeLessThanOrEqual(panel.y);
  });

  test('on a first visit to a product the cookie notice sits above the buy bar, not over it', async ({ page }) => {
    await page.goto('/products/SF-1001');
    const notice = page.getByRole('dialog');
    const add = page.locator('.product__buy').getByRole('button', { name: message('en', 'checkout.addToCart') });
    await expect(add).toBeVisible();
    await expect(notice).toBeVisible();
    const panel = await box(notice);
    const bar = await box(page.locator('.product__buy'));
    expect(panel.y + panel.height).toBeLessThanOrEqual(bar.y + 1);
    // Not covered: a click reaches the button.
    await add.click();
    await expect(page.locator('.site-header').getByRole('link', { name: `${message('en', 'header.cart')}, 1 item` })).toBeVisible();
  });

  test('coins and name show in the header, and coins and coupons in the account part of the menu', async ({ acceptedCookies: page, request }) => {
    const shopper = await registerShopper(request, 'wallet', 'Wallet Shopper');
    await useToken(page, shopper.token);
    await page.goto('/');
    const header = page.locator('.site-header');
    // The header's second row (signed in only) carries the coins and the name (issue 33).
    await expect(header.getByTestId('header-coin')).toBeVisible();
    await expect(header.getByTestId('header-user')).toContainText('Wallet Shopper');
    await page.getByRole('button', { name: message('en', 'header.openMenu') }).click();
    const menu = page.getByRole('navigation', { name: message('en', 'header.mainMenu') });
    await expect(menu.getByTestId('menu-user')).toHaveText('Wallet Shopper');
    await expect(menu.getByTestId('menu-coin')).toBeVisible();
    await expect(menu.getByTestId('menu-coin').locator('strong')).toHaveText('0');
    await expect(menu.getByTestId('menu-coupons')).toBeVisible();
    // The info bar's languages and shop notes are in the open menu too.
    await expect(header.locator('.info-bar--menu').getByRole('navigation', { name: message('en', 'header.language') })).toBeVisible();
  });
});

test.describe('at desktop width', { tag: '@desktop' }, () => {
  test('the header keeps the info bar, the open search field and the room strip', async ({ acceptedCookies: page }) => {
    await page.goto('/th/category/sofas');
    await expect(page.locator('.info-bar').getByRole('navigation', { name: message('th', 'header.language') })).toBeVisible();
    await expect(searchToggle(page, 'th')).toBeHidden();
    await expect(page.locator('.room-menu')).toBeVisible();
    await expect(page.locator('.bottom-bar')).toBeHidden();
    await expect(page.getByRole('navigation', { name: message('th', 'header.mainMenu') })).toBeVisible();
    await searchField(page, 'th').fill('โซฟา');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/th\/search\?keyword=/);
    // The buy box stays in the page on wide screens.
    await page.goto('/products/SF-1001');
    const add = page.getByRole('button', { name: message('en', 'checkout.addToCart') });
    await expect(add).toBeVisible();
    expect(await page.locator('.product__buy').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await expect(page.locator('.product__buy-price')).toBeHidden();
  });
});
