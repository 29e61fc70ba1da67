import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { fileRows, openLargeFolder, openShare, untilAppShowsScreen } from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * The desktop table (issue 49): on desktop the share's list is a table whose Name, Size and
 * Modified column headers sort it through the server, say so with `aria-sort`, and flip on a
 * second click; on phones the list and its sort menu stay.
 */

interface ListedItem {
  id: number;
  name: string;
  total_size: number;
  is_folder: number;
  update_time: number;
}

const onDesktop = () => platformOf(test.info()) === 'other';
const header = (page: Page, name: string) => page.getByRole('columnheader', { name });
/** The rows' names: each row's open button (its details button is 'Details of …'). */
const rowNames = (list: Locator) =>
  fileRows(list)
    .getByRole('button', { name: /^(?!Details of )/ })
    .allInnerTexts();

/** Clicks a column's header and waits for the list to say it is sorted so. */
async function clickHeader(page: Page, name: string, sorted: 'ascending' | 'descending') {
  await header(page, name).getByRole('button', { name }).click();
  await expect(header(page, name)).toHaveAttribute('aria-sort', sorted);
  for (const other of ['Name', 'Size', 'Modified'].filter((column) => column !== name)) {
    await expect(header(page, other)).toHaveAttribute('aria-sort', 'none');
  }
}

/** A share's listing as the server answers it, with a sort and a page. */
async function listing(
  request: APIRequestContext,
  code: string,
  body: object = {},
): Promise<{ items: ListedItem[]; shareId: number }> {
  const info = await request.post('/api/share/info', { data: { share_url: code } });
  const { id: shareId } = (await info.json()).data as { id: number };
  const detail = await request.post('/api/share/detail', {
    data: { share_id: shareId, share_code: code, extract_code: '', ...body },
    headers: { 'X-Language': 'en' },
  });
  return { items: (await detail.json()).data.file_list as ListedItem[], shareId };
}

test('desktop: the column headers sort demo-public by size, date and name, each both ways', async ({
  page,
  request,
}) => {
  test.skip(!onDesktop(), 'phones sort with the menu (below)');
  const { items } = await listing(request, 'demo-public');
  const files = items.filter((item) => item.is_folder === 0);
  const byName = (name: string) => files.find((item) => item.name === name);
  const list = await openShare(page, 'demo-public');
  await expect(list).toHaveAttribute('aria-rowcount', String(items.length + 1));
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');

  // Size: the largest first, after the folders; again: the smallest first.
  await clickHeader(page, 'Size', 'descending');
  const sizes = async () =>
    (await rowNames(list)).slice(2).map((name) => byName(name)?.total_size ?? -1);
  await expect
    .poll(async () => (await rowNames(list)).slice(0, 2).sort())
    .toEqual(['Documents', 'Photos']);
  await expect.poll(sizes).toEqual(files.map((item) => item.total_size).sort((a, b) => b - a));
  await clickHeader(page, 'Size', 'ascending');
  await expect.poll(sizes).toEqual(files.map((item) => item.total_size).sort((a, b) => a - b));

  // Modified: the newest first; again: the oldest first.
  const times = async () =>
    (await rowNames(list)).slice(2).map((name) => byName(name)?.update_time ?? -1);
  await clickHeader(page, 'Modified', 'descending');
  await expect.poll(times).toEqual(files.map((item) => item.update_time).sort((a, b) => b - a));
  await clickHeader(page, 'Modified', 'ascending');
  await expect.poll(times).toEqual(files.map((item) => item.update_time).sort((a, b) => a - b));

  // Name: A to Z in the order people expect; again: Z to A. From the keyboard this time: Tab
  // from the filter field reaches the headers before the rows (past the view switch and the
  // selection bar).
  const nameButton = header(page, 'Name').getByRole('button');
  await page.getByRole('searchbox', { name: 'Filter by name' }).focus();
  for (let presses = 0; presses < 6; presses += 1) {
    if (await nameButton.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(nameButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await rowNames(list))[2]).toBe('archive.zip');
  await page.keyboard.press('Space');
  await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await rowNames(list))[2]).toBe('Ocean Waves.mp4');

  // Each row's size and date sit in their columns, under their headers.
  const row = fileRows(list).filter({ hasText: 'mountains.jpg' });
  for (const [column, cell] of [
    ['Size', row.getByRole('cell').nth(1)],
    ['Modified', row.getByRole('cell').nth(2)],
  ] as const) {
    const headerBox = await header(page, column).boundingBox();
    const cellBox = await cell.boundingBox();
    expect(Math.abs((headerBox?.x ?? 0) - (cellBox?.x ?? -99)), column).toBeLessThanOrEqual(1);
  }
  await expect(row.getByRole('cell').nth(1)).toHaveText(/\d (B|KB|MB)$/);
  await expect(row.getByRole('cell').nth(2).locator('time')).toBeVisible();
});

