import { expect, test, type Page } from '@playwright/test';

/**
 * PDF and text previews (issue 49) on /s/demo-public: the guide's two pages, its text selectable,
 * the zoom, pdf.js fetched only when a PDF opens; the notes in Documents as text.
 */

const SHARE = '/s/demo-public';
/** pdf.js's own chunk and its worker, named by their dynamic import and file. */
const PDF_FILES =
  /\/remotes\/share\/(?:pdf-engine\.[0-9a-f]+\.js|assets\/pdf\.worker\.min\.[0-9a-f]+\.mjs)$/;

function file(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

/** The text the visitor has selected on the page. */
const selectedText = (page: Page) => page.evaluate(() => window.getSelection()?.toString() ?? '');

test('a PDF opens page by page, its text selectable, pdf.js fetched only then', async ({
  page,
}) => {
  const pdfRequests: string[] = [];
  page.on('request', (request) => {
    if (PDF_FILES.test(new URL(request.url()).pathname)) pdfRequests.push(request.url());
  });
  await page.goto(SHARE);
  await expect(file(page, 'guide.pdf')).toBeVisible();
  expect(pdfRequests).toEqual([]);

  await file(page, 'guide.pdf').click();
  const preview = page.getByRole('dialog', { name: 'Preview of guide.pdf' });
  const sheet = preview.getByRole('region', { name: 'Page 1 of 2' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Nimbus Share guide')).toBeAttached();
  expect(pdfRequests).toHaveLength(2);
  // The page is drawn (not blank) and fits the screen's width.
  const canvas = preview.locator('canvas');
  await expect
    .poll(() => canvas.evaluate((element) => (element as HTMLCanvasElement).width))
    .toBeGreaterThan(200);
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

  await expect(preview.getByRole('button', { name: 'Previous page' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await preview.getByRole('button', { name: 'Next page' }).click();
  const second = preview.getByRole('region', { name: 'Page 2 of 2' });
  await expect(second.getByText('Saving and previews')).toBeAttached();
  // A line in a Chinese font the PDF does not embed: read through pdf.js's character maps.
  await expect(second.getByText('中文指南')).toBeAttached();
  await expect(
    preview.getByRole('group', { name: 'Page controls' }).getByText('Page 2 of 2'),
  ).toBeVisible();

  // Its text is text: a triple click on a line selects it.
  await second.getByText('Saving and previews').click({ clickCount: 3, force: true });
  await expect.poll(() => selectedText(page)).toContain('Saving and previews');

  const width = (await canvas.boundingBox())?.width ?? 0;
  await preview.getByRole('button', { name: 'Zoom in' }).click();
  await expect(preview.getByText('125%')).toBeVisible();
  await expect
    .poll(async () => (await canvas.boundingBox())?.width ?? 0)
    .toBeGreaterThan(width * 1.2);

  // Back closes it, the focus back on its row.
  await page.goBack();
  await expect(preview).toHaveCount(0);
  await expect(file(page, 'guide.pdf')).toBeFocused();
});

test('the arrow keys turn the pages, mirrored in Arabic', async ({ page }) => {
  await page.goto(`${SHARE}?lang=ar`);
  await file(page, 'guide.pdf').click();
  const preview = page.locator('.ns-preview');
  await expect(preview.getByText('الصفحة 1 من 2', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(preview.getByText('الصفحة 2 من 2', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(preview.getByText('الصفحة 1 من 2', { exact: true })).toBeVisible();
});

test('a text file shows its text in a monospace font, as text', async ({ page }) => {
  await page.goto(SHARE);
  await file(page, 'Documents').click();
  await file(page, 'notes.txt').click();
  const preview = page.getByRole('dialog', { name: 'Preview of notes.txt' });
  const text = preview.getByRole('region', { name: 'Text of notes.txt' });
  await expect(text).toContainText('Packing list');
  await expect(text).toContainText('Total                    390');
  expect(await text.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/mono/i);
  await expect(page).toHaveTitle('notes.txt');
  // The keyboard scrolls it.
  await text.focus();
  await expect(text).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(file(page, 'notes.txt')).toBeFocused();
});
