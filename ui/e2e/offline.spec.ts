// Offline: once a page has been seen, the service worker lets it load again without a connection;
// a page whose code this device never fetched shows the app's offline message rather than the
// browser's error page; private answers (the cart) are never kept.
import type { Page } from '@playwright/test';
import { expect, message, test } from './fixtures';
import { shoot } from './shop';

/** Waits until the service worker controls the page and has kept it, its code and its catalogue data. */
async function keptOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const href = window.location.href.split('#')[0]!;
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => /\/assets\/|\/api\/app\/(product|room|category|promotions)|\/api\/file\/labels/.test(url));
        const missing: string[] = [];
        for (const url of [href, ...loaded]) if (!(await caches.match(url))) missing.push(url);
        return missing;
      }),
    )
    .toEqual([]);
}

test('the service worker is served from the root, revalidated on every check', async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/javascript/);
  expect(response.headers()['cache-control']).toBe('no-cache');
});

test('a visited page loads again offline; an unvisited one says so in the app', async ({ acceptedCookies: page, context }, testInfo) => {
  await page.goto('/th/room/living');
  await expect(page.locator('main .product-card:not(.product-card--skeleton)').first()).toBeVisible();
  await keptOffline(page);
  // The cart is private: whatever the page asked of it, nothing was kept.
  const privateKept = await page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) if (/\/api\/(app\/(cart|order)|auth|admin)/.test(request.url)) found.push(request.url);
    }
    return found;
  });
  expect(privateKept).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('main .product-card:not(.product-card--skeleton)').first()).toBeVisible();
  await expect(page.locator('.offline-banner')).toHaveText(message('th', 'status.offline'));

  // The product page's code was never fetched on this device: the app says it is offline.
  await page.locator('main .product-card a').first().click();
  await expect(page).toHaveURL(/\/th\/products\//);
  const notice = page.locator('.offline-page');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(message('th', 'details.offline.title'));
  await expect(notice.getByRole('button', { name: message('th', 'details.offline.retry') })).toBeVisible();
  // Still the shop's page (header and all), not the browser's error page.
  await expect(page.locator('.site-header')).toBeVisible();
  await shoot(page, 'offline-page', testInfo.project.name, false);

  // A fresh load of a page never seen comes from the kept shell of the same language.
  await page.goto('/th/category/sofas');
  await expect(page.locator('.site-header')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  await context.setOffline(false);
  await page.goto('/th/products/SF-1001');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.offline-page')).toHaveCount(0);
});
