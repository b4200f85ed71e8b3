// The staff side of the full audit (issue 33), in Thai at 1280 and 375 px against the real
// server: the activity log and the coin ledger worded in Thai with money as baht; the dashboard
// leading with paid sales and a separate awaiting-payment figure; a new coupon running a month
// with dates in the shop's format and a warning when it would end tonight; a product ticked
// only in "โซฟา 3 ที่นั่ง" on the sofas page with the sofas promotion; the e-catalogue page
// telling the drawn copy's size and pages; a no-access card naming the permission in Thai; and
// the Code submenu for admin-sales, read-only. Screenshots: e2e/screenshots/<project>-audit-staff-*.png.
import type { APIRequestContext, Page } from '@playwright/test';
import { registerShopper, uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { addStaffAccount, call, fitsWidth, moveOrder, placeTestOrder, shoot, soldByTheirCodes, staffToken, userIdOf } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

/** ฿ and grouped baht, as the staff pages write money. */
const baht = (satang: number) => `฿${(satang / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

async function look(page: Page, name: string, project: string) {
  await fitsWidth(page);
  await shoot(page, `audit-staff-${name}`, project);
}

type Listed = { code: string; price: number; stock: number; active: boolean; compareAtPrice: number | null; rooms: string[]; categories: string[] };

async function cheapPlain(request: APIRequestContext): Promise<Listed> {
  const response = await request.get('/api/app/product/list?room=bedroom&sort=price_asc&limit=100');
  const listed = ((await response.json()) as { products: Listed[] }).products.filter(
    (p) => p.active && p.stock >= 5 && p.compareAtPrice === null && !p.categories.includes('sofas') && !p.rooms.includes('outdoor'),
  );
  const [found] = await soldByTheirCodes(request, listed);
  if (!found) throw new Error('no plain bedroom product in stock');
  return found;
}

async function dashboard(request: APIRequestContext, token: string) {
  return (await call(request, 'GET', '/api/admin/dashboard', token)) as {
    today: { sales: number; orders: number; awaiting: { orders: number; revenue: number } };
  };
}

test('the activity log and the coin ledger read in Thai with money as baht', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);
  const buyer = await registerShopper(request, `audit-log-${project}`);
  const buyerId = await userIdOf(request, buyer.token);
  const item = await cheapPlain(request);
  const order = await placeTestOrder(request, buyer.token, buyerId, [[item.code, 1]]);
  for (const status of ['paid', 'preparing', 'shipped', 'delivered']) await moveOrder(request, owner, order.id, status);
  await call(request, 'POST', `/api/admin/products/${encodeURIComponent(item.code)}/stock`, owner, { delta: 7, reason: 'นับสต็อก' });

  await useToken(page, owner);
  await page.goto(`/th/admin/activity?target=${encodeURIComponent(`order ${order.number}`)}`);
  const placed = page.getByTestId('activity-line').filter({ hasText: th('admin.activity.details.orderPlaced', { items: 1, total: baht(order.total) }) });
  await expect(placed).toHaveCount(1);
  await expect(placed).toContainText(th('admin.activity.actions.orderPlaced'));
  await expect(placed).toContainText(`${th('admin.activity.kinds.order')} ${order.number}`);
  await expect(page.getByTestId('activity-lines')).not.toContainText('satang');
  await expect(page.getByTestId('activity-lines')).not.toContainText('order placed');
  await expect(page.getByTestId('activity-lines')).toContainText(th('admin.activity.actions.orderDelivered'));
  await look(page, 'activity-order', project);

  await page.goto(`/th/admin/activity?target=${encodeURIComponent(`product ${item.code}`)}`);
  const stock = page.getByTestId('activity-line').filter({ hasText: th('admin.activity.actions.stockAdjusted') }).first();
  await expect(stock).toContainText(`${th('admin.activity.kinds.product')} ${item.code}`);
  await expect(stock).toContainText(/สต็อก \d[\d,]* → \d[\d,]* \(\+7\): นับสต็อก/);

  await page.goto(`/th/admin/customers/${buyerId}`);
  const ledger = page.getByTestId('coin-ledger');
  await expect(ledger).toContainText(th('admin.customers.coinReasons.orderDelivered', { order: order.number }));
  await expect(ledger).not.toContainText(`order ${order.number} delivered`);
  await look(page, 'coin-ledger', project);
});

test('the dashboard leads with paid sales and tells what awaits payment apart', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);
  const buyer = await registerShopper(request, `audit-dash-${project}`);
  const buyerId = await userIdOf(request, buyer.token);
  const item = await cheapPlain(request);
  const before = await dashboard(request, owner);
  const unpaid = await placeTestOrder(request, buyer.token, buyerId, [[item.code, 1]]);
  const after = await dashboard(request, owner);
  // An order waiting for its money is not a sale; it shows in its own figure.
  expect(after.today.sales).toBe(before.today.sales);
  expect(after.today.awaiting.revenue - before.today.awaiting.revenue).toBe(unpaid.total);

  await useToken(page, owner);
  await page.goto('/th/admin');
  const today = page.getByTestId('stat-today');
  await expect(today).toContainText(th('admin.home.sales'));
  const shown = await dashboard(request, owner);
  await expect(page.getByTestId('stat-today-sales')).toHaveText(baht(shown.today.sales));
  await expect(page.getByTestId('stat-today-awaiting')).toHaveText(
    th('admin.home.awaitingFigure', { amount: baht(shown.today.awaiting.revenue), count: shown.today.awaiting.orders }),
  );
  await look(page, 'dashboard', project);
});

test('a new coupon runs a month, shows its dates in the shop format and warns when it ends tonight', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date(ms));
  const today = day(Date.now());
  const inThirty = day(Date.now() + 30 * 86_400_000);
  const code = `MONTH${project === 'mobile' ? 'M' : 'D'}${Date.now().toString(36).toUpperCase().slice(-5)}`;

  await useToken(page, owner);
  await page.goto('/th/admin/coupons');
  await page.getByRole('button', { name: th('admin.coupons.new') }).click();
  const form = page.getByTestId('coupon-form');
  await expect(form.getByLabel(th('admin.coupons.validFrom'))).toHaveValue(today);
  await expect(form.getByLabel(th('admin.coupons.validTo'))).toHaveValue(inThirty);
  // The end day written the shop's way ('27 ธ.ค. 2569': Thai years are Buddhist era), not as ISO.
  const [y, m, d] = inThirty.split('-').map(Number) as [number, number, number];
  const month = new Intl.DateTimeFormat('th', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  await expect(form).toContainText(`${d} ${month} ${y + 543}`);
  await expect(page.getByTestId('coupon-end-warning')).toHaveCount(0);

  await form.getByLabel(th('admin.coupons.validTo')).fill(today);
  await expect(page.getByTestId('coupon-end-warning')).toBeVisible();
  await look(page, 'coupon-warning', project);
  await form.getByLabel(th('admin.coupons.validTo')).fill(inThirty);
  await expect(page.getByTestId('coupon-end-warning')).toHaveCount(0);

  await form.getByLabel(th('admin.coupons.code')).fill(code);
  await form.getByLabel(th('admin.promotions.amountValue')).fill('100');
  await form.getByRole('button', { name: th('admin.coupons.save') }).click();
  const row = page.locator(`[data-testid="coupon-row"][data-code="${code}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('coupon-dates')).toContainText(`${d} ${month} ${y + 543}`);
  await expect(row.getByTestId('coupon-dates')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await look(page, 'coupons', project);
});

test('a product ticked only in "โซฟา 3 ที่นั่ง" is on the sofas page with the sofas promotion', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);
  const code = `SF-9${project === 'mobile' ? '1' : '2'}${String(Date.now()).slice(-2)}`;
  const name = `โซฟาทดสอบหมวดย่อย ${code}`;
  const created = await request.post('/api/admin/products', {
    headers: { Authorization: `Bearer ${owner}` },
    data: {
      code,
      name: { en: `Sub-category sofa ${code}`, th: name },
      description: { en: 'A sofa.', th: 'โซฟา' },
      price: 9_900,
      rooms: ['living'],
      categories: ['sofas-3-seat'],
      stock: 5,
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/th/category/sofas?sort=price_asc');
  const card = page.locator('.product-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  // The demo's "sofa month" (10 % off the sofas category) shows on it: ฿99 → ฿89.10.
  await expect(card).toContainText('฿89.10');
  await look(page, 'category-sofas', project);

  const response = await request.get(`/api/app/search?keyword=${encodeURIComponent(code)}&category=sofas`);
  expect(JSON.stringify(await response.json())).toContain(code);
});

test('staff wording: the e-catalogue page tells the drawn copy; no-access names the permission; admin-sales reads the code tables', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);

  await useToken(page, owner);
  await page.goto('/th/admin/catalogue-pdf');
  const current = page.getByTestId('catalogue-current');
  // What the page names is what shoppers get: the copy drawn from today's products, or the
  // owner's uploaded file when one exists (another journey on this server uploads one).
  const live = current.getByTestId('catalogue-live');
  const uploaded = current.getByText(th('admin.content.catalogue.uploaded', { date: '' }).trim());
  await expect(live.or(uploaded).first()).toBeVisible({ timeout: 120_000 });
  await expect(current).not.toContainText(th('admin.content.catalogue.builtIn'));
  if (await live.isVisible()) {
    await expect(current).toContainText(/\d+ หน้า/);
  } else {
    const served = (await (await request.get('/api/file/pdf/get/catalog-min.pdf?lang=th')).body()).length;
    await expect(current).toContainText(`${Math.round(served / 1024)} KB`);
  }
  await look(page, 'catalogue', project);

  const seller = uniqueUsername('audit-sales');
  await addStaffAccount(request, owner, seller, 'walnut-desk-2026', 'admin-sales');
  const login = await request.post('/api/auth/login', { data: { username: seller, password: 'walnut-desk-2026' } });
  expect(login.status()).toBe(200);
  const sales = ((await login.json()) as { token: string }).token;
  await page.evaluate((value) => window.localStorage.setItem('kiosk.token', value), sales);

  await page.goto('/th/admin/settings');
  const card = page.getByTestId('admin-no-access');
  await expect(card).toContainText(th('admin.permissions.settingsWrite'));
  await expect(card).not.toContainText('settings.write');
  await look(page, 'no-access', project);

  await page.goto('/th/admin');
  const code = page.getByRole('button', { name: th('admin.code') });
  if (isMobile(page)) await code.scrollIntoViewIfNeeded();
  await code.click();
  await page.getByRole('link', { name: th('admin.codes.groups.material') }).click();
  await expect(page).toHaveURL(/\/th\/admin\/code\/material$/);
  await expect(page.getByTestId('code-read-only')).toContainText(th('admin.permissions.settingsWrite'));
  await expect(page.getByTestId('code-row').first()).toBeVisible();
  await expect(page.getByTestId('code-add')).toHaveCount(0);
  await look(page, 'code-read-only', project);
});
