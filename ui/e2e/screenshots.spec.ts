// Full-page screenshots to look at (e2e/screenshots/, git-ignored): home, a content page, the 404
// screen, the login and register pages (one in Thai with errors shown) and the signed-in header, at each width.
import type { Page } from '@playwright/test';
import { registerShopper, useToken } from './accounts';
import { expect, test } from './fixtures';

async function shoot(page: Page, name: string, project: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/screenshots/${project}-${name}.png`, fullPage });
}

const SHOTS = [
  { name: 'home', path: '/' },
  { name: 'content-about-th', path: '/th/about' },
  { name: 'not-found', path: '/th/no-such-page' },
  { name: 'login', path: '/user/login' },
  { name: 'register', path: '/user/register' },
];

for (const shot of SHOTS) {
  test(`screenshot of ${shot.name}`, async ({ acceptedCookies: page }, testInfo) => {
    await page.goto(shot.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, shot.name, testInfo.project.name);
  });
}

test('screenshot of the Thai register form with its errors', async ({ acceptedCookies: page }, testInfo) => {
  await page.goto('/th/user/register');
  await page.locator('.auth-form button[type="submit"]').click();
  await expect(page.locator('.field__error').first()).toBeVisible();
  await shoot(page, 'register-errors-th', testInfo.project.name);
});

test('screenshot of the signed-in header and account tab', async ({ acceptedCookies: page, request }, testInfo) => {
  const shopper = await registerShopper(request, 'shot', 'Somsri Jaidee');
  await useToken(page, shopper.token);
  await page.goto('/th');
  await expect(page.getByTestId('header-user')).toContainText('Somsri Jaidee');
  await shoot(page, 'signed-in-header', testInfo.project.name, false);
  await page.goto('/th/mobile/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'account-tab-th', testInfo.project.name);
});
