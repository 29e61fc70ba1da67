import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from '../support/first-render';
import { openShare, untilAppShowsScreen } from '../support/journeys';
import { fingerDown } from '../support/touch';

/**
 * The grid view (issue 49): the list / grid switch, the server's thumbnails, the arrow keys, the
 * selection, the view kept after a reload (a cookie the server reads: it paints the grid first),
 * a folder opened from its tile, the 10,000-file folder.
 */

const grid = (page: Page) => page.getByRole('grid', { name: 'Shared files' });
const tile = (page: Page, name: string) => grid(page).getByRole('button', { name, exact: true });

const painted = (page: Page) => page.locator('#app [data-first-screen]');

/** Each tile's name and box on screen, rounded to the pixel. */
const tileBoxes = (page: Page) =>
  grid(page)
    .getByRole('gridcell')
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const { x, y, width, height } = cell.getBoundingClientRect();
        const name = cell.querySelector('.ns-tile__name')?.textContent ?? '';
        return [name, ...[x, y, width, height].map(Math.round)].join(' ');
      }),
    );

async function switchToGrid(page: Page) {
  const view = page.getByRole('group', { name: 'View' });
  await view.getByRole('button', { name: 'Grid' }).click();
  await expect(view.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  await expect(grid(page)).toBeVisible();
}

test('the grid shows thumbnails, moves with the arrow keys, selects and is kept', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await switchToGrid(page);

  // The photo and the videos have thumbnails the server made, small and loaded.
  for (const name of ['mountains.jpg', 'City Clip.mp4', 'Ocean Waves.mp4']) {
    const image = grid(page).getByRole('img', { name, exact: true });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const src = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    const answer = await page.request.get(src);
    expect(answer.headers()['content-type']).toBe('image/webp');
    expect((await answer.body()).length).toBeLessThanOrEqual(20 * 1024);
  }
  // The rest show their type icons.
  await expect(grid(page).getByRole('img', { name: 'guide.pdf' })).toHaveCount(0);

  // The arrow keys: Right to the next tile, Down a row, Home back to the first.
  const first = tile(page, 'Documents');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tile(page, 'Photos')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(first).not.toBeFocused();
  await expect(grid(page).locator(':focus')).toHaveCount(1);

  // Selection as in the list: everything starts selected; two tiles ticked count as two.
  await page.getByRole('button', { name: 'Deselect all' }).click();
  await grid(page).getByRole('checkbox', { name: 'Select mountains.jpg' }).click();
  await grid(page).getByRole('checkbox', { name: 'Select guide.pdf' }).click();
  await expect(page.getByText('2 file(s) selected', { exact: true })).toBeVisible();

  // A reload keeps the grid.
  await page.reload();
  await untilAppShowsScreen(page);
  await expect(grid(page)).toBeVisible();

  // A folder's tile opens the folder, still in the grid.
  await tile(page, 'Photos').click();
  await expect(tile(page, '2025')).toBeVisible();
  await expect(grid(page).getByRole('img', { name: 'portrait.jpg' })).toBeVisible();

  // And back to the list.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(grid(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: '2025', exact: true })).toBeVisible();
});

test('the grid of 10,000 photos renders only the rows on screen', async ({ page }) => {
  await openShare(page, 'demo-large');
  await switchToGrid(page);
  await tile(page, '10,000 photos').click();
  await expect(page.getByText(/10,?000 file\(s\)/)).toBeVisible({ timeout: 30_000 });
  await expect(tile(page, 'photo-00001.jpg')).toBeVisible();
  expect(await grid(page).getByRole('gridcell').count()).toBeLessThan(200);
  // Every page of the folder is in (they arrive a page at a time): the grid counts them all.
  await expect
    .poll(
      async () =>
        Number(await grid(page).getAttribute('aria-rowcount')) *
        Number(await grid(page).getAttribute('aria-colcount')),
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(10_000);
  await tile(page, 'photo-00001.jpg').focus();
  await page.keyboard.press('End');
  await expect(tile(page, 'photo-10000.jpg')).toBeFocused();
});

test("the grid kept after a reload is the server's first paint, and nothing moves as the app starts", async ({
  page,
  context,
}) => {
  await openShare(page, 'demo-public');
  await switchToGrid(page);
  // The choice is a cookie the server reads: plain, Lax, for the whole site, a year.
  const cookie = (await context.cookies()).find(({ name }) => name === 'nimbus_view');
  expect(cookie).toMatchObject({ value: 'grid', path: '/', httpOnly: false, sameSite: 'Lax' });
  const yearAhead = Date.now() / 1000 + 364 * 24 * 60 * 60;
  expect(cookie?.expires ?? 0).toBeGreaterThan(yearAhead);

  // The server's HTML of the reload (the browser's cookies): the grid, thumbnails with their size.
  const html = await (await page.request.get('/s/demo-public')).text();
  expect(html).toMatch(/<div class="ns-file-grid[^"]*" role="grid" aria-label="Shared files"/);
  expect(html).toMatch(
    /<img class="ns-tile__img" [^>]*width="256" height="256" alt="mountains.jpg"/,
  );
  expect(html).not.toContain('class="ns-file-list"');

  // Painted before any script has run; the app's own grid then puts every tile where it was.
  const releaseScripts = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(painted(page).getByRole('grid', { name: 'Shared files' })).toBeVisible();
  await expect(painted(page).getByRole('img', { name: 'mountains.jpg' })).toBeVisible();
  const before = await tileBoxes(page);
  expect(before.length).toBeGreaterThan(4);
  releaseScripts();
  await untilAppShowsScreen(page);
  await expect(grid(page)).toBeVisible();
  expect(await tileBoxes(page)).toEqual(before);

  // Back to the list: the next reload paints the list.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const listHtml = await (await page.request.get('/s/demo-public')).text();
  expect(listHtml).toContain('class="ns-file-list"');
  expect(listHtml).not.toContain('role="grid"');
});

test('a grid chosen before the view cookie is moved to it once, then painted by the server', async ({
  page,
  context,
}) => {
  await openShare(page, 'demo-public');
  // What an older build kept: the choice in localStorage, no cookie.
  await page.evaluate(() => localStorage.setItem('nimbus_share_view', 'grid'));
  await page.reload();
  await untilAppShowsScreen(page);
  await expect(grid(page)).toBeVisible();
  expect((await context.cookies()).find(({ name }) => name === 'nimbus_view')?.value).toBe('grid');
  expect(await page.evaluate(() => localStorage.getItem('nimbus_share_view'))).toBeNull();
  const html = await (await page.request.get('/s/demo-public')).text();
  expect(html).toContain('role="grid"');
});

test('a long press on a phone selects a tile without opening it; a tap still opens', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'a long press is a finger on a touch screen');
  await openShare(page, 'demo-public');
  await switchToGrid(page);
  const clip = tile(page, 'City Clip.mp4');
  const fingerUp = await fingerDown(page, clip);
  await expect(
    grid(page).getByRole('checkbox', { name: 'Select City Clip.mp4' }),
  ).not.toBeChecked();
  await fingerUp();
  await expect(page.getByText('7 file(s) selected', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await clip.tap();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
