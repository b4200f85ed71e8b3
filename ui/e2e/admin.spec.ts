// The staff area in a real browser against the real server, in Thai, at 1280 and 375 px. A shopper
// orders (through the API); a sales clerk (role admin-sales, added by the owner through the API)
// opens the dashboard, finds the order in the desk by its number, confirms the payment with a
// reference, prepares it, ships it with carrier and tracking number (the shopper's order then
// carries the tracking link), adds an internal note, and cancels another order with a reason
// after a confirmation (its stock comes back). The clerk's menu has no activity log and the page
// says so. The owner adds a staff account, changes its role, gives a new role a permission in the
// roles grid (at once: the member's own permissions say so), credits coins to the shopper with a
// reason, and reads the activity log filtered by the clerk, with Thai dates. The desk's CSV export
// downloads the filtered orders with a byte-order mark. Screenshots of every
// staff page at both widths land in e2e/screenshots/ (<project>-admin-*.png).
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { registerShopper, uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, test } from './fixtures';
import { addStaffAccount, call, fitsWidth, placeTestOrder, productStock, shoot, staffToken, userIdOf } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const STAFF_PASSWORD = 'rattan-chair-2026';
/** 'D MMM YYYY kk:mm' with a Thai month name and a Buddhist-era year (พ.ศ.). */
const THAI_LOG_TIME = /^\d{1,2} [\u0E00-\u0E7F.]+ 25\d\d (0[1-9]|1\d|2[0-4]):[0-5]\d$/;

