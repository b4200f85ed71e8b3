// Full-page screenshots to look at (e2e/screenshots/, git-ignored): home, a content page, the 404
// screen, the login and register pages (one in Thai with errors shown), the signed-in header, and
// the catalogue (a room with filters, a product page, search results), at each width.
import { registerShopper, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { shoot } from './shop';

const SHOTS = [
  { name: 'home', path: '/' },
  { name: 'content-about-th', path: '/th/about' },
  { name: 'not-found', path: '/th/no-such-page' },
  { name: 'login', path: '/user/login' },
  { name: 'register', path: '/user/register' },
  { name: 'product', path: '/products/SF-1001' },
  { name: 'product-discontinued-th', path: '/th/products/TB-3204' },
  { name: 'search-results', path: '/search?keyword=sofa' },
  { name: 'search-results-km', path: '/km/search?keyword=%E1%9E%80%E1%9F%85%E1%9E%A2%E1%9E%B8' },
  { name: 'code-search', path: '/searchcode?keyword=SF-10' },
];

for (const shot of SHOTS) {
  test(`screenshot of ${shot.name}`, async ({ acceptedCookies: page }, testInfo) => {
    await page.goto(shot.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, shot.name, testInfo.project.name);
  });
}

test('screenshot of the Thai register form with its errors', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/th/user/register');
  await page.locator('.auth-form button[type="submit"]').click();
  await expect(page.locator('.field__error').first()).toBeVisible();
  await shoot(page, 'register-errors-th', testInfo.project.name);
});

test('screenshot of the signed-in header and account tab', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await registerShopper(request, 'shot', 'Somsri Jaidee');
  await useToken(page, shopper.token);
  await page.goto('/th');
  await expect(page.getByTestId('header-user')).toContainText('Somsri Jaidee');
  await shoot(page, 'signed-in-header', testInfo.project.name, false);
  await page.goto('/th/mobile/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'account-tab-th', testInfo.project.name);
});

test('screenshot of a room with filters and sort applied', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/room/living?material=fabric,leather&sort=price_asc');
  await expect(page.locator('main .product-card__link').first()).toBeVisible();
  const toggle = page.locator('.listing__filters-toggle');
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.locator('.filters')).toBeVisible();
  await shoot(page, 'room-filters', testInfo.project.name);
});

test('screenshot of a Thai category with a price range', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/th/category/sofas?minPrice=10000&maxPrice=30000');
  await expect(page.locator('main .product-card__link').first()).toBeVisible();
  await shoot(page, 'category-price-th', testInfo.project.name);
});

test('screenshot of the search suggestions', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/');
  // On a phone the field opens from the header's search button.
  if (isMobile(page)) await page.getByRole('button', { name: message('en', 'mobile.openSearch'), exact: true }).click();
  const box = page.getByRole('combobox');
  await box.pressSequentially('sofa', { delay: 40 });
  await expect(page.getByRole('listbox')).toBeVisible();
  await box.press('ArrowDown');
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.suggestion img')].every((image) => image.complete));
  await shoot(page, 'search-suggestions', testInfo.project.name, false);
});
