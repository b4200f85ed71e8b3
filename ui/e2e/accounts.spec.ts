// Customer accounts in a real browser against the real server: register, sign in and come back
// to the page of origin, the admin guard, changing the password (other devices signed out), the
// translated wrong-password message, and Google sign-in through the stand-in provider.
import type { Page } from '@playwright/test';
import { ADMIN, registerShopper, SHOPPER_PASSWORD, uniqueUsername, useToken } from './accounts';
import { expect, isMobile, message, PREFIX, test, type Code } from './fixtures';

/** The main menu, opened first on a phone where it hides behind its button. */
async function openMenu(page: Page, code: Code = 'en') {
  const menu = page.getByRole('navigation', { name: message(code, 'header.mainMenu') });
  if (isMobile(page) && !(await menu.isVisible())) {
    await page.getByRole('button', { name: message(code, 'header.openMenu') }).click();
  }
  await expect(menu).toBeVisible();
  return menu;
}

async function fillLogin(page: Page, code: Code, username: string, password: string) {
  await page.getByLabel(message(code, 'user.usernameOrEmail'), { exact: true }).fill(username);
  await page.getByLabel(message(code, 'user.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: message(code, 'user.loginButton'), exact: true }).click();
}

const header = (page: Page) => page.locator('.site-header');

test('a shopper registers, sees their name and 0 coins, and logs out', async ({ acceptedCookies: page }) => {
  const username = uniqueUsername('reg');
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'user.registerTitle'));
  // The rule is visible before typing, and ticks as it is met.
  const rule = page.locator('.password-rule');
  await expect(rule).toContainText(message('en', 'user.ruleLength'));
  await expect(rule.locator('.is-met')).toHaveCount(0);

  await page.getByLabel(message('en', 'user.name'), { exact: true }).fill('Malee Register');
  await page.getByLabel(message('en', 'user.usernameOrEmail'), { exact: true }).fill(username);
  await page.getByLabel(message('en', 'user.password'), { exact: true }).fill('short');
  await page.getByRole('button', { name: message('en', 'user.createAccount') }).click();
  await expect(page.getByText(message('en', 'user.errPasswordShort'))).toBeVisible();
  await expect(page.getByLabel(message('en', 'user.password'), { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(message('en', 'user.password'), { exact: true }).fill(SHOPPER_PASSWORD);
  await expect(rule.locator('.is-met')).toHaveCount(2);
  // The form fits a 375 px phone without sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.getByLabel(/^Phone/).fill('081 234 5678');
  await page.getByRole('button', { name: message('en', 'user.createAccount') }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByTestId('header-user')).toContainText('Malee Register');
  await expect(header(page).getByTestId('header-coin').locator('strong')).toHaveText('0');
  await expect(header(page).getByTestId('header-coin')).toContainText(message('en', 'header.coin'));
  if (isMobile(page)) {
    // A phone's one-row header leaves the name and coins to the account part of the menu.
    const menu = await openMenu(page);
    await expect(menu.getByTestId('menu-user')).toHaveText('Malee Register');
    await expect(menu.getByTestId('menu-coin')).toBeVisible();
    await expect(menu.getByTestId('menu-coin').locator('strong')).toHaveText('0');
  } else {
    await expect(header(page).getByTestId('header-user')).toBeVisible();
    await expect(header(page).getByTestId('header-coin')).toBeVisible();
  }

  // The state survives a reload: the token is stored and the user fetched again.
  await page.reload();
  await expect(header(page).getByTestId('header-user')).toContainText('Malee Register');

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: message('en', 'header.account') }).click();
  await expect(menu.getByRole('link', { name: message('en', 'header.changePassword') })).toBeVisible();
  await menu.getByRole('button', { name: message('en', 'header.logout') }).click();

  await expect(header(page).getByTestId('header-user')).toHaveCount(0);
  const menuAfter = await openMenu(page);
  await expect(menuAfter.getByRole('link', { name: message('en', 'header.login') })).toBeVisible();
  await expect(menuAfter.getByRole('link', { name: message('en', 'header.register') })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('kiosk.token'))).toBeNull();
});

test('a page that needs sign-in sends to login and comes back after it', async ({ acceptedCookies: page, request }) => {
  const shopper = await registerShopper(request, 'back');
  await page.goto('/th/user/password');
  await expect(page).toHaveURL(/\/th\/user\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'user.loginTitle'));
  await fillLogin(page, 'th', shopper.username, shopper.password);
  await expect(page).toHaveURL(/\/th\/user\/password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'user.passwordTitle'));
  await expect(page.getByLabel(message('th', 'user.oldPassword'), { exact: true })).toHaveAttribute('autocomplete', 'current-password');

  // A signed-in shopper who opens the login page is sent home.
  await page.goto('/th/user/login');
  await expect(page).toHaveURL(/\/th$/);
});

test('Login from a content page comes back to that page', async ({ acceptedCookies: page, request }) => {
  const shopper = await registerShopper(request, 'about');
  await page.goto('/about');
  await expect(page.locator('.content-page__body')).toBeVisible();
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: message('en', 'header.login') }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await fillLogin(page, 'en', shopper.username, shopper.password);
  await expect(page).toHaveURL(/\/about$/);
  await expect(header(page).getByTestId('header-user')).toContainText(shopper.name);
});

