// axe-core on every storefront page at both widths (issue 17): no serious or critical
// violations of WCAG 2.1 A/AA, and landmarks that can be told apart (axe rates two navigations of
// one name only "moderate", but a screen reader's list of landmarks shows them as the same).
// Each page is checked once it has its content, with the cookie notice of a first visit showing.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The pages and what shows that each has its content. */
const PAGES: { path: string; ready: string }[] = [
  { path: '/', ready: 'main .product-card' },
  { path: '/th', ready: 'main .product-card' },
  { path: '/th/room/living', ready: 'main .product-card' },
  { path: '/th/category/sofas', ready: 'main .product-card' },
  { path: '/products/SF-1001', ready: '.product__description' },
  { path: '/th/search?keyword=โซฟา', ready: 'main .product-card' },
  { path: '/cart', ready: 'main h1' },
  { path: '/user/login', ready: 'main form' },
  { path: '/about', ready: '.content-page__body' },
  { path: '/no-such-page', ready: 'main h1' },
];

/**
 * Violations in parts other helpers of issue 17 own, left out here until their fixes are merged
 * (the lead removes each line then). Each names its owner, the rule and the element.
 */
const KNOWN: { rule: string; selector: string; owner: string }[] = [];

/** Rules that count whatever impact axe gives them. */
const ALWAYS = ['landmark-unique'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  // axe did look: contrast and names were checked on this page.
  expect(results.passes.map((rule) => rule.id)).toEqual(expect.arrayContaining(['color-contrast', 'landmark-unique']));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || ALWAYS.includes(violation.id))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .map((node) => node.target.join(' '))
        .filter((target) => !KNOWN.some((known) => known.rule === violation.id && target.includes(known.selector))),
      help: violation.help,
    }))
    .filter((violation) => violation.nodes.length > 0);
}

for (const { path, ready } of PAGES) {
  test(`axe finds nothing serious on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds nothing serious with the phone menu and search open', async ({ acceptedCookies: page }) => {
  await page.goto('/th');
  await expect(page.locator('main .product-card').first()).toBeVisible();
  const toggle = page.locator('.site-header__menu-toggle');
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.locator('.main-menu')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await toggle.click();
    await page.locator('.site-header__search-toggle').click();
  }
  await page.getByRole('combobox').fill('โซฟา');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
