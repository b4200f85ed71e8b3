// The staff side of options and variants in a real browser against the real server, in Thai, at
// 1280 and 375 px (docs/VARIANTS.md §6): a stock clerk opens a bed sold in two sizes, adds a
// third size, generates the missing combination (a variant with a suggested code), sets its
// opening stock and saves; the new size is on the storefront at once. The clerk then adjusts that
// variant's stock with a reason, and the product list shows the variants' levels. Screenshots
// of the variant editor land in e2e/screenshots/<project>-variants-editor*.png.
import type { APIRequestContext, Page } from '@playwright/test';
import { uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { addStaffAccount, call, fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const PASSWORD = 'rubberwood-bed-2026';

type Variant = { code: string; stock: number; price: number; active: boolean; values: number[] };
type Stored = { code: string; stock: number; version: number; variants: Variant[]; options: { values: { th: string }[] }[] };

async function stored(request: APIRequestContext, token: string, code: string): Promise<Stored> {
  return ((await call(request, 'GET', `/api/admin/products/${code}`, token)) as { product: Stored }).product;
}

async function signIn(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function look(page: Page, name: string, project: string) {
  await fitsWidth(page);
  await shoot(page, `variants-${name}`, project);
}

test('a clerk adds a new size to a product and sets its stock, in Thai', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const tag = `${isMobile(page) ? 'M' : 'D'}${Date.now().toString(36).toUpperCase()}`;
  const code = `BD-${tag}`;

  const owner = await staffToken(request);
  const clerkName = uniqueUsername('sizes');
  await addStaffAccount(request, owner, clerkName, PASSWORD, 'admin-stock', 'Stock Clerk Nok');
  const clerk = await signIn(request, clerkName);

  // A bed in 5 ft and 6 ft, with two of the demo catalogue's photos.
  const demo = ((await (await request.get('/api/app/product/list?limit=1')).json()) as { products: { code: string }[] }).products[0];
  const photos = ((await (await request.get(`/api/app/product/get/${demo!.code}`)).json()) as { product: { images: string[] } }).product.images.slice(0, 2);
  await call(request, 'POST', '/api/admin/products', clerk, {
    code,
    name: { en: `Chiang Mai rubberwood bed ${tag}`, th: `เตียงไม้ยางพาราเชียงใหม่ ${tag}` },
    price: 1_290_000,
    rooms: ['bedroom'],
    images: photos,
    options: [
      {
        kind: 'size',
        name: { en: 'Size', th: 'ขนาด', my: 'Saiz', km: 'ទំហំ', id: 'Ukuran' },
        values: [
          { en: '5 ft', th: '5 ฟุต', key: '5ft' },
          { en: '6 ft', th: '6 ฟุต', key: '6ft' },
        ],
      },
    ],
    variants: [
      { code: `${code}-5FT`, values: [0], price: 1_290_000, stock: 3, active: true, images: photos.slice(0, 1) },
      { code: `${code}-6FT`, values: [1], price: 1_490_000, stock: 6, active: true, images: photos.slice(1, 2) },
    ],
  });

  await useToken(page, clerk);
  await page.goto(`/th/admin/products/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
  const editor = page.getByTestId('variant-editor');
  await expect(editor.getByTestId('variant-row')).toHaveCount(2);
  await expect(page.getByTestId('variant-summary')).toContainText(th('admin.products.variants.fromPrice', { price: '' }).trim());

  // A third size: its Thai and English texts, then the missing combination.
  await editor.getByRole('button', { name: th('admin.products.variants.addValue') }).click();
  const third = editor.getByTestId('variant-value').nth(2);
  await third.getByLabel(th('admin.products.variants.valueText', { lang: th('admin.products.lang.th') })).fill('7 ฟุต');
  await third.getByLabel(th('admin.products.variants.valueText', { lang: th('admin.products.lang.en') })).fill('7 ft');
  await editor.getByRole('button', { name: th('admin.products.variants.generate') }).click();
  await expect(editor.getByText(th('admin.products.variants.generated', { count: 1 }))).toBeVisible();
  const rows = editor.getByTestId('variant-row');
  await expect(rows).toHaveCount(3);
  const added = rows.nth(2);
  const newCode = `${code}-7-FT`;
  await expect(added.getByLabel(th('admin.products.code'), { exact: true })).toHaveValue(newCode);
  await added.getByLabel(th('admin.products.variants.price'), { exact: true }).fill('16900');
  await added.getByLabel(th('admin.products.openingStock'), { exact: true }).fill('4');
  await added.getByRole('button', { name: th('admin.products.variants.photo', { n: 2 }) }).click();
  await editor.scrollIntoViewIfNeeded();
  await look(page, 'editor', project);

  await page.getByTestId('save-product').click();
  await expect(page.getByText(th('admin.products.saved'), { exact: true })).toBeVisible();
  await expect(added.getByTestId('variant-level')).toHaveText('4');
  let now = await stored(request, clerk, code);
  expect(now.options[0]!.values.map((v) => v.th)).toEqual(['5 ฟุต', '6 ฟุต', '7 ฟุต']);
  const seven = now.variants.find((v) => v.code === newCode);
  expect(seven).toMatchObject({ stock: 4, price: 1_690_000, active: true, values: [2] });
  expect(now.stock).toBe(13);

  // On the storefront at once.
  const shop = await page.context().newPage();
  const shown = (await (await shop.request.get(`/api/app/product/get/${code}`)).json()) as { product: { variants: Variant[] } };
  expect(shown.product.variants.map((v) => v.code)).toContain(newCode);
  await shop.close();

  // The new size's stock: +2 from a delivery, with the reason the ledger keeps.
  await added.getByRole('button', { name: th('admin.products.variants.adjustOf', { code: newCode }) }).click();
  const dialog = page.getByRole('dialog', { name: th('admin.products.stockDialog.title', { code: newCode }) });
  await expect(dialog.getByText(th('admin.products.stockDialog.now', { level: 4 }))).toBeVisible();
  await dialog.getByLabel(th('admin.products.stockDialog.delta')).fill('+2');
  await dialog.getByLabel(th('admin.products.stockDialog.reason')).fill('รับของจากโรงงานลำพูน');
  await dialog.getByRole('button', { name: th('admin.products.stockDialog.save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(added.getByTestId('variant-level')).toHaveText('6');
  now = await stored(request, clerk, code);
  expect(now.variants.find((v) => v.code === newCode)?.stock).toBe(6);
  expect(now.variants.find((v) => v.code === `${code}-5FT`)?.stock).toBe(3);
  await look(page, 'editor-saved', project);

  // The list shows the variants' levels; the 5 ft bed (3 left) makes the product low on stock.
  await page.goto(`/th/admin/products?q=${encodeURIComponent(code)}&lowStock=true`);
  const row = page.getByTestId('product-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('variant-levels')).toContainText(`${newCode}: 6`);
  await look(page, 'list', project);
});
