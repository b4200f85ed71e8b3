import { expect, message, test } from './fixtures';

test('a #code goes to the code search without the # and empties the box', async ({ acceptedCookies: page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: message('en', 'header.searchLabel') });
  await box.fill('#SF-10');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchcode\?keyword=SF-10$/);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'search.codeTitle'));
  await expect(page).toHaveTitle(`${message('en', 'search.codeTitle')} | kiosk`);
  await expect(page.getByText(message('en', 'search.empty').replace('{keyword}', 'SF-10'))).toBeVisible();
});

test('words go to the search page and empty the box', async ({ acceptedCookies: page }) => {
  await page.goto('/about');
  const box = page.getByRole('searchbox', { name: message('en', 'header.searchLabel') });
  await box.fill('sofa');
  await page.getByRole('button', { name: message('en', 'header.searchButton') }).click();
  await expect(page).toHaveURL(/\/search\?keyword=sofa$/);
  await expect(box).toHaveValue('');
  await expect(page.getByText(message('en', 'search.resultsFor').replace('{keyword}', 'sofa'))).toBeVisible();
});

test('searching stays in the current language and ignores an empty box', async ({ acceptedCookies: page }) => {
  await page.goto('/th');
  const box = page.getByRole('searchbox', { name: message('th', 'header.searchLabel') });
  await box.press('Enter');
  await expect(page).toHaveURL(/\/th$/);
  await box.fill('sofa');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/th\/search\?keyword=sofa$/);
});
