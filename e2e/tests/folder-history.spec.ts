import { expect, test, type Page } from '@playwright/test';
import { openShare, saveButton } from '../support/journeys';

/**
 * Each folder of a share has its own address and history entry (issue 32): Back and Forward move
 * between folders, a reload stays, a folder's link opens it (behind the code when protected), and
 * Back closes an open sheet before it leaves anything.
 */

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const row = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const current = (page: Page) => crumbs(page).locator('[aria-current="page"]');

async function openFolder(page: Page, name: string) {
  await row(page, name).click();
  await expect(current(page)).toHaveText(name);
}

test('three folders deep, Back three times returns to the share, Forward goes down again', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await openFolder(page, 'Photos');
  await openFolder(page, '2025');
  await openFolder(page, 'Summer');
  await expect(row(page, 'beach.jpg')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('folder')).toMatch(/^\d+$/);

  await page.goBack();
  await expect(current(page)).toHaveText('2025');
  await expect(row(page, 'Summer')).toBeVisible();
  await page.goBack();
  await expect(current(page)).toHaveText('Photos');
  await page.goBack();
  await expect(crumbs(page)).toHaveCount(0);
  await expect(row(page, 'guide.pdf')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/s/demo-public');
  expect(new URL(page.url()).search).toBe('');

  await page.goForward();
  await expect(current(page)).toHaveText('Photos');
  await expect(row(page, '2025')).toBeVisible();
});

test('a reload in a subfolder stays in it, with its whole breadcrumb', async ({ page }) => {
  await openShare(page, 'demo-public');
  await openFolder(page, 'Photos');
  await openFolder(page, '2025');
  await page.reload();
  await expect(current(page)).toHaveText('2025');
  await expect(crumbs(page).getByRole('button', { name: 'Photos' })).toBeVisible();
  await expect(row(page, 'Summer')).toBeVisible();
  await crumbs(page).getByRole('button', { name: 'Photos' }).click();
  await expect(current(page)).toHaveText('Photos');
});

test('a subfolder’s link of a protected share asks for the code, then opens that folder', async ({
  page,
  browser,
}) => {
  await page.goto('/s/demo-private');
  await page.getByPlaceholder('Please enter the extract code').fill('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await openFolder(page, 'Photos');
  const link = page.url();
  expect(new URL(link).searchParams.get('folder')).toMatch(/^\d+$/);

  // Someone else opens the link: the code first, then the folder, not the root.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(link);
  await other.getByPlaceholder('Please enter the extract code').fill('ab12');
  await other.getByRole('button', { name: 'Extract file' }).click();
  await expect(current(other)).toHaveText('Photos');
  await expect(row(other, 'portrait.jpg')).toBeVisible();

  // The same folder id under another share opens nothing of it: that share's root shows.
  const folderId = new URL(link).searchParams.get('folder') ?? '';
  await other.goto(`/s/demo-public?folder=${folderId}`);
  await expect(row(other, 'guide.pdf')).toBeVisible();
  await expect(crumbs(other)).toHaveCount(0);
  await expect(other).toHaveURL((url) => !url.searchParams.has('folder'));
  await stranger.close();
});

test('Back closes the login sheet and stays on the share', async ({ page }) => {
  await openShare(page, 'demo-public');
  await openFolder(page, 'Photos');
  await saveButton(page, 'Log in and save').click();
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(current(page)).toHaveText('Photos');
  expect(new URL(page.url()).pathname).toBe('/s/demo-public');
  // The next Back is the folder's.
  await page.goBack();
  await expect(crumbs(page)).toHaveCount(0);
});

test('a folder loading keeps its breadcrumb and shows placeholder rows, never "Total 0"', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/share/detail', async (route) => {
    await held;
    await route.continue();
  });
  await row(page, 'Photos').click();
  await expect(current(page)).toHaveText('Photos');
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByText(/Total 0 file/)).toHaveCount(0);
  release();
  await expect(row(page, '2025')).toBeVisible();
  await expect(page.getByText('2 file(s) selected')).toBeVisible();
});

test('Forward after Back closed a preview opens it again; a dialog Back closed stays closed', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await row(page, 'mountains.jpg').click();
  const preview = page.getByRole('dialog', { name: 'Preview of mountains.jpg' });
  await expect(preview).toBeVisible();
  await page.goBack();
  await expect(preview).toHaveCount(0);
  await page.goForward();
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('img', { name: 'mountains.jpg' })).toBeVisible();
  await page.goBack();
  await expect(preview).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/s/demo-public');

  // The details cannot open again by themselves: Forward steps back over their entry, so the
  // next Back leaves the share's page at once instead of landing on nothing.
  await page.getByRole('button', { name: 'Details of mountains.jpg' }).click();
  const details = page.getByRole('dialog', { name: 'Details of mountains.jpg' });
  await expect(details).toBeVisible();
  await page.goBack();
  await expect(details).toHaveCount(0);
  const length = await page.evaluate(() => history.length);
  await page.goForward();
  await expect
    .poll(() =>
      page.evaluate(() => (history.state as { nsLayers?: string[] } | null)?.nsLayers ?? []),
    )
    .toEqual([]);
  await expect(details).toHaveCount(0);
  expect(await page.evaluate(() => history.length)).toBe(length);
});