async function signIn(request: Parameters<typeof staffToken>[0], username: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function adminNav(page: Page) {
  return page.getByRole('navigation', { name: message('th', 'admin.title') });
}

async function look(page: Page, name: string, project: string) {
  await fitsWidth(page);
  await shoot(page, `admin-${name}`, project);
}

test('a clerk works the order desk in Thai; the owner manages staff, roles, coins and reads the log', async ({ acceptedCookies: page, browser, request }, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const owner = await staffToken(request);
  // The two widths run at the same time: each moves the stock of its own products.
  const [shipCode, cancelCode] = isMobile(page) ? ['CH-3103', 'TB-3006'] : ['CH-3106', 'TB-3104'];

  // A sales clerk, added by the owner.
  const clerkName = uniqueUsername('clerk');
  await addStaffAccount(request, owner, clerkName, STAFF_PASSWORD, 'admin-sales', 'Clerk Somchai');
  const clerk = await signIn(request, clerkName, STAFF_PASSWORD);

  // A shopper with two orders: one to ship, one to cancel.
  const shopper = await registerShopper(request, 'adm', 'Malee Shopper');
  const shopperId = await userIdOf(request, shopper.token);
  const toShip = await placeTestOrder(request, shopper.token, shopperId, [[shipCode, 1]], 'promptpay');
  const toCancel = await placeTestOrder(request, shopper.token, shopperId, [[cancelCode, 2]], 'bank_transfer');

  // The clerk's morning, on the dashboard.
  await useToken(page, clerk);
  await page.goto('/th/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'admin.title'));
  const nav = adminNav(page);
  await expect(nav.getByRole('link', { name: th('admin.menu.dashboard') })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: th('admin.menu.orders') })).toBeVisible();
  await expect(nav.getByRole('link', { name: th('admin.menu.customers') })).toBeVisible();
  // admin-sales may not read the log: no menu entry.
  await expect(nav.getByRole('link', { name: th('admin.menu.activityLog') })).toHaveCount(0);
  await expect(page.getByTestId('stat-today')).toContainText(th('admin.home.today'));
  await expect(page.getByTestId('attention-toShip')).toBeVisible();
  await look(page, 'dashboard', project);

  // The desk: search by the order number.
  await nav.getByRole('link', { name: th('admin.menu.orders') }).click();
  await expect(page).toHaveURL(/\/th\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('admin.orders.title'));
  await expect(page.getByTestId('desk-order').first()).toBeVisible();
  await page.getByLabel(th('admin.orders.search'), { exact: true }).fill(toShip.number);
  await page.getByLabel(th('admin.orders.search'), { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${toShip.number}`));
  const rows = page.getByTestId('desk-order');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-order', toShip.number);
  await expect(rows.first()).toContainText('Somsri Jaidee');
  await look(page, 'desk-search', project);
  // The accountant's CSV of the filtered desk: UTF-8 with a byte-order mark, a header, this order.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFnumber,placed,status')).toBe(true);
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
  expect(csv).toContain(`${toShip.number},`);

  // The order: confirm the payment with a slip reference.
  await rows.first().getByRole('link', { name: toShip.number }).click();
  await expect(page).toHaveURL(new RegExp(`/th/admin/orders/${toShip.id}$`));
  const order = page.getByTestId('admin-order');
  await expect(order).toHaveAttribute('data-status', 'pending_payment');
  const actions = page.getByTestId('order-actions');
  await actions.getByRole('button', { name: th('admin.orders.confirmPayment') }).click();
  await actions.getByLabel(th('admin.orders.reference'), { exact: false }).fill('SLIP-7788');
  await actions.locator('form').getByRole('button', { name: th('admin.orders.confirmPayment') }).click();
  await expect(order).toHaveAttribute('data-status', 'paid');
  await expect(page.getByRole('status').filter({ hasText: th('admin.orders.movedPaid', { number: toShip.number }) })).toBeVisible();
  await expect(page.getByTestId('payment-reference')).toContainText('SLIP-7788');

  // Prepare, then ship: the tracking number is checked before it is sent.
  await actions.getByRole('button', { name: th('admin.orders.startPreparing') }).click();
  await expect(order).toHaveAttribute('data-status', 'preparing');
  await actions.getByRole('button', { name: th('admin.orders.ship') }).click();
  const shipForm = actions.locator('form');
  await shipForm.getByRole('button', { name: th('admin.orders.ship') }).click();
  await expect(shipForm).toContainText(th('admin.orders.errCarrier'));
  await expect(shipForm).toContainText(th('admin.orders.errTracking'));
  await shipForm.getByLabel(th('admin.orders.carrier')).selectOption('kerry');
  await shipForm.getByLabel(th('admin.orders.tracking')).fill('TH0099887766');
  await shipForm.getByRole('button', { name: th('admin.orders.ship') }).click();
  await expect(order).toHaveAttribute('data-status', 'shipped');
  const shipment = page.getByTestId('order-shipment');
  // The carrier's Thai name comes from the `carrier` code table.
  await expect(shipment).toContainText('เคอรี่ เอ็กซ์เพรส');
  await expect(shipment.getByRole('link', { name: 'TH0099887766' })).toHaveAttribute('href', /kerryexpress\.com.*TH0099887766/);
  // An internal note.
  const notes = page.getByTestId('order-notes');
  await notes.getByRole('button', { name: th('admin.orders.addNote') }).click();
  await expect(notes).toContainText(th('admin.orders.errNote'));
  await notes.getByLabel(th('admin.orders.addNote')).fill('ลูกค้าขอให้โทรก่อนส่ง');
  await notes.getByRole('button', { name: th('admin.orders.addNote') }).click();
  await expect(notes.locator('.note-list__item')).toHaveCount(1);
  await expect(notes.locator('.note-list__item')).toContainText(clerkName);
  await expect(notes.locator('time').first()).toHaveText(THAI_LOG_TIME);
  await look(page, 'order-shipped', project);
  // The packing slip is what prints: the number, the address and the lines, no prices.
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByTestId('packing-slip');
  await expect(slip).toBeVisible();
  await expect(slip).toContainText(toShip.number);
  await expect(slip).toContainText('99/9 Sukhumvit Road');
  await expect(slip).toContainText(shipCode);
  await expect(slip).not.toContainText('฿');
  await expect(page.getByTestId('order-actions')).toBeHidden();
  await page.screenshot({ path: `e2e/screenshots/${project}-admin-packing-slip.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The shopper's order now carries the carrier and the tracking link.
  const seen = (await call(request, 'GET', `/api/app/order/get/${toShip.id}`, shopper.token)) as {
    order: { status: string; shipment: { carrier: string; tracking: string; url: string } };
  };
  expect(seen.order.status).toBe('shipped');
  expect(seen.order.shipment).toMatchObject({ carrier: 'kerry', tracking: 'TH0099887766' });
  expect(seen.order.shipment.url).toContain('TH0099887766');

  // A shopper phones to cancel the other order: the desk finds it by the phone number's start too.
  const stockBefore = await productStock(request, cancelCode);
  await page.goto(`/th/admin/orders?status=pending_payment&q=${toCancel.number}`);
  await expect(page.getByRole('button', { name: th('admin.orders.unshipped') })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('[data-status="pending_payment"].chip-button')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('desk-order')).toHaveCount(1);
  await page.getByTestId('desk-order').getByRole('link', { name: toCancel.number }).click();
  await actions.getByRole('button', { name: th('admin.orders.cancelOrder') }).click();
  const cancelForm = actions.locator('form');
  await cancelForm.getByRole('button', { name: th('admin.orders.cancelOrder') }).click();
  await expect(cancelForm).toContainText(th('admin.orders.errReason'));
  await cancelForm.getByLabel(th('admin.orders.reason')).fill('ลูกค้าเปลี่ยนใจ');
  await cancelForm.getByRole('button', { name: th('admin.orders.cancelOrder') }).click();
  const dialog = page.getByRole('dialog', { name: th('admin.orders.cancelTitle', { number: toCancel.number }) });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('ลูกค้าเปลี่ยนใจ');
  await dialog.getByRole('button', { name: th('admin.orders.cancelConfirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(order).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('cancel-reason')).toContainText('ลูกค้าเปลี่ยนใจ');
  expect(await productStock(request, cancelCode)).toBe(stockBefore + 2);

  // "Paid, not shipped" is one chip; the list and the URL follow it.
  await page.goto('/th/admin/orders');
  await page.getByRole('button', { name: th('admin.orders.unshipped') }).click();
  await expect(page).toHaveURL(/status=unshipped/);
  await expect(page.getByRole('button', { name: th('admin.orders.unshipped') })).toHaveAttribute('aria-pressed', 'true');
  for (const status of await page.getByTestId('desk-order').locator('.status-chip').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status'))))
    expect(['paid', 'preparing']).toContain(status);
  await look(page, 'desk', project);

  // Pages the role may not open say so inside the layout; an unknown page is the admin's own 404.
  await page.goto('/th/admin/activity');
  await expect(page.getByTestId('admin-no-access')).toContainText(th('admin.noAccess.title'));
  await expect(adminNav(page)).toBeVisible();
  await page.goto('/th/admin/no-such-page');
  await expect(page.getByTestId('admin-not-found')).toBeVisible();
  await expect(adminNav(page)).toBeVisible();
  await look(page, 'not-found', project);

  // The owner, in another browser.
  const ownerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: isMobile(page), hasTouch: isMobile(page) });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.addInitScript(() => window.localStorage.setItem('kiosk.cookieAccepted', '1'));
  await useToken(ownerPage, owner);

  // Customers: find the shopper, credit 200 coins with a reason.
  await ownerPage.goto('/th/admin/customers');
  await ownerPage.getByLabel(th('admin.customers.search'), { exact: true }).fill(shopper.username);
  await ownerPage.getByLabel(th('admin.customers.search'), { exact: true }).press('Enter');
  await expect(ownerPage.getByTestId('customer-row')).toHaveCount(1);
  await look(ownerPage, 'customers', project);
  await ownerPage.getByTestId('customer-row').getByRole('link', { name: 'Malee Shopper' }).click();
  await expect(ownerPage).toHaveURL(new RegExp(`/th/admin/customers/${shopperId}$`));
  const coins = ownerPage.getByTestId('coin-form');
  await coins.getByRole('button', { name: th('admin.customers.creditButton') }).click();
  await expect(coins).toContainText(th('admin.customers.errAmount'));
  await expect(coins).toContainText(th('admin.customers.errReason'));
  await coins.getByLabel(th('admin.customers.amount')).fill('200');
  await coins.getByLabel(th('admin.customers.reason')).fill('ลูกค้าประจำ ขอบคุณที่อุดหนุน');
  await coins.getByRole('button', { name: th('admin.customers.creditButton') }).click();
  await expect(ownerPage.getByTestId('coin-balance')).toHaveText('200');
  await expect(ownerPage.getByTestId('coin-ledger')).toContainText('ลูกค้าประจำ ขอบคุณที่อุดหนุน');
  // A password reset link goes to the customer's own address only; this shop sends no e-mail,
  // so staff are told to ask the operator, and no link is ever shown.
  const reset = ownerPage.getByTestId('reset-link');
  await reset.getByRole('button', { name: th('admin.customers.resetButton') }).click();
  await expect(reset.getByRole('alert')).toHaveText(th('admin.errors.resetNeedsEmail'));
  await expect(reset).not.toContainText('reset=');
  await look(ownerPage, 'customer', project);

  // Staff: add an account for a new clerk with the stock role, then change the role.
  const newcomer = `stock-${randomBytes(3).toString('hex')}`;
  await ownerPage.goto('/th/admin/staff');
  await expect(adminNav(ownerPage).getByRole('link', { name: th('admin.menu.staff') })).toHaveAttribute('aria-current', 'page');
  const add = ownerPage.getByTestId('add-staff');
  await add.getByLabel(th('admin.staff.username')).fill(newcomer);
  await add.getByLabel(`${th('admin.staff.name')} (${th('admin.common.optional')})`, { exact: true }).fill('Stock Keeper');
  await add.getByLabel(th('admin.staff.password')).fill(STAFF_PASSWORD);
  await add.getByLabel(th('admin.staff.role')).selectOption('admin-stock');
  await add.getByRole('button', { name: th('admin.staff.addButton') }).click();
  const row = ownerPage.locator(`[data-testid="staff-row"][data-username="${newcomer}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox')).toHaveValue('admin-stock');
  await row.getByRole('combobox').selectOption('admin-sales');
  await row.getByRole('button', { name: th('admin.common.save') }).click();
  await expect(row.getByRole('button', { name: th('admin.common.save') })).toHaveCount(0);
  await expect(ownerPage.getByRole('status').filter({ hasText: newcomer })).toBeVisible();
  const member = await signIn(request, newcomer, STAFF_PASSWORD);
  expect(((await call(request, 'GET', '/api/admin/me', member)) as { role: string }).role).toBe('admin-sales');
  await look(ownerPage, 'staff', project);

  // Roles: only the desktop journey edits the shared roles document (the two widths run at the
  // same time, and a document saved whole would lose the other's change).
  await ownerPage.goto('/th/admin/roles');
  const matrix = ownerPage.getByTestId('roles-matrix');
  await expect(matrix.locator('input[data-role="admin"][data-permission="staff.manage"]')).toBeChecked();
  await expect(matrix.locator('input[data-role="admin"][data-permission="staff.manage"]')).toBeDisabled();
  if (!isMobile(page)) {
    const role = `admin-e2e${randomBytes(3).toString('hex')}`;
    await ownerPage.getByLabel(th('admin.roles.newRole')).fill(role);
    await ownerPage.getByRole('button', { name: th('admin.roles.addRole') }).click();
    const cell = matrix.locator(`input[data-role="${role}"][data-permission="activity.read"]`);
    await cell.check();
    await matrix.locator(`input[data-role="${role}"][data-permission="orders.read"]`).check();
    await ownerPage.getByRole('button', { name: th('admin.roles.save') }).click();
    await expect(ownerPage.getByText(th('admin.roles.saved'))).toBeVisible();
    await look(ownerPage, 'roles', project);
    // The member moved to the new role has its permissions at once; the old session has ended.
    await ownerPage.goto('/th/admin/staff');
    const moved = ownerPage.locator(`[data-testid="staff-row"][data-username="${newcomer}"]`);
    await moved.getByRole('combobox').selectOption(role);
    await moved.getByRole('button', { name: th('admin.common.save') }).click();
    await expect(moved.getByRole('button', { name: th('admin.common.save') })).toHaveCount(0);
    expect((await request.get('/api/admin/me', { headers: { Authorization: `Bearer ${member}` } })).status()).toBe(401);
    const again = await signIn(request, newcomer, STAFF_PASSWORD);
    const me = (await call(request, 'GET', '/api/admin/me', again)) as { role: string; permissions: string[] };
    expect(me.role).toBe(role);
    expect(me.permissions.sort()).toEqual(['activity.read', 'orders.read']);
  } else {
    await look(ownerPage, 'roles', project);
  }

  // The activity log, filtered by the clerk: each step, with Thai dates.
  await ownerPage.goto(`/th/admin/activity?actor=${clerkName}`);
  await expect(ownerPage.getByLabel(th('admin.activity.person'))).toHaveValue(clerkName);
  const lines = ownerPage.getByTestId('activity-line');
  await expect(lines.filter({ hasText: `${th('admin.activity.actions.orderPaid')} · ${th('admin.activity.kinds.order')} ${toShip.number}` })).toContainText('SLIP-7788');
  await expect(lines.filter({ hasText: `${th('admin.activity.actions.orderShipped')} · ${th('admin.activity.kinds.order')} ${toShip.number}` })).toContainText('kerry, TH0099887766');
  await expect(lines.filter({ hasText: `${th('admin.activity.actions.orderCancelled')} · ${th('admin.activity.kinds.order')} ${toCancel.number}` })).toContainText('ลูกค้าเปลี่ยนใจ');
  for (const text of await lines.locator('time').allTextContents()) expect(text).toMatch(THAI_LOG_TIME);
  // Every line is the clerk's.
  for (const who of await lines.locator('.activity__person').allTextContents()) expect(who).toBe(clerkName);
  await look(ownerPage, 'activity', project);
  // The day filter keeps today's lines; another day has none of them.
  await ownerPage.goto(`/th/admin/activity?actor=${clerkName}&day=2020-01-01`);
  await expect(ownerPage.getByText(th('admin.activity.empty'))).toBeVisible();
  await ownerContext.close();
});

