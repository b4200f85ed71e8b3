import type { Page } from '@playwright/test';
import { expect, isMobile, message, test, type Code } from './fixtures';

/** The info bar's flags: above the header on wide screens, in the open main menu on a phone. */
async function flags(page: Page, code: Code = 'en') {
  if (!isMobile(page)) return page.locator('.info-bar--top').getByRole('navigation', { name: message(code, 'header.language') });
  const menu = page.locator('.info-bar--menu');
  if (!(await menu.isVisible())) await page.getByRole('button', { name: message(code, 'header.openMenu') }).click();
  return menu.getByRole('navigation', { name: message(code, 'header.language') });
}

test('the language chooser switches / ⇄ /th keeping the path', async ({ acceptedCookies: page, context }) => {
  await page.goto('/about');
  const chooser = await flags(page);
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
  await expect(page.getByRole('combobox', { name: message('th', 'header.searchLabel'), includeHidden: true })).toHaveAttribute('placeholder', message('th', 'header.searchPlaceholder'));
  expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('th');

  const thaiChooser = await flags(page, 'th');
  await thaiChooser.locator('[data-locale="en"]').click();
  await expect(page).toHaveURL(/\/about$/);
  expect(new URL(page.url()).pathname).toBe('/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: message('en', 'header.searchLabel'), includeHidden: true })).toHaveAttribute('placeholder', message('en', 'header.searchPlaceholder'));
});

test('switching language keeps the query and Malay pages declare lang="ms"', async ({ acceptedCookies: page }) => {
  await page.goto('/search?keyword=sofa');
  await (await flags(page)).locator('[data-locale="my"]').click();
  await expect(page).toHaveURL(/\/my\/search\?keyword=sofa$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms');
});

test('the chosen language is remembered for the home page', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  await (await flags(page)).locator('[data-locale="km"]').click();
  await expect(page).toHaveURL(/\/km$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/km$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
});

test('the browser back button returns to the previous language', async ({ acceptedCookies: page }) => {
  await page.goto('/area');
  await (await flags(page)).locator('[data-locale="id"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await page.goBack();
  await expect(page).toHaveURL(/\/area$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: message('en', 'header.searchLabel'), includeHidden: true })).toHaveAttribute('placeholder', message('en', 'header.searchPlaceholder'));
});
