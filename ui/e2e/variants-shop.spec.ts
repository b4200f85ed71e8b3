// A product with options on the storefront, in Thai, at both widths (docs/VARIANTS.md §3–§5): the
// shopper chooses a fabric and a size, the price and the photo follow, the URL keeps the variant
// (also after a reload), sold-out and missing values are disabled, the variant goes to the
// cart, the cart line says the choice, and the guest checkout places the order with it. A search
// listing shows the product "from" its lowest price with its colour dots. The product is made
// here through the staff API, so the journey does not hang on the demo catalogue.
// Screenshots of the product page, the listing and the cart land in e2e/screenshots/.
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, isMobile, message, test } from './fixtures';
import { call, fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const demo = (name: string) => `/api/file/images/demo/${name}.png`;
const text = (en: string, th: string, my: string, km: string, id: string) => ({ en, th, my, km, id });

/** A sofa in three fabrics and two sizes: Sand is never made as a 2-seat, Blue 3-seat is sold out. */
async function makeSofa(request: APIRequestContext, code: string) {
  const staff = await staffToken(request);
  const variant = (suffix: string, values: number[], price: number, stock: number, image: string, compareAtPrice: number | null = null) => ({
    code: `${code}-${suffix}`,
    values,
    price,
    compareAtPrice,
    stock,
    active: true,
    images: [demo(image)],
  });
  await call(request, 'POST', '/api/admin/products', staff, {
    code,
    name: text(`Variant Sofa ${code}`, `โซฟาหลายแบบ ${code}`, `Sofa Pilihan ${code}`, `សាឡុងជម្រើស ${code}`, `Sofa Pilihan ${code}`),
    description: text('A sofa in three fabrics.', 'โซฟาผ้าสามสี', 'Sofa dalam tiga fabrik.', 'សាឡុងក្រណាត់បីពណ៌។', 'Sofa dalam tiga kain.'),
    price: 1_590_000,
    images: [demo('SF-1002-1'), demo('SF-1001-1'), demo('SF-1003-1'), demo('SF-1007-1'), demo('SF-1001-2')],
    // Living room only: no promotion applies, so the prices are the variants' own.
    rooms: ['living'],
    stock: 0,
    options: [
      {
        kind: 'colour',
        name: text('Fabric', 'สีผ้า', 'Fabrik', 'ក្រណាត់', 'Kain'),
        values: [
          { ...text('Grey', 'เทา', 'Kelabu', 'ប្រផេះ', 'Abu-abu'), key: 'grey', swatch: '#8a8d91' },
          { ...text('Sand', 'ทราย', 'Pasir', 'ខ្សាច់', 'Pasir'), key: 'beige', swatch: '#d8c7a6' },
          { ...text('Blue', 'น้ำเงิน', 'Biru', 'ខៀវ', 'Biru'), key: 'blue', swatch: '#3d5a80' },
        ],
      },
      {
        kind: 'size',
        name: text('Size', 'ขนาด', 'Saiz', 'ទំហំ', 'Ukuran'),
        values: [
          { ...text('3-seat', '3 ที่นั่ง', '3 tempat duduk', '3 កន្លែង', '3 dudukan'), key: '3-seat' },
          { ...text('2-seat', '2 ที่นั่ง', '2 tempat duduk', '2 កន្លែង', '2 dudukan'), key: '2-seat' },
        ],
      },
    ],
    variants: [
      variant('GRY-2', [0, 1], 1_590_000, 6, 'SF-1002-1'),
      variant('GRY-3', [0, 0], 1_890_000, 5, 'SF-1001-1', 2_190_000),
      variant('SND-3', [1, 0], 2_290_000, 8, 'SF-1003-1'),
      variant('BLU-3', [2, 0], 1_990_000, 0, 'SF-1007-1'),
      variant('BLU-2', [2, 1], 1_690_000, 3, 'SF-1007-1'),
    ],
  });
}

const mainPhoto = (page: Page) => page.locator('.gallery__image').first();
const shownPrice = (page: Page) => page.locator('.product__price .price__now');
const option = (page: Page, name: string) => page.getByRole('radiogroup', { name });

async function fillGuestCheckout(page: Page) {
  const contact = page.getByTestId('guest-contact');
  await contact.getByLabel(th('guest.name'), { exact: true }).fill('นก ศรีวรรณ');
  await contact.getByLabel(th('checkout.phone'), { exact: true }).fill('089 123 4567');
  await contact.getByLabel(th('guest.email'), { exact: true }).fill('nok.variants@example.com');
  await page.getByLabel(th('checkout.line1'), { exact: true }).fill('99/9 ถนนสุขุมวิท แขวงคลองเตยเหนือ');
  await page.getByLabel(th('checkout.district'), { exact: true }).fill('วัฒนา');
  await page.getByLabel(th('checkout.province'), { exact: true }).selectOption('bangkok');
  await page.getByLabel(th('checkout.postcode'), { exact: true }).fill('10110');
}

test('a shopper chooses a fabric and a size in Thai, keeps the choice in the URL, and buys that variant', async ({ acceptedCookies: page, request }, testInfo) => {
  const project = testInfo.project.name;
  const code = `VS-${randomBytes(3).toString('hex').toUpperCase()}`;
  await makeSofa(request, code);

  // Without ?variant= the page shows the first variant in stock: grey, 2-seat.
  await page.goto(`/th/products/${code}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`โซฟาหลายแบบ ${code}`);
  await expect(shownPrice(page)).toHaveText('฿15,900');
  await expect(option(page, 'สีผ้า').getByRole('radio', { name: 'เทา', exact: true })).toBeChecked();
  await expect(option(page, 'ขนาด').getByRole('radio', { name: '2 ที่นั่ง', exact: true })).toBeChecked();
  await expect(mainPhoto(page)).toHaveAttribute('src', /SF-1002-1\.png/);

  // A size, then fabrics: price, compare-at price, photo and code follow, without a reload.
  await page.evaluate(() => ((window as unknown as { kioskNoReload: boolean }).kioskNoReload = true));
  await option(page, 'ขนาด').getByRole('radio', { name: '3 ที่นั่ง', exact: true }).check();
  await expect(shownPrice(page)).toHaveText('฿18,900');
  await expect(page.locator('.product__price .price__was')).toContainText('฿21,900');
  await expect(mainPhoto(page)).toHaveAttribute('src', /SF-1001-1\.png/);
  await expect(page).toHaveURL(new RegExp(`/th/products/${code}\\?variant=${code}-GRY-3$`));
  // Blue 3-seat is sold out: choosing blue lands on the blue in stock (2-seat), and the 3-seat
  // is then disabled as sold out, told apart from a combination never made.
  await option(page, 'สีผ้า').getByRole('radio', { name: 'น้ำเงิน', exact: true }).check();
  await expect(shownPrice(page)).toHaveText('฿16,900');
  await expect(mainPhoto(page)).toHaveAttribute('src', /SF-1007-1\.png/);
  await expect(option(page, 'ขนาด').getByRole('radio', { name: '2 ที่นั่ง', exact: true })).toBeChecked();
  await expect(option(page, 'ขนาด').getByRole('radio', { name: `3 ที่นั่ง, ${th('product.valueSoldOut')}` })).toBeDisabled();
  await expect(page.locator('.variant-value--soldOut')).toHaveCount(1);
  // Sand is made as a 3-seat only: choosing it moves the size, and the 2-seat is not available.
  await option(page, 'สีผ้า').getByRole('radio', { name: 'ทราย', exact: true }).check();
  await expect(shownPrice(page)).toHaveText('฿22,900');
  await expect(page.locator('.product__price .price__was')).toHaveCount(0);
  await expect(mainPhoto(page)).toHaveAttribute('src', /SF-1003-1\.png/);
  await expect(page.getByTestId('product-sku')).toHaveText(`${code}-SND-3`);
  await expect(page).toHaveURL(new RegExp(`\\?variant=${code}-SND-3$`));
  await expect(option(page, 'ขนาด').getByRole('radio', { name: `2 ที่นั่ง, ${th('product.valueMissing')}` })).toBeDisabled();
  await expect(page.locator('.variant-value--missing')).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { kioskNoReload?: boolean }).kioskNoReload)).toBe(true);

  // The keyboard moves within a group and skips what cannot be chosen.
  await option(page, 'ขนาด').getByRole('radio', { name: '3 ที่นั่ง', exact: true }).focus();
  await option(page, 'สีผ้า').getByRole('radio', { name: 'ทราย', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${code}-GRY-3$`));
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${code}-SND-3$`));

  // A reload (or a shared link) opens the same variant.
  await page.reload();
  await expect(shownPrice(page)).toHaveText('฿22,900');
  await expect(option(page, 'สีผ้า').getByRole('radio', { name: 'ทราย', exact: true })).toBeChecked();
  await expect(option(page, 'ขนาด').getByRole('radio', { name: '3 ที่นั่ง', exact: true })).toBeChecked();
  await expect(mainPhoto(page)).toHaveAttribute('src', /SF-1003-1\.png/);
  await fitsWidth(page);
  // Every value is a tap target of at least 44 × 44 px.
  for (const box of await page.locator('.variant-value').evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()))) {
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await shoot(page, 'variants-product', project, !isMobile(page));
  if (isMobile(page)) {
    // The options under the photo, above the buy bar.
    await page.getByTestId('variant-picker').evaluate((picker) => picker.scrollIntoView({ block: 'center' }));
    await shoot(page, 'variants-product-options', project, false);
  }

  // Into the cart: the variant's code, and the line says the choice in Thai.
  const add = page.getByRole('button', { name: th('checkout.addToCart') }).first();
  await add.click();
  await expect(page.locator('.buy-box__in-cart').first()).toContainText(th('checkout.inCart', { count: 1 }));
  await page.goto('/th/cart');
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-code', `${code}-SND-3`);
  await expect(line.getByTestId('line-choice')).toHaveText('ทราย / 3 ที่นั่ง');
  await expect(line.getByRole('link', { name: `โซฟาหลายแบบ ${code}` })).toHaveAttribute('href', `/th/products/${code}?variant=${code}-SND-3`);
  await fitsWidth(page);
  await shoot(page, 'variants-cart', project, false);

  // The guest checkout places the order with that variant.
  await page
    .getByRole('link', { name: th('checkout.toCheckout') })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/th\/order$/);
  await expect(page.locator('.checkout-summary').getByTestId('line-choice')).toHaveText('ทราย / 3 ที่นั่ง');
  await fillGuestCheckout(page);
  await page.getByRole('button', { name: th('checkout.placeOrder') }).click();
  await expect(page).toHaveURL(/\/th\/cartres\?order=\d+&key=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('checkout.thanks'));
  await expect(page.locator('.result-items').getByTestId('line-choice')).toHaveText('ทราย / 3 ที่นั่ง');
  await expect(page.locator('.result-items')).toContainText(`${code}-SND-3`);
  await shoot(page, 'variants-result', project);

  // The variant's stock went down, the others' did not.
  const product = (await (await request.get(`/api/app/product/get/${code}`)).json()) as { product: { variants: { code: string; stock: number }[] } };
  const stockOf = (suffix: string) => product.product.variants.find((variant) => variant.code === `${code}-${suffix}`)?.stock;
  expect(stockOf('SND-3')).toBe(7);
  expect(stockOf('GRY-3')).toBe(5);
});

test('a listing shows a product with options "from" its lowest price with its colour dots', async ({ acceptedCookies: page, request }, testInfo) => {
  const code = `VL-${randomBytes(3).toString('hex').toUpperCase()}`;
  await makeSofa(request, code);
  await page.goto(`/th/search?keyword=${encodeURIComponent(code)}`);
  const card = page.locator('.product-card').filter({ hasText: code }).first();
  await expect(card.locator('.price__now')).toHaveText(th('product.from', { price: '฿15,900' }));
  await expect(card.locator('.product-card__dot')).toHaveCount(3);
  await expect(card.getByText(th('product.colourCount', { count: 3 }))).toBeAttached();
  await fitsWidth(page);
  await shoot(page, 'variants-listing', testInfo.project.name, false);
  // The card opens the product page.
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/th/products/${code}(\\?variant=[A-Z0-9-]+)?$`));
  await expect(page.getByRole('radiogroup', { name: 'สีผ้า' })).toBeVisible();
});
