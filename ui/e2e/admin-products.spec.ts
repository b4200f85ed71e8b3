// The stock clerk's catalogue work in a real browser against the real server, in Thai, at 1280 and
// 375 px. A clerk (role admin-stock, added by the owner through the API) creates a teak sideboard
// with its Thai and English names, room, material, colour, prices and opening stock; it is on the
// storefront and found by Thai search at once. The clerk raises the price of a selection by 5 %
// in one bulk edit (rounded to whole baht), imports a CSV (problems by line first, then
// applied), adjusts the stock with a reason (the ledger shows it),
// and when the same product is saved from two pages, the second save gets the "someone else
// changed this product" message naming what differs and loads their version. Screenshots land in
// e2e/screenshots/ (<project>-admin-products-*.png).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { addStaffAccount, call, fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const PASSWORD = 'teak-sideboard-2026';

/** A real PNG photo from the demo catalogue. */
const SIDE_PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets/demo/images/OD-5102-3.png');

/** A real JPEG, as a phone camera gives one: drawn and encoded by the browser itself. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    const wood = g.createLinearGradient(0, 0, 800, 600);
    wood.addColorStop(0, '#8b5a2b');
    wood.addColorStop(1, '#d2a679');
    g.fillStyle = wood;
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#3e2716';
    g.fillRect(120, 220, 560, 240);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function signIn(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function look(page: Page, name: string, project: string) {
  await fitsWidth(page);
  await shoot(page, `admin-products-${name}`, project);
}

type Stored = { price: number; stock: number; version: number; name: { th: string } };

async function stored(request: APIRequestContext, token: string, code: string): Promise<Stored> {
  return ((await call(request, 'GET', `/api/admin/products/${code}`, token)) as { product: Stored }).product;
}

/** Fills a language's name; on a phone the languages are tabs. */
async function fillName(page: Page, lang: 'th' | 'en', text: string) {
  if (isMobile(page)) await page.getByRole('tab', { name: new RegExp(`^${lang.toUpperCase()}`) }).click();
  await page.getByLabel(th('admin.products.nameIn', { lang: th(`admin.products.lang.${lang}`) }), { exact: true }).fill(text);
}

