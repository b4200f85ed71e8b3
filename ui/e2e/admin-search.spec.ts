// Staff turn what shoppers could not find into synonyms, in Thai at 1280 and 375 px: a shopper
// searches for a word the catalogue does not use; the owner finds it among the misses on the
// Search page, adds a synonym for it with one click, saves, and the shopper's next search finds
// the products. The desktop run saves; the phone run (same server, at the same time) checks the
// page works at 375 px without saving, so the two never overwrite each other's groups.
import { expect, isMobile, message, test } from './fixtures';
import { useToken } from './accounts';
import { fitsWidth, shoot, staffToken } from './shop';

const th = (key: string, params: Record<string, string | number> = {}) =>
  message('th', key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

test('the owner turns a search that found nothing into a synonym, and the next search finds sofas', async ({ acceptedCookies: page, request }, testInfo) => {
  const project = testInfo.project.name;
  const word = isMobile(page) ? 'chesterfieldphone' : 'chesterfieldsofa';

  // A shopper searches for a word the catalogue does not use.
  await page.goto('/th/search?keyword=' + word);
  await expect(page.getByText(th('search.empty', { keyword: word }))).toBeVisible();

  // The owner's Search page lists it, with one click to a new group.
  await useToken(page, await staffToken(request));
  await page.goto('/th/admin/search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(th('admin.search.title'));
  const misses = page.getByTestId('misses');
  const row = misses.getByTestId('miss-row').filter({ hasText: word });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: th('admin.search.misses.addFor', { keyword: word }) }).click();
  const input = page.getByRole('textbox', { name: th('admin.search.synonyms.group', { n: 1 }), exact: true });
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(`${word}, `);
  await input.pressSequentially('โซฟาหนัง');
  await fitsWidth(page);
  await shoot(page, 'admin-search', project, false);
  if (isMobile(page)) return;

  await page.getByRole('button', { name: th('admin.common.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: /^บันทึกคำพ้องความหมายแล้ว \(\d+ กลุ่ม\)/ })).toBeVisible();
  expect(th('admin.search.synonyms.saved')).toMatch(/^บันทึกคำพ้องความหมายแล้ว \(\{count\} กลุ่ม\)/);

  // The shopper's next search finds the leather sofas.
  await page.goto('/th/search?keyword=' + word);
  await expect(page.locator('.first-paint')).toHaveCount(0);
  await expect
    .poll(() => page.locator('main .product-card__code').allTextContents())
    .toEqual(expect.arrayContaining(['SF-1006', 'SF-2002', 'SF-2003']));
});
