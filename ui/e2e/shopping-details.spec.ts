// Shopping details, in Thai at both widths: a search sorted by price (Back undoes it) with counted
// filters, the product photos full screen (Escape closes, focus returns), focus kept on "Add to
// cart" while adding, and the stars of a product whose delivered order was reviewed.
import type { Page } from '@playwright/test';
import { registerShopper } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { call, moveOrder, placeTestOrder, shoot, staffToken, userIdOf } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), message('th', key));

// Real cards only: the loading skeletons share the class.
const cards = (page: Page) => page.locator('main .product-card:not(.product-card--skeleton)');

/** Each card's own price in baht (`data-price`): what the sort goes by. The figure shown may be
 * lower by a promotion, or a "from" price of a product sold in options. */
async function cardPrices(page: Page): Promise<number[]> {
  const satang = await cards(page).locator('.price').evaluateAll((all) => all.map((p) => Number(p.getAttribute('data-price'))));
  return satang.map((value) => value / 100);
}

async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: new RegExp(`^${th('catalog.filters')}`) });
  if (isMobile(page) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('a Thai search sorts by price, Back undoes it, and filters show their counts', async ({ acceptedCookies: page }, testInfo) => {
  const keyword = 'โซฟา';
  await page.goto(`/th/search?keyword=${encodeURIComponent(keyword)}`);
  await expect(cards(page).first()).toBeVisible();
  const sort = page.getByLabel(th('catalog.sortLabel'));
  await expect(sort).toHaveValue('relevance');
  const best = await cardPrices(page);
  expect(best.length).toBeGreaterThan(5);

  const total = await page.locator('.listing__count').textContent();
  const ascending = (prices: number[]) => prices.every((price, i) => i === 0 || prices[i - 1]! <= price);

  await sort.selectOption('price_asc');
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expect.poll(async () => ascending(await cardPrices(page))).toBe(true);
  const low = await cardPrices(page);
  expect(low).not.toEqual(best);
  expect(low[0]).toBeLessThanOrEqual(Math.min(...best));
  await expect(page.locator('.listing__count')).toHaveText(total ?? '');

  await sort.selectOption('price_desc');
  await expect(page).toHaveURL(/[?&]sort=price_desc/);
  await expect.poll(async () => ascending([...(await cardPrices(page))].reverse())).toBe(true);
  expect((await cardPrices(page))[0]).toBeGreaterThanOrEqual(Math.max(...best));

  // Back undoes the sorts one at a time.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]sort=price_asc/);
  await expect(sort).toHaveValue('price_asc');
  await expect.poll(async () => (await cardPrices(page)).join(',')).toBe(low.join(','));
  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(sort).toHaveValue('relevance');
  await expect.poll(async () => (await cardPrices(page)).join(',')).toBe(best.join(','));

  // Each material shows how many products choosing it gives; choosing it shows that many.
  await openFilters(page);
  const materials = page.locator('fieldset', { has: page.locator('legend', { hasText: th('catalog.material') }) });
  const pill = materials.locator('label.filter-pill').first();
  await expect(pill).toBeVisible();
  const countText = (await pill.locator('.filter-pill__count').textContent()) ?? '';
  const count = Number(countText.replace(/[^\d]/g, ''));
  expect(count).toBeGreaterThan(0);
  await shoot(page, 'search-sorted-filters', testInfo.project.name, false);
  await pill.click();
  await expect(pill.locator('input')).toBeChecked();
  await expect(page).toHaveURL(/[?&]material=/);
  const status = page.locator('.listing__count');
  await expect(status).toHaveText(count === 1 ? th('catalog.productCountOne') : th('catalog.productCount', { count }));
  // No option offered would show nothing.
  for (const text of await page.locator('.filters .filter-pill__count').allTextContents()) expect(text).not.toBe('(0)');
});

test('the product photos open full screen; Escape closes them and focus returns', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/th/products/CH-3304');
  const opener = page.locator('.gallery__zoom');
  await expect(opener).toBeVisible();
  await opener.click();
  const viewer = page.getByRole('dialog');
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute('aria-modal', 'true');
  await expect(viewer.locator('.lightbox__image')).toBeVisible();
  await expect(viewer.getByText(th('product.photoPosition', { index: 1, count: 3 }))).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText(th('product.photoPosition', { index: 2, count: 3 }))).toBeVisible();
  // Tab stays inside the viewer.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await shoot(page, 'product-lightbox', testInfo.project.name, false);
  if (isMobile(page)) {
    // Tap to zoom in, and again to zoom out.
    await viewer.locator('.lightbox__frame').tap();
    await expect(viewer.locator('.lightbox__stage')).toHaveClass(/is-zoomed/);
    await viewer.locator('.lightbox__frame').tap();
    await expect(viewer.locator('.lightbox__stage')).not.toHaveClass(/is-zoomed/);
  } else {
    await viewer.getByRole('button', { name: th('details.lightbox.zoomIn') }).click();
    await expect(viewer.locator('.lightbox__stage')).toHaveClass(/is-zoomed/);
  }
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // Back on the photo that opened it, which now shows the photo seen last.
  await expect(opener).toBeFocused();
  await expect(page.locator('.gallery__counter')).toHaveText(th('product.photoPosition', { index: 2, count: 3 }));
});

