import { expect, HTML_LANG, message, PREFIX, test, type Code } from './fixtures';

const CODES: Code[] = ['en', 'th', 'my', 'km', 'id'];

for (const code of CODES) {
  test(`the home page renders in ${code}`, async ({ acceptedCookies: page }) => {
    const response = await page.goto(PREFIX[code] || '/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[code]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(code, 'home.title'));
    await expect(page.getByRole('combobox', { name: message(code, 'header.searchLabel'), includeHidden: true })).toHaveAttribute('placeholder', message(code, 'header.searchPlaceholder'));
    // Rooms and categories come from the API and link under the same language.
    const roomLink = page.locator('.rooms-grid a').first();
    await expect(roomLink).toHaveAttribute('href', new RegExp(`^${PREFIX[code]}/room/[a-z0-9-]+$`));
    await expect(page.locator('.category-chips a').first()).toBeVisible();
  });
}

test('a room from the home page opens its page with its products', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const room = page.locator('.rooms-grid a').first();
  const title = (await room.locator('.room-card__title').textContent())?.trim() ?? '';
  await room.click();
  await expect(page).toHaveURL(/\/room\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main .product-card__link').first()).toBeVisible();
});

test('a content page shows its paragraphs from the pages API', async ({ acceptedCookies: page }) => {
  await page.goto('/th/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  expect(await page.locator('.content-page__body p').count()).toBeGreaterThan(1);
});

test('the admin area sends a signed-out visitor home', async ({ acceptedCookies: page }) => {
  await page.goto('/th/admin');
  await expect(page).toHaveURL(/\/th$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'home.title'));
});

test("/location and the information list show the shop's pages", async ({ acceptedCookies: page }) => {
  const response = await page.goto('/location');
  expect(response?.status()).toBe(200);
  await expect(page.locator('.content-page__body p').first()).toBeVisible();
  await page.goto('/content');
  const links = page.locator('main .link-list a');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThanOrEqual(6);
  await links.filter({ hasText: 'Terms' }).first().click();
  await expect(page).toHaveURL(/\/content\/terms$/);
  await expect(page.locator('.content-page__body p').first()).toBeVisible();
});