test("desktop: demo-large's page 2 keeps the column's order", async ({ page, request }) => {
  test.skip(!onDesktop(), 'phones sort with the menu');
  test.setTimeout(120_000);
  const list = await openShare(page, 'demo-large');
  await openLargeFolder(page);
  const { items: root, shareId } = await listing(request, 'demo-large');
  const folderId = root[0]?.id;
  expect(shareId).toBeGreaterThan(0);
  await expect(list).toHaveAttribute('aria-rowcount', '10001');

  // The server's second page of 1,000, in each order, against the rows the table shows there.
  for (const [column, sorted, sort, order] of [
    ['Size', 'descending', 'size', 'desc'],
    ['Modified', 'descending', 'time', 'desc'],
    ['Modified', 'ascending', 'time', 'asc'],
    ['Name', 'ascending', 'name', 'asc'],
    ['Name', 'descending', 'name', 'desc'],
  ] as const) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await clickHeader(page, column, sorted);
    const { items } = await listing(request, 'demo-large', {
      folder_id: folderId,
      sort,
      order,
      page: { current_page: 2, page_size: 1000 },
    });
    const expected = items.map((item) => item.name);
    expect(expected).toHaveLength(1000);
    // Rows 1,001 to about 1,010 (aria-rowindex counts the header row as 1).
    const target = list.locator('[aria-rowindex="1003"]');
    await expect
      .poll(
        async () => {
          const rowHeight = await page.evaluate(
            () => 4.25 * parseFloat(getComputedStyle(document.documentElement).fontSize),
          );
          const top = await list.evaluate(
            (element) => element.getBoundingClientRect().top + window.scrollY,
          );
          await page.evaluate((y) => window.scrollTo(0, y), top + 1000 * rowHeight);
          return target.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const shown = async () => {
      const rows: Record<number, string> = {};
      for (const rowElement of await fileRows(list).all()) {
        const index = Number(await rowElement.getAttribute('aria-rowindex')) - 2;
        if (index >= 1000 && index < 1010) {
          rows[index - 1000] = await rowElement.locator('.ns-row__name').innerText();
        }
      }
      return Object.entries(rows).map(([offset, name]) => name === expected[Number(offset)]);
    };
    await expect.poll(async () => (await shown()).length, { timeout: 30_000 }).toBeGreaterThan(3);
    expect(await shown(), `${column} ${sorted}`).not.toContain(false);
  }
  // Sorted by name, Z to A: page 2 starts where page 1 ended.
  await expect(list.locator('[aria-rowindex="1002"] .ns-row__name')).toHaveText('photo-09000.jpg');
});

test('phones: the list and its sort menu stay, no table', async ({ page }) => {
  test.skip(onDesktop(), 'desktop sorts with the column headers (above)');
  const list = await openShare(page, 'demo-public');
  await expect(page.getByRole('list', { name: 'Shared files' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('columnheader')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Largest first' });
  await expect
    .poll(async () => (await rowNames(list)).slice(0, 2).sort())
    .toEqual(['Documents', 'Photos']);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('size-desc');
});

test('desktop, in Arabic: the table is mirrored, its headers in Arabic', async ({ page }) => {
  test.skip(!onDesktop(), 'phones sort with the menu');
  await page.goto('/s/demo-public?lang=ar');
  const table = page.getByRole('table', { name: 'الملفات المشتركة' });
  await expect(table).toBeVisible();
  await untilAppShowsScreen(page);
  const box = async (name: string) => (await header(page, name).boundingBox())?.x ?? 0;
  // Right to left: the name's column at the right, then the size, then the date.
  expect(await box('الاسم')).toBeGreaterThan(await box('الحجم'));
  expect(await box('الحجم')).toBeGreaterThan(await box('تاريخ التعديل'));
  await header(page, 'الحجم').getByRole('button').click();
  await expect(header(page, 'الحجم')).toHaveAttribute('aria-sort', 'descending');
});
