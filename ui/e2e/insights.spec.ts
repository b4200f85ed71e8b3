// What the owner learns (docs/INSIGHTS.md), in Thai at 1280 and 375 px: a shopper arrives from a
// LINE post (`?kcard=`), looks at a product, puts it in the cart and opens the checkout, all in the
// browser (the app's own beacons and cart call); the owner's Insights page then shows the funnel
// and the channel's row. Each run is its own visitor (its own browser name) and its own channel,
// since the journeys share one server and one address.
import { useToken } from './accounts';
import { expect, message, test } from './fixtures';
import { fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

test('a visit from a LINE post shows in the funnel and the channel table', async ({ browser, request }, testInfo) => {
  const project = testInfo.project.name;
  const phone = project === 'mobile';
  const kcard = `line-${project}-${Date.now().toString(36)}`;
  const viewport = phone ? { width: 375, height: 740 } : { width: 1280, height: 800 };
  const agent = phone
    ? `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ${kcard}`
    : `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 ${kcard}`;
  const context = await browser.newContext({ viewport, userAgent: agent, isMobile: phone, hasTouch: phone, baseURL: process.env.KIOSK_BASE_URL });
  await context.addInitScript(() => window.localStorage.setItem('kiosk.cookieAccepted', '1'));
  const page = await context.newPage();

  // The shopper: a product from the LINE post, into the cart, then the checkout.
  await page.goto(`/th/products/SF-1001?kcard=${kcard}`);
  const add = page.getByRole('button', { name: th('checkout.addToCart') });
  await expect(add).toBeEnabled();
  expect(await page.evaluate(() => window.localStorage.getItem('kiosk.kcard'))).toBe(kcard);
  await add.click();
  await expect(page.locator('.buy-box__in-cart')).toBeVisible();
  await page.goto('/th/order');
  await page.waitForLoadState('networkidle');

  // The owner: the Insights page in Thai.
  await useToken(page, await staffToken(request));
  await page.goto('/th/admin/insights');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('admin.insights.title'));
  const funnel = page.getByTestId('insights-funnel');
  await expect(funnel.getByText(th('admin.insights.step_productView'))).toBeVisible();
  await expect.poll(async () => Number(await funnel.getByTestId('funnel-productView').textContent())).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => Number(await funnel.getByTestId('funnel-checkout').textContent())).toBeGreaterThanOrEqual(1);
  const channels = page.getByTestId('insights-kcard');
  const row = channels.getByRole('row').filter({ hasText: kcard });
  await expect(row).toBeVisible();
  // Visits 1, orders 0, conversion 0.0 %.
  await expect(row.getByRole('cell').first()).toHaveText('1');
  await expect(row).toContainText('0.0%');
  await fitsWidth(page);
  await shoot(page, 'admin-insights', project);
  await context.close();
});
