// A keyword no product holds every word of (issue 32): the products holding the most of the words
// are shown, and a note in the shopper's language names the word that found nothing. Run by both
// projects: at 375 px (phone) and at 1280 px.
import { expect, message, test } from './fixtures';

// "A cabinet to put clothes in": ใส่ ("put in") is in no wardrobe's name.
const KEYWORD = 'ตู้ใส่เสื้อผ้า';

test('a Thai keyword with one word too many shows the wardrobes and names the word left out', async ({ acceptedCookies: page }) => {
  await page.goto(`/th/search?keyword=${encodeURIComponent(KEYWORD)}`);
  await expect(page.locator('.first-paint')).toHaveCount(0);
  const [before, after] = message('th', 'search.unmatchedNote').split('{words}');
  const note = page.locator('.listing__unmatched');
  await expect(note).toBeVisible();
  await expect(note).toHaveText(`${before}ใส่${after}`);
  await expect(note.locator('em')).toHaveText('ใส่');
  // On the first screen at both widths, above the filters (open at 1280 px).
  await expect(note).toBeInViewport();
  const noteTop = (await note.boundingBox())!.y;
  const toolbarTop = (await page.locator('.listing__toolbar').boundingBox())!.y;
  expect(noteTop).toBeLessThan(toolbarTop);
  const cards = page.locator('main .product-card:not(.product-card--skeleton)');
  await expect(cards.first()).toBeVisible();
  // The wardrobes come first (their codes are ST-600x).
  await expect(page.locator('main .product-card__code').first()).toHaveText(/^ST-600/);
  // The note fits the width: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a keyword every word of which is found shows no such note', async ({ acceptedCookies: page }) => {
  await page.goto(`/th/search?keyword=${encodeURIComponent('ตู้เสื้อผ้า')}`);
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await expect(page.locator('main .product-card:not(.product-card--skeleton)').first()).toBeVisible();
  await expect(page.locator('.listing__unmatched')).toHaveCount(0);
});
