import { expect, message, test } from './fixtures';

test('accepting the cookie notice hides it for good', async ({ page }) => {
  await page.goto('/');
  const notice = page.getByRole('dialog');
  await expect(notice).toContainText(message('en', 'cookie.message'));
  await expect(notice.getByRole('link', { name: message('en', 'cookie.policy') })).toHaveAttribute('href', '/privacy');
  await notice.getByRole('button', { name: message('en', 'cookie.accept') }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('closing the cookie notice hides it until the next page load', async ({ page }) => {
  await page.goto('/about');
  const notice = page.getByRole('dialog');
  await notice.getByRole('button', { name: message('en', 'cookie.close') }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the notice is a 70 % opaque bar at the bottom, above the phone’s bottom bar', async ({ page }) => {
  await page.goto('/');
  const notice = page.locator('.cookie-notice');
  const background = await notice.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).toMatch(/rgba\(.*, 0\.7\)/);
  const box = (await notice.boundingBox())!;
  const viewport = page.viewportSize()!;
  if (viewport.width <= 700) {
    // Slim, so the page stays usable before answering (mobile-layout.spec.ts checks the products).
    expect(box.height).toBeLessThan(120);
    const bar = (await page.locator('.bottom-bar').boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(Math.round(bar.y));
  } else {
    expect(box.height).toBeLessThan(200);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
  }
});
