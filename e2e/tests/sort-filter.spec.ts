import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileRows, openLargeFolder, openShare } from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * Sorting and finding in a share (issue 32): the list's name filter asks the server, so it finds
 * a few files among demo-large's 10,000 at once, and the sort menu (on desktop the table's column
 * headers: tests/table.spec.ts) orders a folder by name, date or size with its folders first.
 */

const filterField = (page: Page) => page.getByRole('searchbox', { name: 'Filter by name' });
const sortMenu = (page: Page) => page.getByRole('combobox', { name: 'Sort by' });

/** The column and direction of each of the sort menu's choices: what a desktop visitor clicks. */
const COLUMN_OF_CHOICE: Record<string, [column: string, sorted: 'ascending' | 'descending']> = {
  'Largest first': ['Size', 'descending'],
  'Smallest first': ['Size', 'ascending'],
  'Name Z–A': ['Name', 'descending'],
};

/**
 * Sorts the list as the visitor's device does: with the sort menu on a phone, with the table's
 * column headers on desktop (a click sorts by a column, the sorted column's click flips it).
 */
async function sortBy(page: Page, choice: string): Promise<void> {
  if (platformOf(test.info()) !== 'other') {
    await sortMenu(page).selectOption({ label: choice });
    return;
  }
  const [column, sorted] = COLUMN_OF_CHOICE[choice] ?? ['', 'ascending'];
  const header = page.getByRole('columnheader', { name: column });
  for (let clicks = 0; clicks < 2; clicks += 1) {
    const before = await header.getAttribute('aria-sort');
    if (before === sorted) break;
    await header.getByRole('button').click();
    await expect(header).not.toHaveAttribute('aria-sort', before ?? '');
  }
  await expect(header).toHaveAttribute('aria-sort', sorted);
}

/** Checks the list's sort as the device shows it: the menu's value, or the sorted column. */
async function expectSort(page: Page, choice: string, value: string): Promise<void> {
  if (platformOf(test.info()) !== 'other') {
    await expect(sortMenu(page)).toHaveValue(value);
    return;
  }
  const [column, sorted] = COLUMN_OF_CHOICE[choice] ?? ['', 'ascending'];
  await expect(page.getByRole('columnheader', { name: column })).toHaveAttribute(
    'aria-sort',
    sorted,
  );
}
/** The names of the rows on screen, in the list's order. */
/** The rows' names: each row's open button (its details button is 'Details of …'). */
const rowNames = (list: Locator) =>
  fileRows(list)
    .getByRole('button', { name: /^(?!Details of )/ })
    .allInnerTexts();

interface ListedItem {
  name: string;
  total_size: number;
  is_folder: number;
}

test("the filter finds a few of demo-large's 10,000 files, and Escape brings them all back", async ({
  page,
}) => {
  const list = await openShare(page, 'demo-large');
  // The whole folder arrives page by page; its count is there with the first page.
  await openLargeFolder(page);

  // photo-09990.jpg to photo-09999.jpg: the seed names the photos photo-00001 to photo-10000.
  const details = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/share/detail') &&
      request.postDataJSON()?.name_filter === 'PHOTO-0999',
  );
  await filterField(page).pressSequentially('PHOTO-0999');
  await details;
  await expect(page.getByText('10 file(s) selected')).toBeVisible();
  const expected = Array.from({ length: 10 }, (_, index) => `photo-0999${index}.jpg`);
  await expect.poll(() => rowNames(list)).toEqual(expected);

  await filterField(page).fill('no such photo');
  await expect(page.getByText('No files match "no such photo"')).toBeVisible();
  await expect(page.getByText('Total 0 file(s)')).toBeVisible();

  await filterField(page).press('Escape');
  await expect(filterField(page)).toHaveValue('');
  await expect(page.getByText(/10,?000 file\(s\) selected/)).toBeVisible({ timeout: 30_000 });
  await expect(list.getByRole('button', { name: 'photo-00001.jpg', exact: true })).toBeVisible();
});

test('sorting demo-public by size puts the largest file first, after its folders', async ({
  page,
  request,
}) => {
  // What the share holds, with each file's size (the visitor sees them rounded).
  const info = await request.post('/api/share/info', { data: { share_url: 'demo-public' } });
  const { id, share_code } = (await info.json()).data as { id: number; share_code: string };
  const detail = await request.post('/api/share/detail', {
    data: { share_id: id, share_code, extract_code: '' },
  });
  const items = (await detail.json()).data.file_list as ListedItem[];
  const folders = items.filter((item) => item.is_folder === 1).map((item) => item.name);
  const bySize = items
    .filter((item) => item.is_folder === 0)
    .sort((a, b) => b.total_size - a.total_size);
  const largest = bySize[0]?.name;
  expect(folders.sort()).toEqual(['Documents', 'Photos']);

  const list = await openShare(page, 'demo-public');
  await expect.poll(async () => (await rowNames(list))[0]).toBe('Documents');
  await sortBy(page, 'Largest first');
  await expectSort(page, 'Largest first', 'size-desc');
  await expect.poll(async () => (await rowNames(list))[2]).toBe(largest);
  const names = await rowNames(list);
  expect(names.slice(0, 2).sort()).toEqual(folders);
  const sizeOf = (name: string) => bySize.find((item) => item.name === name)?.total_size ?? -1;
  const sizes = names.slice(2).map(sizeOf);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  expect(sizes).toHaveLength(bySize.length);
  // Every row starts selected again, as in a folder just opened.
  await expect(page.getByText(`${items.length} file(s) selected`)).toBeVisible();

  // Smallest first, and a folder keeps the sort.
  await sortBy(page, 'Smallest first');
  const smallest = Math.min(...bySize.map((item) => item.total_size));
  await expect.poll(async () => sizeOf((await rowNames(list))[2] ?? '')).toBe(smallest);
  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(list.getByRole('button', { name: 'portrait.jpg', exact: true })).toBeVisible();
  await expectSort(page, 'Smallest first', 'size-asc');
});

test("names in the order people expect: 'archive.zip' before 'City Clip.mp4', every page alike", async ({
  page,
  request,
}) => {
  const natural = [
    'Documents',
    'Photos',
    'archive.zip',
    'City Clip.mp4',
    'guide.pdf',
    'Morning Tone.mp3',
    'mountains.jpg',
    'Ocean Waves.mp4',
  ];
  const list = await openShare(page, 'demo-public');
  await expect.poll(() => rowNames(list)).toEqual(natural);
  await sortBy(page, 'Name Z–A');
  await expect
    .poll(() => rowNames(list))
    .toEqual([...natural.slice(0, 2).reverse(), ...natural.slice(2).reverse()]);

  // Page 2 of the 10,000-file folder goes on where page 1 ended, as the server orders it.
  const info = await request.post('/api/share/info', { data: { share_url: 'demo-large' } });
  const { id: shareId } = (await info.json()).data as { id: number };
  const detail = (body: object) =>
    request.post('/api/share/detail', {
      data: { share_id: shareId, share_code: 'demo-large', extract_code: '', ...body },
      headers: { 'X-Language': 'en' },
    });
  const [folder] = (await (await detail({})).json()).data.file_list as { id: number }[];
  const second = await detail({ folder_id: folder?.id, page: { current_page: 2, page_size: 100 } });
  const names = ((await second.json()).data.file_list as ListedItem[]).map((item) => item.name);
  expect(names[0]).toBe('photo-00101.jpg');
  expect(names.at(-1)).toBe('photo-00200.jpg');
});
