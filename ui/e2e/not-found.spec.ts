import { expect, message, test } from './fixtures';

test('an unknown language prefix is a 404 with the not-found screen', async ({ acceptedCookies: page }) => {
  const response = await page.goto('/xx/about');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'errors.notFound'));
  await expect(page.getByText(message('en', 'errors.routeNotFound'))).toBeVisible();
  await expect(page.getByRole('link', { name: message('en', 'errors.homeLink') })).toHaveAttribute('href', '/');
});

test('an unknown Thai page is a 404 with the Thai not-found texts', async ({ acceptedCookies: page }) => {
  const response = await page.goto('/th/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'errors.notFound'));
  await expect(page.getByText(message('th', 'errors.routeNotFound'))).toBeVisible();
  const home = page.getByRole('link', { name: message('th', 'errors.homeLink') });
  await expect(home).toHaveAttribute('href', '/th');
  await home.click();
  await expect(page).toHaveURL(/\/th$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'home.title'));
});

test('/en/about ends at /about', async ({ acceptedCookies: page }) => {
  const response = await page.goto('/en/about');
  expect(new URL(page.url()).pathname).toBe('/about');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a room or category that does not exist is a 404', async ({ acceptedCookies: page }) => {
  for (const path of ['/room/no-such-room', '/km/category/no-such-category']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(path.startsWith('/km') ? 'km' : 'en', 'errors.notFound'));
  }
});
