// Searching from the header box: words in any of the shop's scripts, `#CODE` for the code search,
// suggestions while typing, paged results and the empty result.
import type { Page } from '@playwright/test';
import { expect, isMobile, message, test, type Code } from './fixtures';

const searchBox = (page: Page, code: Code = 'en') => page.getByRole('combobox', { name: message(code, 'header.searchLabel'), includeHidden: true });

/** The header's search field, opened first from its button on a phone. */
async function openSearchBox(page: Page, code: Code = 'en') {
  // Typing into the server's drawing is lost when the app replaces it: wait for the app's box.
  await expect(page.locator('.first-paint')).toHaveCount(0);
  const box = searchBox(page, code);
  if (isMobile(page) && !(await box.isVisible())) await page.getByRole('button', { name: message(code, 'mobile.openSearch'), exact: true }).click();
  await expect(box).toBeVisible();
  return box;
}
// Real cards only: the loading skeletons share the class.
const cards = (page: Page) => page.locator('main .product-card:not(.product-card--skeleton)');
/** The listed codes once the app's whole first page is there: the server's drawing is replaced
 * and the cards past the first row, which come a task later, have arrived (the count holds). */
async function cardCodes(page: Page): Promise<string[]> {
  await expect(page.locator('.first-paint')).toHaveCount(0);
  const codes = page.locator('main .product-card__code');
  let last = -1;
  await expect
    .poll(async () => {
      const count = await codes.count();
      const settled = count > 0 && count === last;
      last = count;
      return settled;
    })
    .toBe(true);
  return codes.allTextContents();
}

test('a #code goes to the code search, which lists the products whose code starts with it', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const box = await openSearchBox(page);
  await box.fill('#SF-10');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchcode\?keyword=SF-10$/);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'search.codeTitle'));
  await expect(page).toHaveTitle(`${message('en', 'search.codeTitle')} | kiosk`);
  await expect(page.getByText(message('en', 'search.codeResultsFor').replace('{keyword}', 'SF-10'))).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const codes = await cardCodes(page);
  expect(codes.length).toBeGreaterThanOrEqual(5);
  for (const code of codes) expect(code).toMatch(/^SF-10/);
});

test('words go to the search page, which shows the sofas, and the box empties', async ({ acceptedCookies: page }) => {
  await page.goto('/about');
  const box = await openSearchBox(page);
  await box.fill('sofa');
  await page.getByRole('button', { name: message('en', 'header.searchButton'), exact: true }).click();
  await expect(page).toHaveURL(/\/search\?keyword=sofa$/);
  await expect(box).toHaveValue('');
  await expect(page.getByText(message('en', 'search.resultsFor').replace('{keyword}', 'sofa'))).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const codes = (await cardCodes(page)).slice(0, 5);
  expect(codes.every((code) => code.startsWith('SF-'))).toBe(true);
  await expect(cards(page).first().locator('.product-card__name')).toContainText(/sofa/i);
});

test('Thai "โซฟา" finds the sofas, named in Thai', async ({ acceptedCookies: page }) => {
  await page.goto('/th');
  const box = await openSearchBox(page, 'th');
  await box.fill('โซฟา');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/th\/search\?keyword=%E0%B9%82%E0%B8%8B%E0%B8%9F%E0%B8%B2$/);
  await expect(cards(page).first()).toBeVisible();
  const top = cards(page).filter({ has: page.locator('.product-card__code', { hasText: /^SF-/ }) });
  expect(await top.count()).toBeGreaterThanOrEqual(10);
  for (const name of (await top.locator('.product-card__name').allTextContents()).slice(0, 10)) expect(name).toContain('โซฟา');
  // Prices are integer satang shown as baht in the Thai format.
  await expect(cards(page).first().locator('.price__now')).toHaveText(/^฿\d{1,3}(,\d{3})*(\.\d{2})?$/);
});

