// The owner previews a sample order's mail and receipt in Khmer from the staff area in Thai, at
// 1280 and 375 px: the mail (logo, Khmer words, a date with a Khmer month name, the unsubscribe
// line) narrows to the phone's width without scrolling the page sideways, the plain-text part
// reads the same, and the receipt button hands over a PDF. Screenshots land in e2e/screenshots/
// (<project>-mail-preview-km.png).
import { useToken } from './accounts';
import { expect, message, test } from './fixtures';
import { fitsWidth, shoot, staffToken } from './shop';

const KHMER_MONTHS = ['មករា', 'កុម្ភៈ', 'មីនា', 'មេសា', 'ឧសភា', 'មិថុនា', 'កក្កដា', 'សីហា', 'កញ្ញា', 'តុលា', 'វិច្ឆិកា', 'ធ្នូ'];

test('the staff mail preview shows the Khmer mail and receipt', async ({ acceptedCookies: page, request }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  await useToken(page, await staffToken(request));
  await page.goto('/th/admin/mail-preview');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('th', 'admin.content.preview.title'));
  await page.getByTestId('preview-lang').selectOption('km');
  await page.getByTestId('preview-event').selectOption('orderShipped');

  const subject = page.getByTestId('preview-subject');
  await expect(subject).toContainText('K000001');
  await expect(subject.locator('span[lang="km"]')).toBeVisible();
  const mail = page.getByTestId('preview-mail');
  await expect(mail).toContainText(message('km', 'mail.viewOrder'));
  await expect(mail).toContainText(message('km', 'mail.unsubscribe.link'));
  await expect(mail).toContainText('KEX0000000001');
  const text = (await mail.textContent()) ?? '';
  expect(KHMER_MONTHS.some((month) => text.includes(month)), text).toBe(true);
  // The logo is there, and the inline styles arrived (the button is the shop's brown).
  await expect(mail.locator('img').first()).toHaveAttribute('src', /\/static\/logo-mail\.png$/);
  const button = mail.getByRole('link', { name: message('km', 'mail.viewOrder') });
  await expect(button).toHaveCSS('background-color', 'rgb(122, 75, 42)');
  // The mail's card never overflows the page.
  const widths = await mail.evaluate((host) => ({ host: host.clientWidth, content: host.scrollWidth }));
  expect(widths.content).toBeLessThanOrEqual(widths.host + 1);
  await fitsWidth(page);

  await page.getByText(message('th', 'admin.content.preview.text')).click();
  await expect(page.getByTestId('preview-text')).toContainText(message('km', 'mail.viewOrder'));

  const download = page.waitForEvent('download');
  await page.getByTestId('preview-receipt').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('receipt-sample-km.pdf');

  await mail.scrollIntoViewIfNeeded();
  await shoot(page, 'mail-preview-km', project);
});