test('focus stays on "Add to cart" while adding, and success is announced politely', async ({ acceptedCookies: page }) => {
  await page.goto('/th/products/DC-7402');
  const add = page.locator('.buy-box__button');
  await expect(add).toHaveText(th('checkout.addToCart'));
  // The request is held back a moment, so the page is seen while it runs.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/app/cart/add', async (route) => {
    await held;
    await route.continue();
  });
  // What polite live regions were given to say (a toast goes away after a few seconds).
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[aria-live="polite"], [role="status"]')) said.push(region.textContent ?? '');
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expect(add).toBeFocused();
  release();
  await expect(page.locator('.buy-box__in-cart')).toContainText(th('checkout.inCart', { count: 1 }));
  await expect(add).toBeFocused();
  await expect(add).not.toHaveAttribute('aria-busy', 'true');
  const name = (await page.locator('h1.product__name').textContent()) ?? '';
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
  expect(said.some((text) => text.includes(th('checkout.added', { name, count: 1 })))).toBe(true);
});

test('a product shows the stars of its reviewed delivered orders', async ({ acceptedCookies: page, request }, testInfo) => {
  // One product per width: the two run at once against one shop.
  const code = testInfo.project.name === 'mobile' ? 'DC-7402' : 'CH-3304';
  const shopper = await registerShopper(request, 'stars');
  const userId = await userIdOf(request, shopper.token);
  const staff = await staffToken(request);
  const order = await placeTestOrder(request, shopper.token, userId, [[code, 1]]);
  for (const status of ['paid', 'preparing', 'shipped', 'delivered']) await moveOrder(request, staff, order.id, status);
  await call(request, 'POST', `/api/app/order/review/${order.id}`, shopper.token, { rating: 4, comment: 'นั่งสบาย' });
  // Other journeys may review it too: the page must say what the API says.
  const answer = (await (await request.get(`/api/app/product/get/${code}`)).json()) as { product: { rating?: { average: number; count: number } } };
  const rating = answer.product.rating;
  expect(rating?.count).toBeGreaterThanOrEqual(1);
  const average = rating!.average.toFixed(1);
  const name = rating!.count === 1 ? th('details.rating.labelOne', { average }) : th('details.rating.label', { average, count: rating!.count });

  await page.goto(`/th/products/${code}`);
  const stars = page.getByRole('img', { name });
  await expect(stars).toBeVisible();
  await expect(stars).toContainText(average);
  await shoot(page, 'product-rating', testInfo.project.name, false);
  await page.locator('.product__summary').screenshot({ path: `e2e/screenshots/${testInfo.project.name}-product-rating-summary.png` });
});
