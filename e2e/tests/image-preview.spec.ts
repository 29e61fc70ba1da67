import { expect, test, type Locator, type Page } from '@playwright/test';
import { openShare } from '../support/journeys';

/**
 * Previews worth opening (issue 32): an image is never blown up past its natural size, the
 * folder's next and previous images are a key, a button or a swipe away, it zooms by double
 * click, wheel and pinch, and a PDF and a zip show different icons in the list.
 */

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const row = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const previewOf = (page: Page, name: string) =>
  page.getByRole('dialog', { name: `Preview of ${name}` });

async function openFolder(page: Page, name: string) {
  await row(page, name).click();
  await expect(crumbs(page).locator('[aria-current="page"]')).toHaveText(name);
}

/** The image in the preview, once it has loaded. */
async function loadedImage(page: Page, name: string): Promise<Locator> {
  const image = previewOf(page, name).getByRole('img', { name, exact: true });
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  return image;
}

const renderedWidth = (image: Locator) =>
  image.evaluate((element) => element.getBoundingClientRect().width);
const naturalWidth = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => element.naturalWidth);

/** Photos / 2025 / Summer holds beach.jpg and sunset.jpg, each 320 x 240. */
async function openSummer(page: Page) {
  await openShare(page, 'demo-public');
  await openFolder(page, 'Photos');
  await openFolder(page, '2025');
  await openFolder(page, 'Summer');
}

test('an image shows at most at its natural size; Next, ArrowRight and double click; Escape closes', async ({
  page,
}, testInfo) => {
  await openSummer(page);
  await row(page, 'beach.jpg').click();
  const beach = await loadedImage(page, 'beach.jpg');
  const shown = await renderedWidth(beach);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(await naturalWidth(beach));
  if (testInfo.project.name === 'desktop') {
    // 320 px of image on a 1280 px screen: shown as it is, not stretched.
    expect(shown).toBe(320);
  }
  await expect(page).toHaveTitle('beach.jpg');
  await expect(previewOf(page, 'beach.jpg').getByText('Image 1 of 2')).toBeAttached();

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: 'sunset.jpg' })).toBeVisible();
  await expect(page).toHaveTitle('sunset.jpg');
  await loadedImage(page, 'sunset.jpg');

  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(page.getByRole('heading', { name: 'beach.jpg' })).toBeVisible();
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(page.getByRole('heading', { name: 'sunset.jpg' })).toBeVisible();
  const sunset = await loadedImage(page, 'sunset.jpg');

  const before = await renderedWidth(sunset);
  await sunset.dblclick();
  await expect.poll(() => renderedWidth(sunset)).toBeGreaterThan(before * 1.5);
  await expect(page.getByText('200%')).toBeVisible();

  // The wheel over the image zooms further in.
  const zoomed = await renderedWidth(sunset);
  await sunset.hover();
  await page.mouse.wheel(0, -200);
  await expect.poll(() => renderedWidth(sunset)).toBeGreaterThan(zoomed);

  await page.keyboard.press('Escape');
  await expect(previewOf(page, 'sunset.jpg')).toBeHidden();
  // Back to the folder's title (docs/product.md, "The page frame").
  await expect(page).toHaveTitle('Summer · Nimbus');
  await expect(row(page, 'beach.jpg')).toBeVisible();
});

test('on a touch screen a swipe goes to the next image and a pinch zooms', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'touch gestures are the phones');
  await openSummer(page);
  await row(page, 'beach.jpg').click();
  const beach = await loadedImage(page, 'beach.jpg');
  const box = await beach.boundingBox();
  if (!box) throw new Error('the image has no box');
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    points: { x: number; y: number; id: number }[],
  ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });

  // A swipe to the left, finger by finger as a phone reports it.
  const startX = box.x + box.width * 0.8;
  await touch('touchStart', [{ x: startX, y, id: 1 }]);
  for (let step = 1; step <= 6; step += 1)
    await touch('touchMove', [{ x: startX - step * 25, y: y + step, id: 1 }]);
  await touch('touchEnd', []);
  await expect(page.getByRole('heading', { name: 'sunset.jpg' })).toBeVisible();
  const sunset = await loadedImage(page, 'sunset.jpg');

  // Two fingers apart from the middle: a pinch out.
  const before = await renderedWidth(sunset);
  const centre = box.x + box.width / 2;
  await touch('touchStart', [
    { x: centre - 20, y, id: 1 },
    { x: centre + 20, y, id: 2 },
  ]);
  for (let step = 1; step <= 8; step += 1) {
    await touch('touchMove', [
      { x: centre - 20 - step * 8, y, id: 1 },
      { x: centre + 20 + step * 8, y, id: 2 },
    ]);
  }
  await touch('touchEnd', []);
  await expect.poll(() => renderedWidth(sunset)).toBeGreaterThan(before * 1.5);
  // Zoomed, a one-finger drag moves the image instead of changing it.
  await touch('touchStart', [{ x: centre, y, id: 1 }]);
  for (let step = 1; step <= 6; step += 1)
    await touch('touchMove', [{ x: centre + step * 20, y, id: 1 }]);
  await touch('touchEnd', []);
  await expect(page.getByRole('heading', { name: 'sunset.jpg' })).toBeVisible();
});

test('the PDF and the zip show different icons, each row still named by its file', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  const icon = (name: string) =>
    page.locator('.ns-row', { has: row(page, name) }).locator('.ns-row__thumb svg');
  await expect(icon('guide.pdf')).toHaveAttribute('data-file-kind', 'pdf');
  await expect(icon('archive.zip')).toHaveAttribute('data-file-kind', 'archive');
  await expect(row(page, 'guide.pdf')).toHaveAccessibleDescription(/^PDF document,/);
  await expect(row(page, 'archive.zip')).toHaveAccessibleDescription(/^Archive,/);
  // What a user sees differs too, not only the markup.
  const pdfPixels = await icon('guide.pdf').screenshot();
  const zipPixels = await icon('archive.zip').screenshot();
  expect(pdfPixels.equals(zipPixels)).toBe(false);
});
