// Shopper journeys through the catalogue, at desktop and phone width: home → room → product, the
// category tree (side menu on a desktop, /mobile/category on a phone), filters and sort kept in
// the URL, page links, the product page and its gallery, and the not-found screen.
import type { Locator, Page } from '@playwright/test';
import { expect, isMobile, message, test } from './fixtures';

// Real cards only: the loading skeletons share the class.
const cards = (page: Page) => page.locator('main .product-card:not(.product-card--skeleton)');
const codes = (page: Page) => page.locator('main .product-card__code').allTextContents();

/**
 * The cards' own prices in baht, which the filter and sort go by: a card shows the price after a
 * promotion (the cart's), and keeps the product's price in `data-price` (satang).
 */
async function cardPrices(page: Page): Promise<number[]> {
  const satang = await page.locator('main .product-card .price').evaluateAll((all) => all.map((p) => Number(p.getAttribute('data-price'))));
  return satang.map((value) => value / 100);
}

/** Waits until the grid shows the answer for the current URL (not the previous one, dimmed). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main .listing__results')).toBeVisible();
  await expect(page.locator('main .listing__results')).not.toHaveClass(/is-loading/);
}

async function openFilters(page: Page): Promise<void> {
  if (isMobile(page)) {
    const toggle = page.getByRole('button', { name: new RegExp(`^${message('en', 'catalog.filters')}`) });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

function expectResizedImage(image: Locator, loading: 'lazy' | 'eager' = 'lazy') {
  return Promise.all([
    expect(image).toHaveAttribute('loading', loading),
    expect(image).toHaveAttribute('decoding', 'async'),
    expect(image).toHaveAttribute('width', '800'),
    expect(image).toHaveAttribute('height', '600'),
    expect(image).toHaveAttribute('srcset', /\?v=[0-9a-f]{12}&w=160 160w, .*&w=640 640w/),
  ]);
}

test('home → room → product', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  // The e-catalogue PDF is one click away in the info bar (in the footer on a phone, where the
  // info bar is in the menu).
  const catalogue = page.locator(isMobile(page) ? '.site-footer' : '.info-bar').getByRole('link', { name: message('en', 'infoBar.catalogue') });
  await expect(catalogue).toHaveAttribute('href', /\.pdf$/);
  // The featured slider: real buttons and dots.
  const slider = page.getByRole('region', { name: message('en', 'home.featured') });
  await expect(slider).toBeVisible();
  const dots = slider.getByRole('button', { name: /^Show product \d of \d$/ });
  await expect(dots).toHaveCount(5);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await slider.getByRole('button', { name: message('en', 'home.nextSlide') }).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(slider.getByRole('group')).toHaveCount(1);
  // New arrivals, newest first.
  const newArrivals = page.getByRole('list', { name: message('en', 'home.newArrivals') });
  await expect(newArrivals.locator('.product-card')).toHaveCount(8);

  await page.locator('.rooms-grid a[href="/room/living"]').click();
  await expect(page).toHaveURL(/\/room\/living$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Living room');
  await expect(cards(page)).toHaveCount(24);
  await expect(page.locator('main .listing__count')).toHaveText(/^\d+ products$/);
  const firstCard = cards(page).first();
  // The first row loads at once (the first photo with priority: the page's largest paint).
  await expectResizedImage(firstCard.locator('img'), 'eager');
  await expect(firstCard.locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expectResizedImage(cards(page).nth(8).locator('img'), 'lazy');
  // A product sold in options shows "from" its lowest price (docs/VARIANTS.md §4).
  await expect(firstCard.locator('.price__now')).toHaveText(/^(from )?฿\d{1,3}(,\d{3})*$/);
  const name = (await firstCard.locator('.product-card__name').textContent())!.trim();
  const code = (await firstCard.locator('.product-card__code').textContent())!.trim();

  await firstCard.locator('.product-card__link').click();
  await expect(page).toHaveURL(new RegExp(`/products/${code}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | kiosk`);
  // The code shown is the chosen variant's, which starts with the product's in the demo.
  await expect(page.locator('.product__code')).toContainText(`${message('en', 'product.code')}: ${code}`);
  await expect(page.locator('.product__price .price__now')).toHaveText(/^฿/);
  await expect(page.locator('.product__facts')).toContainText(/[\d.,]+ × [\d.,]+ × [\d.,]+ cm/);
  await expect(page.getByRole('heading', { name: message('en', 'product.related') })).toBeVisible();
});

test('the slider stands still for reduced motion and works from the keyboard', async ({ acceptedCookies: page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const slider = page.getByRole('region', { name: message('en', 'home.featured') });
  const play = slider.getByRole('button', { name: message('en', 'home.playSlides') });
  await expect(play).toBeVisible();
  const dots = slider.getByRole('button', { name: /^Show product \d of \d$/ });
  await page.waitForTimeout(6_500);
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await slider.getByRole('button', { name: message('en', 'home.nextSlide') }).press('Enter');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await dots.nth(4).press('Space');
  await expect(dots.nth(4)).toHaveAttribute('aria-current', 'true');
  await expect(slider.locator('.slider__viewport')).toHaveAttribute('aria-live', 'polite');
  // The visible slide links to its product.
  await slider.getByRole('group').getByRole('link').press('Enter');
  await expect(page).toHaveURL(/\/products\/[A-Z]{2}-\d{4}$/);
});

test('the category tree leads to a category and its products', async ({ acceptedCookies: page }) => {
  if (isMobile(page)) {
    await page.goto('/');
    await page.getByRole('navigation', { name: message('en', 'mobileNav.label') }).getByRole('link', { name: message('en', 'mobileNav.categories') }).click();
    await expect(page).toHaveURL(/\/mobile\/category$/);
    await page.locator('main').getByRole('link', { name: '3-seat sofas' }).click();
  } else {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: message('en', 'categories.menuLabel') });
    const toggle = menu.getByRole('button', { name: `Sofas: ${message('en', 'categories.showSubcategories')}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: '3-seat sofas' }).click();
    await expect(menu.getByRole('link', { name: '3-seat sofas' })).toHaveAttribute('aria-current', 'page');
  }
  await expect(page).toHaveURL(/\/category\/sofas-3-seat$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('3-seat sofas');
  await expect(cards(page).first()).toBeVisible();
  for (const code of await codes(page)) expect(code).toMatch(/^SF-/);

  // A parent category lists its subcategories' products too.
  await page.getByRole('navigation', { name: message('en', 'categories.breadcrumb') }).getByRole('link', { name: 'Sofas' }).click();
  await expect(page).toHaveURL(/\/category\/sofas$/);
  await settled(page);
  expect((await codes(page)).length).toBeGreaterThan(6);
});

test('filters and sort narrow the grid, live in the URL and survive a reload and Back', async ({ acceptedCookies: page }) => {
  await page.goto('/room/living');
  await settled(page);
  const allCount = await page.locator('main .listing__count').textContent();

  await openFilters(page);
  await page.getByRole('checkbox', { name: 'Fabric', exact: true }).check();
  await expect(page).toHaveURL(/\/room\/living\?material=fabric$/);
  await expect(page.locator('main .listing__count')).not.toHaveText(allCount!);
  await settled(page);
  await expect(page.getByRole('button', { name: 'Remove filter: Fabric' })).toBeVisible();
  // The page did not reload: focus stays on the checkbox that was used.
  await expect(page.getByRole('checkbox', { name: 'Fabric', exact: true })).toBeFocused();

  await page.getByLabel(message('en', 'catalog.sortLabel'), { exact: true }).selectOption('price_asc');
  await expect(page).toHaveURL(/\/room\/living\?material=fabric&sort=price_asc$/);
  await settled(page);
  const ascending = await cardPrices(page);
  expect(ascending.length).toBeGreaterThan(1);
  expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
  const firstCodes = await codes(page);

  // The API agrees that every product shown is made of fabric.
  // Lists answer summaries (no material), so each product's material is read from its own answer.
  const api = (await (await page.request.get('/api/app/product/list?room=living&material=fabric&sort=price_asc&limit=24&lang=en')).json()) as { products: { code: string }[] };
  expect(api.products.map((p) => p.code)).toEqual(firstCodes);
  const materials = await Promise.all(
    api.products.map(async (p) => ((await (await page.request.get(`/api/app/product/get/${encodeURIComponent(p.code)}`)).json()) as { product: { material: string } }).product.material),
  );
  expect(materials.every((material) => material === 'fabric')).toBe(true);

  await page.reload();
  await settled(page);
  await expect(page).toHaveURL(/\/room\/living\?material=fabric&sort=price_asc$/);
  await openFilters(page);
  await expect(page.getByRole('checkbox', { name: 'Fabric', exact: true })).toBeChecked();
  await expect(page.getByLabel(message('en', 'catalog.sortLabel'), { exact: true })).toHaveValue('price_asc');
  expect(await codes(page)).toEqual(firstCodes);

  await page.goBack();
  await expect(page).toHaveURL(/\/room\/living\?material=fabric$/);
  await expect(page.getByLabel(message('en', 'catalog.sortLabel'), { exact: true })).toHaveValue('popular');
  await page.goBack();
  await expect(page).toHaveURL(/\/room\/living$/);
  await settled(page);
  await expect(page.locator('main .listing__count')).toHaveText(allCount!);
});

test('a price range and a colour narrow the grid; clearing brings every product back', async ({ acceptedCookies: page }) => {
  await page.goto('/room/living?sort=price_desc');
  await settled(page);
  await openFilters(page);
  await page.getByLabel(message('en', 'catalog.priceFrom'), { exact: true }).fill('5000');
  await page.getByLabel(message('en', 'catalog.priceTo'), { exact: true }).fill('20000');
  await page.getByRole('button', { name: message('en', 'catalog.apply') }).click();
  await expect(page).toHaveURL(/\/room\/living\?minPrice=5000&maxPrice=20000&sort=price_desc$/);
  await settled(page);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(5000);
    expect(price).toBeLessThanOrEqual(20000);
  }
  expect([...prices].sort((a, b) => b - a)).toEqual(prices);

  await page.getByRole('checkbox', { name: 'Grey', exact: true }).check();
  await expect(page).toHaveURL(/\/room\/living\?minPrice=5000&maxPrice=20000&colour=grey&sort=price_desc$/);
  await settled(page);
  await page.getByRole('button', { name: message('en', 'catalog.clearFilters') }).first().click();
  await expect(page).toHaveURL(/\/room\/living\?sort=price_desc$/);
  await settled(page);
  await expect(cards(page)).toHaveCount(24);
});

test('page links move through a room and keep the filters', async ({ acceptedCookies: page }) => {
  await page.goto('/room/living?sort=newest');
  await settled(page);
  const pages = page.getByRole('navigation', { name: message('en', 'pagination.label') });
  const first = await codes(page);
  await pages.getByRole('link', { name: message('en', 'pagination.next') }).click();
  await expect(page).toHaveURL(/\/room\/living\?sort=newest&page=2$/);
  await settled(page);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('2');
  const second = await codes(page);
  expect(second.some((code) => first.includes(code))).toBe(false);
  await page.reload();
  await settled(page);
  expect(await codes(page)).toEqual(second);
});

test('the product page at 375 px: the gallery works by pointer and keyboard, nothing scrolls sideways', async ({ acceptedCookies: page }, testInfo) => {
  // Both projects run it at phone width; the desktop one with a mouse, the phone one by touch.
  await page.setViewportSize({ width: 375, height: 740 });
  const touch = testInfo.project.use.hasTouch === true;
  const press = (target: Locator) => (touch ? target.tap() : target.click());
  await page.goto('/products/SF-1001');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nara 3-Seat Sofa');
  const main = page.locator('.gallery__image');
  await expect(main).toHaveAttribute('alt', 'Nara 3-Seat Sofa, photo 1 of 3');
  await expect(main).toHaveAttribute('srcset', /&w=640 640w/);
  await expect(page.locator('.gallery__counter')).toHaveText('Photo 1 of 3');

  await press(page.getByRole('button', { name: message('en', 'product.nextPhoto') }));
  await expect(page.locator('.gallery__counter')).toHaveText('Photo 2 of 3');
  await expect(main).toHaveAttribute('src', /SF-1001-2\.png\?v=[0-9a-f]{12}&w=640$/);
  const third = page.getByRole('button', { name: 'Show photo 3 of 3' });
  await press(third);
  await expect(third).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.gallery__counter')).toHaveText('Photo 3 of 3');
  await third.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Show photo 1 of 3' })).toBeFocused();
  await expect(page.locator('.gallery__counter')).toHaveText('Photo 1 of 3');

  // The price the cart charges (฿18,900 less the sofa month's 10 %), the crossed-out compare-at
  // price and one saving figure for both; size in cm from mm.
  await expect(page.locator('.product__price .price__now')).toHaveText('฿17,010');
  await expect(page.locator('.product__price .price__was')).toContainText('฿21,900');
  await expect(page.locator('.product__price .price-saving')).toHaveText('You save ฿4,890 (22%)');
  await expect(page.locator('.product__summary').getByTestId('promo-badge')).toHaveCount(0);
  await expect(page.locator('.product__facts')).toContainText('210 × 88 × 84 cm');
  await expect(page.locator('.product__facts')).toContainText('Fabric');
  await expect(page.locator('.product__facts')).toContainText('Grey');
  await expect(page.locator('.product__summary .stock-note')).toHaveText(message('en', 'product.inStock'));
  await expectNoSidewaysScroll(page);
  await page.locator('.product__related .product-card').first().scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
});

test('product text falls back to the language of the page, the stock says what is left', async ({ acceptedCookies: page }) => {
  await page.goto('/th/products/SF-1002');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('โซฟา');
  await expect(page.locator('.product__summary .stock-note')).toHaveText(message('th', 'product.lowStock').replace('{count}', '3'));
  await expect(page.locator('.product__facts')).toContainText('ซม.');
  await page.goto('/products/SF-1006');
  await expect(page.locator('.product__summary .stock-note')).toHaveText(message('en', 'product.outOfStock'));
});

test('a discontinued product says it is no longer available and offers nothing to buy', async ({ acceptedCookies: page }) => {
  const response = await page.goto('/products/TB-3204');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pop Side Table');
  await expect(page.getByText(message('en', 'product.discontinued'))).toBeVisible();
  await expect(page.locator('.product__summary .stock-note')).toHaveCount(0);
  await expect(page.locator('main').getByRole('button', { name: /cart|buy/i })).toHaveCount(0);
});

test('an unknown product is the 404 screen, loaded directly or reached in the app', async ({ acceptedCookies: page }) => {
  const response = await page.goto('/products/NO-SUCH-1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'errors.notFound'));

  await page.goto('/th/room/living');
  await expect(cards(page).first()).toBeVisible();
  // Client-side navigation, as a link inside the app would do it.
  await page.evaluate(() => window.history.pushState(null, '', '/th/products/NO-SUCH-2'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'errors.notFound'));
  await expect(page.getByText(message('th', 'errors.routeNotFound'))).toBeVisible();
  await expect(page.getByRole('link', { name: message('th', 'errors.homeLink') })).toHaveAttribute('href', '/th');
});

test('the room page works in every language with the same filters', async ({ acceptedCookies: page }) => {
  for (const [prefix, code] of [['/th', 'th'], ['/my', 'my'], ['/km', 'km'], ['/id', 'id']] as const) {
    await page.goto(`${prefix}/room/bedroom?colour=white&sort=price_asc`);
    await settled(page);
    await expect(page.getByLabel(message(code, 'catalog.sortLabel'), { exact: true })).toHaveValue('price_asc');
    await expect(cards(page).first().locator('a')).toHaveAttribute('href', new RegExp(`^${prefix}/products/`));
    const prices = await cardPrices(page);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  }
});

test('catalogue pages do not shift while their data and photos arrive', async ({ acceptedCookies: page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const path of ['/', '/room/bedroom', '/th/category/sofas', '/products/SF-1004', '/search?keyword=table']) {
    await page.goto(path);
    await expect(page.locator('main img').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift, `layout shift on ${path}`).toBeLessThan(0.1);
  }
});