test('"Sofá" with an accent and Khmer "កៅអី" find sofas and chairs', async ({ acceptedCookies: page }) => {
  await page.goto('/search?keyword=Sof%C3%A1');
  await expect(cards(page).first()).toBeVisible();
  expect((await cardCodes(page)).slice(0, 5).every((code) => code.startsWith('SF-'))).toBe(true);

  await page.goto('/km/search?keyword=' + encodeURIComponent('កៅអី'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  await expect(cards(page).first()).toBeVisible();
  const codes = await cardCodes(page);
  expect(codes.some((code) => code.startsWith('CH-'))).toBe(true);
  const chairNames = await cards(page).filter({ has: page.locator('.product-card__code', { hasText: /^CH-/ }) }).locator('.product-card__name').allTextContents();
  for (const name of chairNames) expect(name).toContain('កៅអី');
});

test('search results are paged with links that keep the keyword', async ({ acceptedCookies: page, request }) => {
  const { total } = (await (await request.get('/api/app/search?keyword=sofa&limit=1')).json()) as { total: number };
  expect(total).toBeGreaterThan(24);
  await page.goto('/search?keyword=sofa');
  await expect(cards(page).first()).toBeVisible();
  const pages = page.getByRole('navigation', { name: message('en', 'pagination.label') });
  await expect(pages).toBeVisible();
  const firstPage = await cardCodes(page);
  expect(firstPage).toHaveLength(24);
  await pages.getByRole('link', { name: message('en', 'pagination.page').replace('{page}', '2') }).click();
  await expect(page).toHaveURL(/\/search\?keyword=sofa&page=2$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('2');
  await expect(page.locator('main .product-card__code')).toHaveCount(Math.min(24, total - 24));
  const secondPage = await cardCodes(page);
  expect(secondPage.some((code) => firstPage.includes(code))).toBe(false);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?keyword=sofa$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('1');
  await expect(page.locator('main .product-card__code')).toHaveCount(24);
});

test('a search without results says so and leads back to the rooms', async ({ acceptedCookies: page }) => {
  await page.goto('/search?keyword=qwxzvq');
  await expect(page.getByText(message('en', 'search.empty').replace('{keyword}', 'qwxzvq'))).toBeVisible();
  await page.locator('main').getByRole('link', { name: message('en', 'home.browseRooms') }).click();
  await expect(page).toHaveURL(/\/room$/);
});

test('searching stays in the current language and ignores an empty box', async ({ acceptedCookies: page }) => {
  await page.goto('/th');
  const box = await openSearchBox(page, 'th');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/th$/);
  await box.fill('sofa');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/th\/search\?keyword=sofa$/);
});

test('suggestions appear while typing and follow the arrow keys and Enter', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const box = await openSearchBox(page);
  await box.pressSequentially('sofa', { delay: 40 });
  const list = page.getByRole('listbox', { name: message('en', 'search.suggestions') });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  const count = await options.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  await expect(options.first().locator('img')).toHaveAttribute('srcset', /[?&]w=160 160w/);
  await expect(options.first()).toContainText('฿');

  await box.press('ArrowDown');
  await box.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  const code = (await second.locator('.suggestion__code').textContent())!.trim();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products/${code}$`));
  await expect(page.locator('.product__code')).toContainText(code);
  await expect(box).toHaveValue('');
});

test('Escape closes the suggestions; a # suggests from the code search', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const box = await openSearchBox(page);
  await box.pressSequentially('#SF-10', { delay: 40 });
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  for (const code of await list.locator('.suggestion__code').allTextContents()) expect(code).toMatch(/^SF-10/);
  await expect(list.getByRole('option')).toHaveCount(6);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('#SF-10');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchcode\?keyword=SF-10$/);
});

test('Thai shoppers find dining tables by the everyday word, sofas typed with the wrong layout, and narrow by a counted filter', async ({ acceptedCookies: page }, testInfo) => {
  // The catalogue says โต๊ะอาหาร; shoppers say โต๊ะกินข้าว (a synonym).
  await page.goto('/th/search?keyword=' + encodeURIComponent('โต๊ะกินข้าว'));
  await expect(cards(page).first()).toBeVisible();
  const tables = await cardCodes(page);
  expect(tables[0]).toBe('TB-3001');
  expect(tables.slice(0, 5)).toEqual(expect.arrayContaining(['TB-3001', 'TB-3002', 'TB-3003', 'TB-3004', 'TB-3005']));
  for (const name of (await cards(page).locator('.product-card__name').allTextContents()).slice(0, 5)) expect(name).toContain('โต๊ะอาหาร');

  // "sofa" typed with the Thai keyboard layout still on.
  await page.goto('/th/search?keyword=' + encodeURIComponent('หนดฟ'));
  const note = message('th', 'search.showingFor').replace('{typed}', 'หนดฟ').replace('{keyword}', 'sofa');
  await expect(page.getByText(note)).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  expect((await cardCodes(page)).slice(0, 10).every((code) => code.startsWith('SF-'))).toBe(true);

  // A material with its count narrows the results, and the URL keeps it.
  const toggle = page.getByRole('button', { name: message('th', 'catalog.filters') });
  if (await toggle.isVisible()) await toggle.click();
  const leather = page.locator('label.filter-pill', { has: page.locator('input[name="material"][value="leather"]') });
  await expect(leather.locator('.filter-pill__count')).toHaveText(/^\(\d+\)$/);
  const count = Number((await leather.locator('.filter-pill__count').textContent())?.replace(/\D/g, ''));
  // The count describes the option; its name stays the material's title.
  await expect(leather.locator('input')).toHaveAccessibleDescription(`(${count})`);
  await expect(leather.locator('input')).toHaveAccessibleName(/^[^()]+$/);
  expect(count).toBeGreaterThanOrEqual(3);
  await leather.click();
  await expect(page).toHaveURL(/\/th\/search\?keyword=%E0%B8%AB%E0%B8%99%E0%B8%94%E0%B8%9F&material=leather$/);
  await expect(page.locator('main .product-card__code')).toHaveCount(count);
  const narrowed = await cardCodes(page);
  expect(narrowed).toEqual(expect.arrayContaining(['SF-1006', 'SF-2002', 'SF-2003']));
  await page.screenshot({ path: testInfo.outputPath('search-th.png'), fullPage: false });
  // Back returns to the unfiltered results.
  await page.goBack();
  await expect(page).toHaveURL(/keyword=%E0%B8%AB%E0%B8%99%E0%B8%94%E0%B8%9F$/);
});
