// The first paint comes from the server (issue 17): with scripts off a shopper still reads the
// product's name and price and a listing's first products; with scripts on, the app starts from
// the answers the page carried instead of asking for them again.
import { expect, isMobile, message, test } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a Thai product page shows its photo, name and price', async ({ page }) => {
    await page.goto('/th/products/SF-1001');
    const title = page.locator('h1');
    await expect(title).toHaveText('โซฟา 3 ที่นั่ง รุ่นนารา');
    await expect(page.locator('.price__now').first()).toHaveText(/^฿\d{1,3}(,\d{3})*$/);
    const photo = page.locator('img.first-paint__photo');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Nothing sits off to the side on a phone.
    const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(viewport);
  });

  test('a room lists its first products with links to them', async ({ page }) => {
    await page.goto('/th/room/living');
    await expect(page.locator('h1')).toHaveText('ห้องนั่งเล่น');
    const links = page.locator('.product-card__link');
    await expect(links).toHaveCount(4);
    await expect(links.first()).toHaveAttribute('href', /^\/th\/products\/[A-Z]{2}-\d+$/);
  });
});

test('the app starts from the answers the page carried', async ({ acceptedCookies: page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/app\/(product|search|room|category)/.test(url.pathname)) asked.push(url.pathname + url.search);
  });
  await page.goto('/th/products/SF-1001');
  // The app's own product page (its gallery and Add to cart) replaced the server's drawing.
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'โซฟา 3 ที่นั่ง รุ่นนารา' })).toBeVisible();
  await expect(page.locator('main .product-card').first()).toBeVisible();
  expect(asked.filter((u) => u.startsWith('/api/app/product/get/') || u.startsWith('/api/app/product/related/'))).toEqual([]);

  asked.length = 0;
  await page.goto('/th/room/living');
  await expect(page.locator('main .listing__results .product-card').first()).toBeVisible();
  expect(asked).toEqual([]);

  // A later visit within the app asks again: each answer is used once.
  await page.locator('main .listing__results .product-card__link').first().click();
  // The room's heading stays visible until the product page is there: wait for the request.
  await expect(page).toHaveURL(/\/th\/products\/[A-Z]{2}-\d+$/);
  await expect.poll(() => asked.some((u) => u.startsWith('/api/app/product/get/'))).toBe(true);
});

test('the home page is drawn where the app puts it: its introduction and the first slide do not move', async ({ page, browser, baseURL }) => {
  const viewport = page.viewportSize()!;
  // The server's drawing, as a shopper sees it before any script has run.
  const still = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL, isMobile: isMobile(page) });
  const drawn = await still.newPage();
  await drawn.goto('/th');
  await expect(drawn.locator('h1.hero__title')).toHaveText(message('th', 'home.title'));
  const drawnPhoto = drawn.locator('.slide img.slide__image');
  await expect(drawnPhoto).toHaveJSProperty('complete', true);
  const before = { photo: await drawnPhoto.boundingBox(), title: await drawn.locator('h1.hero__title').boundingBox() };
  const name = await drawn.locator('.slide__name').textContent();
  await still.close();

  await page.goto('/th');
  await expect(page.locator('.first-paint')).toHaveCount(0);
  const slide = page.locator('.slide:not([hidden])');
  await expect(slide.locator('.slide__name')).toHaveText(name!);
  const after = { photo: await slide.locator('img.slide__image').boundingBox(), title: await page.locator('h1.hero__title').boundingBox() };
  // Within a pixel: the app's header rounds its height differently by a fraction.
  for (const part of ['photo', 'title'] as const) {
    for (const side of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(after[part]![side] - before[part]![side]), `${part} ${side}`).toBeLessThanOrEqual(1);
    }
  }
});
