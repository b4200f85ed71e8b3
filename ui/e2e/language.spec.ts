import { expect, message, test } from './fixtures';

test('the language chooser switches / ⇄ /th keeping the path', async ({ acceptedCookies: page, context }) => {
  await page.goto('/about');
  const chooser = page.locator('.info-bar').getByRole('navigation', { name: message('en', 'header.language') });
  await expect(chooser.getByRole('link')).toHaveCount(5);
  expect(await chooser.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('data-locale')))).toEqual([
    'th',
    'my',
    'km',
    'en',
    'id',
  ]);

  await chooser.locator('[data-locale="th"]').click();
  await expect(page).toHaveURL(/\/th\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('combobox', { name: message('th', 'header.searchLabel') })).toHaveAttribute('placeholder', message('th', 'header.searchPlaceholder'));
  expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('th');

  const thaiChooser = page.locator('.info-bar').getByRole('navigation', { name: message('th', 'header.language') });
  await thaiChooser.locator('[data-locale="en"]').click();
  await expect(page).toHaveURL(/\/about$/);
  expect(new URL(page.url()).pathname).toBe('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: message('en', 'header.searchLabel') })).toHaveAttribute('placeholder', message('en', 'header.searchPlaceholder'));
});

test('switching language keeps the query and Malay pages declare lang="ms"', async ({ acceptedCookies: page }) => {
  await page.goto('/search?keyword=sofa');
  await page.locator('.info-bar [data-locale="my"]').click();
  await expect(page).toHaveURL(/\/my\/search\?keyword=sofa$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
});

test('the chosen language is remembered for the home page', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  await page.locator('.info-bar [data-locale="km"]').click();
  await expect(page).toHaveURL(/\/km$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/km$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
});

test('the browser back button returns to the previous language', async ({ acceptedCookies: page }) => {
  await page.goto('/area');
  await page.locator('.info-bar [data-locale="id"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.goBack();
  await expect(page).toHaveURL(/\/area$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: message('en', 'header.searchLabel') })).toHaveAttribute('placeholder', message('en', 'header.searchPlaceholder'));
});
