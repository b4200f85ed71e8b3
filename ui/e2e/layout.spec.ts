import { expect, isMobile, message, test } from './fixtures';

test('the bottom bar replaces the side menu at phone width', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const bottomBar = page.getByRole('navigation', { name: message('en', 'mobileNav.label') });
  const sideMenu = page.getByRole('navigation', { name: message('en', 'categories.menuLabel') });
  if (isMobile(page)) {
    await expect(bottomBar).toBeVisible();
    await expect(sideMenu).toBeHidden();
    const links = bottomBar.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/',
      '/mobile/category',
      '/mobile/info',
      '/cart',
      '/mobile/account',
    ]);
    const bar = await bottomBar.boundingBox();
    expect(Math.round(bar!.y + bar!.height)).toBe(page.viewportSize()!.height);
  } else {
    await expect(bottomBar).toBeHidden();
    await expect(sideMenu).toBeVisible();
  }
});

test('the page is at most 1280 px wide and never scrolls sideways', async ({ acceptedCookies: page }) => {
  await page.goto('/th/about');
  await expect(page.locator('.content-page__body')).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    main: document.querySelector('.layout__body')!.getBoundingClientRect().width,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(widths.main).toBeLessThanOrEqual(1280);
});

test('the mobile pages list categories, information and account links', async ({ acceptedCookies: page }) => {
  await page.goto('/mobile/category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'mobile.categoryTitle'));
  await expect(page.locator('main a[href^="/category/"]').first()).toBeVisible();
  await page.goto('/mobile/info');
  await expect(page.locator('main a[href="/about"]')).toBeVisible();
  // The account tab needs a signed-in user: an anonymous visitor lands on the login page, which
  // links to the registration.
  await page.goto('/mobile/account');
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.locator('main a[href="/user/register"]')).toBeVisible();
});

test('the main menu opens from its button on a phone and lists Register and Login', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: message('en', 'header.mainMenu') });
  if (isMobile(page)) {
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: message('en', 'header.openMenu') }).click();
  }
  await expect(menu.getByRole('link', { name: message('en', 'header.login') })).toBeVisible();
  await expect(menu.getByRole('link', { name: message('en', 'header.register') })).toBeVisible();
  await menu.getByRole('button', { name: 'Customer service' }).click();
  await menu.getByRole('link', { name: 'Delivery area' }).click();
  await expect(page).toHaveURL(/\/area$/);
});