test('a stock clerk creates a product, bulk-prices, adjusts stock and meets a concurrent edit, in Thai', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const tag = `${isMobile(page) ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const code = `SB-${tag}`;
  const thaiName = `ตู้ไซด์บอร์ดไม้สักลำปาง ${tag}`;

  const owner = await staffToken(request);
  const clerkName = uniqueUsername('stock');
  await addStaffAccount(request, owner, clerkName, PASSWORD, 'admin-stock', 'Stock Clerk Lek');
  const clerk = await signIn(request, clerkName);
  await useToken(page, clerk);

  // The list, then a new product.
  await page.goto('/th/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('admin.products.title'));
  await expect(page.getByTestId('product-row').first()).toBeVisible();
  await look(page, 'list', project);
  await page.getByRole('link', { name: th('admin.products.new') }).click();
  await expect(page).toHaveURL(/\/th\/admin\/products\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('admin.products.newTitle'));

  // Saving an empty form names the problems at their fields.
  await page.getByTestId('save-product').click();
  await expect(page.getByText(th('admin.products.problemsCount', { count: 3 })).first()).toBeVisible();

  await page.getByLabel(th('admin.products.code'), { exact: true }).fill(code);
  await fillName(page, 'th', thaiName);
  await fillName(page, 'en', `Lampang teak sideboard ${tag}`);
  await page.getByLabel(th('admin.products.priceBaht'), { exact: true }).fill('12900');
  await page.getByLabel(th('admin.products.compareAtPrice'), { exact: true }).fill('14900');
  await page.getByLabel(th('admin.products.openingStock'), { exact: true }).fill('5');
  const rooms = (await (await request.get('/api/app/room/list')).json()) as { rooms: { key: string; title: { th: string } }[] };
  const living = rooms.rooms.find((room) => room.key === 'living');
  if (!living) throw new Error('the demo catalogue has no living room');
  await page.getByRole('group', { name: th('admin.products.rooms') }).getByLabel(living.title.th, { exact: true }).check();
  await page.getByLabel(th('admin.products.material'), { exact: true }).selectOption('teak');
  await page.getByLabel(th('admin.products.colour'), { exact: true }).selectOption('brown');
  await look(page, 'new', project);
  await page.getByTestId('save-product').click();
  await expect(page).toHaveURL(new RegExp(`/th/admin/products/${code}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
  await expect(page.getByTestId('stock-level')).toHaveText('5');

  // Two photos: one from the phone's camera (JPEG), one from its gallery (PNG).
  await page.getByTestId('image-input').setInputFiles([
    { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) },
    { name: 'sideboard-side.png', mimeType: 'image/png', buffer: readFileSync(SIDE_PHOTO) },
  ]);
  await expect(page.getByTestId('image-card')).toHaveCount(2);
  const photos = ((await call(request, 'GET', `/api/admin/products/${code}`, clerk)) as { product: { images: string[] } }).product.images;
  expect(photos).toHaveLength(2);
  expect(photos[0]).toMatch(new RegExp(`^/api/file/images/${code}/[0-9a-f]+\\.jpg$`));
  expect(photos[1]).toMatch(new RegExp(`^/api/file/images/${code}/[0-9a-f]+\\.png$`));

  // Live on the storefront and in Thai search at once.
  const shop = await page.context().newPage();
  await shop.goto(`/th/products/${code}`);
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText(thaiName);
  // The shop shows the uploaded photos (the main one first).
  await expect(shop.locator(`img[src*="/api/file/images/${code}/"]`).first()).toBeVisible();
  await shop.goto(`/th/search?keyword=${encodeURIComponent('ลำปาง')}`);
  await expect(shop.getByRole('link', { name: new RegExp(thaiName) }).first()).toBeVisible();
  await shop.close();

  // A second product of the same series, through the API, then a 5 % bulk raise of both.
  const second = `SB-${tag}-2`;
  await call(request, 'POST', '/api/admin/products', clerk, {
    code: second,
    name: { en: `Lampang teak shelf ${tag}`, th: `ชั้นวางไม้สักลำปาง ${tag}` },
    price: 499_000,
    rooms: ['living'],
    stock: 2,
  });
  await page.goto(`/th/admin/products?q=${encodeURIComponent(`SB-${tag}`)}`);
  await expect(page.getByTestId('product-row')).toHaveCount(2);
  await page.getByLabel(th('admin.products.selectAll'), { exact: true }).check();
  const bulk = page.getByTestId('bulk-bar');
  await expect(bulk.getByRole('heading')).toHaveText(th('admin.products.bulk.selected', { count: 2 }));
  await bulk.getByLabel(th('admin.products.bulk.percentLabel')).fill('5');
  await look(page, 'bulk', project);
  await bulk.getByRole('button', { name: th('admin.products.bulk.apply', { count: 2 }) }).click();
  await expect(bulk.getByText(th('admin.products.bulk.saved', { count: 2 }))).toBeVisible();
  expect((await stored(request, clerk, code)).price).toBe(1_354_500);
  expect((await stored(request, clerk, second)).price).toBe(524_000); // 5 239.50 → 5 240

  // A CSV import: problems are shown by line and nothing is written; a clean file applies.
  await page.getByRole('button', { name: th('admin.products.importCsv') }).click();
  const importer = page.getByTestId('csv-import');
  const csv = (rows: string) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`code,name_en,name_th,price,rooms,stock\n${rows}`) });
  const shelf = `${second},Lampang teak shelf ${tag},ชั้นวางไม้สักลำปาง ${tag},550000,living,2\n`;
  await importer.getByLabel(th('admin.products.csv.file')).setInputFiles(csv(`${shelf}BAD 1,,,-5,,0\n`));
  await expect(importer.getByTestId('csv-problems')).toContainText('line 3 (BAD 1): code');
  await expect(importer.getByRole('button', { name: th('admin.products.csv.apply', { count: 2 }) })).toBeDisabled();
  expect((await stored(request, clerk, second)).price).toBe(524_000);
  await importer.getByLabel(th('admin.products.csv.file')).setInputFiles(csv(shelf));
  await expect(importer.getByText(th('admin.products.csv.summary', { name: 'products.csv', new: 0, updated: 1, unchanged: 0 }))).toBeVisible();
  await look(page, 'import', project);
  await importer.getByRole('button', { name: th('admin.products.csv.apply', { count: 1 }) }).click();
  await expect(importer.getByText(th('admin.products.csv.applied', { new: 0, updated: 1 }))).toBeVisible();
  expect((await stored(request, clerk, second)).price).toBe(550_000);
  await importer.getByRole('button', { name: th('admin.products.csv.close') }).click();

  // A stock count: +3 with the reason, in the ledger.
  await page.getByRole('link', { name: code, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
  await page.getByRole('button', { name: th('admin.products.adjustStock') }).click();
  const dialog = page.getByRole('dialog', { name: th('admin.products.stockDialog.title', { code }) });
  await dialog.getByLabel(th('admin.products.stockDialog.delta')).fill('-9');
  await dialog.getByLabel(th('admin.products.stockDialog.reason')).fill('นับสต็อกประจำเดือน');
  await dialog.getByRole('button', { name: th('admin.products.stockDialog.save') }).click();
  await expect(dialog.getByText(th('admin.products.stockDialog.belowZero', { level: 5 }))).toBeVisible();
  await dialog.getByLabel(th('admin.products.stockDialog.delta')).fill('+3');
  await expect(dialog.getByText(th('admin.products.stockDialog.willBe', { level: 8 }))).toBeVisible();
  await shoot(page, 'admin-products-stock', project, false);
  await dialog.getByRole('button', { name: th('admin.products.stockDialog.save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('stock-level')).toHaveText('8');
  await expect(page.getByRole('cell', { name: 'นับสต็อกประจำเดือน' })).toBeVisible();
  expect((await stored(request, clerk, code)).stock).toBe(8);

  // Two pages edit the same product: the later save is refused with what changed.
  const other = await page.context().newPage();
  await useToken(other, clerk);
  await other.goto(`/th/admin/products/${code}`);
  await page.reload();
  await expect(page.getByLabel(th('admin.products.priceBaht'), { exact: true })).toHaveValue('13545');
  await expect(other.getByLabel(th('admin.products.priceBaht'), { exact: true })).toHaveValue('13545');
  await other.getByLabel(th('admin.products.priceBaht'), { exact: true }).fill('13990');
  await other.getByTestId('save-product').click();
  await expect(other.getByText(th('admin.products.saved'), { exact: true })).toBeVisible();
  await other.close();

  await fillName(page, 'th', `${thaiName} (ใหม่)`);
  await page.getByTestId('save-product').click();
  const conflict = page.getByTestId('version-conflict');
  await expect(conflict).toContainText(th('admin.products.conflict.title'));
  await expect(conflict).toContainText(th('admin.products.price'));
  await look(page, 'conflict', project);
  await conflict.getByRole('button', { name: th('admin.products.conflict.reload') }).click();
  await expect(conflict).toHaveCount(0);
  await expect(page.getByLabel(th('admin.products.priceBaht'), { exact: true })).toHaveValue('13990');
  const now = await stored(request, clerk, code);
  expect(now.price).toBe(1_399_000);
  expect(now.name.th).toBe(thaiName);
});