test('the admin area: a customer is sent home, an admin sees the admin layout', async ({ acceptedCookies: page, request }) => {
  const shopper = await registerShopper(request, 'cust');
  await useToken(page, shopper.token);
  await page.goto('/th');
  await expect(header(page).getByTestId('header-user')).toContainText(shopper.name);
  await page.goto('/th/admin');
  await expect(page).toHaveURL(/\/th$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'home.title'));

  // Sign out, then in as the admin the global setup created with `kiosk user add`.
  await page.evaluate(() => window.localStorage.removeItem('kiosk.token'));
  await page.goto('/user/login');
  await fillLogin(page, 'en', ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: message('en', 'admin.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: message('en', 'admin.backToShop') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'admin.title'));
});

test('changing the password signs out the other device', async ({ browser, request, baseURL }, testInfo) => {
  const shopper = await registerShopper(request, 'pw');
  const viewport = testInfo.project.use.viewport ?? null;
  const here = await browser.newContext({ baseURL, viewport });
  const there = await browser.newContext({ baseURL, viewport });
  try {
    const first = await here.newPage();
    const second = await there.newPage();
    for (const page of [first, second]) {
      await page.addInitScript(() => window.localStorage.setItem('kiosk.cookieAccepted', '1'));
      await page.goto('/user/login');
      await fillLogin(page, 'en', shopper.username, shopper.password);
      await expect(header(page).getByTestId('header-user')).toContainText(shopper.name);
    }

    await first.goto('/user/password');
    await first.getByLabel(message('en', 'user.oldPassword'), { exact: true }).fill(shopper.password);
    await first.getByLabel(message('en', 'user.newPassword'), { exact: true }).fill('oak-table-77');
    await first.getByLabel(message('en', 'user.repeatPassword'), { exact: true }).fill('oak-table-77');
    await first.getByRole('button', { name: message('en', 'header.changePassword') }).click();
    await expect(first.locator('.form-alert--success')).toHaveText(message('en', 'user.passwordChanged'));

    // This device keeps working with its fresh token; the other one is signed out on its next load.
    await first.reload();
    await expect(header(first).getByTestId('header-user')).toContainText(shopper.name);
    await second.reload();
    await expect(header(second).getByTestId('header-user')).toHaveCount(0);
    const menu = await openMenu(second);
    await expect(menu.getByRole('link', { name: message('en', 'header.login') })).toBeVisible();
    expect(await second.evaluate(() => window.localStorage.getItem('kiosk.token'))).toBeNull();

    // The new password works, the old one does not.
    const oldLogin = await request.post('/api/auth/login', { data: { username: shopper.username, password: shopper.password } });
    expect(oldLogin.status()).toBe(401);
  } finally {
    await here.close();
    await there.close();
  }
});

test('a wrong password shows the translated message', async ({ acceptedCookies: page, request }) => {
  const shopper = await registerShopper(request, 'wrong');
  await page.goto('/th/user/login');
  await fillLogin(page, 'th', shopper.username, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(message('th', 'user.errInvalidCredentials'));
  await expect(page).toHaveURL(/\/th\/user\/login$/);
  await expect(page.getByRole('button', { name: message('th', 'user.loginButton'), exact: true })).toBeEnabled();
});

test('Google sign-in through the provider returns signed in; Facebook is not offered', async ({ acceptedCookies: page }) => {
  await page.goto('/th/about');
  await expect(page.locator('.content-page__body')).toBeVisible();
  const menu = await openMenu(page, 'th');
  await menu.getByRole('link', { name: message('th', 'header.login') }).click();
  await expect(page).toHaveURL(/\/th\/user\/login$/);

  const main = page.getByRole('main');
  const google = main.getByRole('link', { name: message('th', 'user.continueWith').replace('{provider}', 'Google') });
  await expect(google).toBeVisible();
  await expect(main.getByRole('link', { name: /Facebook/ })).toHaveCount(0);
  await google.click();

  await expect(page.getByRole('heading', { name: 'Sign in to Kiosk' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue as Somchai Test' }).click();

  await expect(page).toHaveURL(/\/th\/about$/);
  expect(new URL(page.url()).hash).toBe('');
  const user = header(page).getByTestId('header-user');
  await expect(user).toContainText('Somchai Test');
  await expect(user).toHaveAttribute('data-provider', 'google');
  // A Google account has no password to change.
  const accountMenu = await openMenu(page, 'th');
  // The provider's icon beside the name: in the header, or in the menu on a phone.
  if (isMobile(page)) await expect(accountMenu.getByTestId('menu-user').locator('svg')).toBeVisible();
  else await expect(user.locator('svg')).toBeVisible();
  await accountMenu.getByRole('button', { name: message('th', 'header.account') }).click();
  await expect(accountMenu.getByRole('link', { name: message('th', 'header.myOrder') })).toBeVisible();
  await expect(accountMenu.getByRole('link', { name: message('th', 'header.changePassword') })).toHaveCount(0);
});

test('cancelling at the provider comes back to the login page with a message', async ({ acceptedCookies: page }) => {
  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('alert')).toHaveText(message('en', 'user.errSocialCancelled'));
  await expect(header(page).getByTestId('header-user')).toHaveCount(0);
});

test('the account tab shows the user, and sends an anonymous visitor to login', async ({ acceptedCookies: page, request }) => {
  const shopper = await registerShopper(request, 'tab', 'Tab Shopper');
  await page.goto(`${PREFIX.th}/mobile/account`);
  await expect(page).toHaveURL(/\/th\/user\/login$/);
  await fillLogin(page, 'th', shopper.username, shopper.password);
  await expect(page).toHaveURL(/\/th\/mobile\/account$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Tab Shopper')).toBeVisible();
  await expect(main.locator('.account-card__coin')).toContainText('0');
  await main.getByRole('link', { name: message('th', 'header.myOrder') }).click();
  await expect(page).toHaveURL(/\/th\/user\/order$/);
  await expect(page.getByText(message('th', 'user.ordersEmpty'))).toBeVisible();
});
