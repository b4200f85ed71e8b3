// LINE in Thai, at both widths: "เข้าสู่ระบบด้วย LINE" on the login page runs LINE Login through the
// stand-in (oidc-standin.ts, HS256 ID token checked by the server), and the account page's switch
// turns order updates on LINE off and on again, kept across a reload. Each project signs in its
// own LINE account (typed on the stand-in's page), so the two widths never share the switch.
import type { Page } from '@playwright/test';
import { expect, isMobile, message, test } from './fixtures';
import { fitsWidth, shoot } from './shop';

const th = (key: string) => message('th', key);

const lineSwitch = (page: Page) => page.getByTestId('line-updates').getByRole('switch', { name: th('user.lineUpdatesLabel') });

/** The login page's "continue with LINE" link, once shown. */
async function lineLink(page: Page) {
  await page.goto('/th/user/login');
  const line = page.getByRole('main').getByRole('link', { name: th('user.continueWith').replace('{provider}', 'LINE') });
  await expect(line).toBeVisible();
  return line;
}

test('LINE sign-in in Thai, and the account page switch for order updates on LINE', async ({ acceptedCookies: page }, info) => {
  const project = info.project.name;
  const line = await lineLink(page);
  await shoot(page, 'line-login', project);
  await line.click();

  await expect(page.getByRole('heading', { name: 'Sign in to Kiosk' })).toBeVisible();
  await page.getByLabel('LINE account').fill(`nok-${project}`);
  await page.getByRole('button', { name: 'Continue as นก ทดสอบ' }).click();

  // Back in the shop, signed in with LINE; the token left the address.
  await expect(page.locator('.site-header').getByTestId('header-user')).toHaveAttribute('data-provider', 'line');
  expect(new URL(page.url()).hash).toBe('');

  // The account page: on by default for a LINE friend, saved at once, kept across a reload.
  await page.goto('/th/mobile/account');
  const main = page.getByRole('main');
  await expect(main.getByText(th('header.signedInWith').replace('{provider}', 'LINE'))).toBeVisible();
  const toggle = lineSwitch(page);
  await expect(toggle).toBeChecked();
  await expect(main.getByText(th('user.lineUpdatesHint'))).toBeVisible();
  await toggle.click();
  await expect(main.getByRole('status')).toHaveText(th('user.lineUpdatesSaved'));
  await expect(toggle).not.toBeChecked();
  await fitsWidth(page);
  await shoot(page, 'line-updates-off', project);
  await page.reload();
  await expect(lineSwitch(page)).not.toBeChecked();

  // My orders shows the same switch (the account page a desktop shopper reaches from the menu).
  await page.goto('/th/user/order');
  await expect(lineSwitch(page)).not.toBeChecked();
  await lineSwitch(page).click();
  await expect(page.getByRole('main').getByRole('status').last()).toHaveText(th('user.lineUpdatesSaved'));
  await expect(lineSwitch(page)).toBeChecked();
  if (isMobile(page)) await fitsWidth(page);
  await shoot(page, 'line-updates-orders', project);
});

test('an account that did not sign in with LINE has no LINE switch', async ({ acceptedCookies: page }) => {
  await page.goto('/th/user/login');
  await page.getByRole('main').getByRole('link', { name: th('user.continueWith').replace('{provider}', 'Google') }).click();
  await page.getByRole('button', { name: 'Continue as Somchai Test' }).click();
  await expect(page.locator('.site-header').getByTestId('header-user')).toHaveAttribute('data-provider', 'google');
  await page.goto('/th/mobile/account');
  await expect(page.getByRole('main').getByText('Somchai Test')).toBeVisible();
  await expect(page.getByTestId('line-updates')).toHaveCount(0);
});
