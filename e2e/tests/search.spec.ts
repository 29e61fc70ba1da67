import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { fileList, openShare } from '../support/journeys';

/**
 * Search in the whole share (issue 49): the filter's text searched in every folder, answered by
 * the server with each result's folders; a folder result opens it, a file result opens its folder
 * with its row focused, and Back returns to the results.
 */

// axe is injected into the page for the results' check, which the product's CSP would refuse.
test.use({ bypassCSP: true });

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const result = (page: Page, name: string) =>
  results(page).getByRole('button', { name, exact: true });

async function searchWholeShare(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill(text);
  await page.getByRole('button', { name: 'Search the whole share' }).click();
  await expect(page.getByRole('heading', { name: `Whole share: "${text}"` })).toBeFocused();
}

test('finds a file three folders down, shows its folders, and opens it in its folder', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await searchWholeShare(page, 'beach');
  await expect(page.getByRole('status').filter({ hasText: 'in the whole share' })).toHaveText(
    '1 result in the whole share',
  );
  await expect(result(page, 'beach.jpg')).toBeVisible();
  // Seen as 'Photos › 2025 › Summer', heard as 'Photos, 2025, Summer'.
  await expect(result(page, 'beach.jpg')).toHaveAccessibleDescription(/^Photos ?, 2025 ?, Summer$/);
  await expectAccessible(page, 'whole-share search results');

  await result(page, 'beach.jpg').click();
  const row = fileList(page).getByRole('button', { name: 'beach.jpg', exact: true });
  await expect(row).toBeFocused();
  await expect(row).toBeInViewport();
  await expect(
    fileList(page).getByRole('button', { name: 'sunset.jpg', exact: true }),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get('search')).toBeNull();

  // Back: the results again.
  await page.goBack();
  await expect(result(page, 'beach.jpg')).toBeVisible();
});

test('finds folders too and opens a folder result', async ({ page }) => {
  await openShare(page, 'demo-public');
  await searchWholeShare(page, 'summer');
  await expect(result(page, 'Summer')).toHaveAccessibleDescription(/^Photos ?, 2025$/);
  await result(page, 'Summer').click();
  await expect(
    fileList(page).getByRole('button', { name: 'beach.jpg', exact: true }),
  ).toBeVisible();
  await expect(page.locator('[aria-current="page"]')).toHaveText('Summer');
});

test('says when nothing in the share matches', async ({ page }) => {
  await openShare(page, 'demo-public');
  await searchWholeShare(page, 'no such name');
  await expect(page.getByText('Nothing in this share matches "no such name"')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the folder' }).click();
  // Back to the folder as it was: filtered by the text too when the filter's pause had passed
  // before the search began (a slower phone), so the field is cleared to see every file.
  await page.getByRole('searchbox', { name: 'Filter by name' }).fill('');
  await expect(
    fileList(page).getByRole('button', { name: 'guide.pdf', exact: true }),
  ).toBeVisible();
});

test('searches a protected share once its code is given', async ({ page }) => {
  await page.goto('/s/demo-private');
  await page.getByPlaceholder('Please enter the extract code').fill('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(fileList(page)).toBeVisible();
  await searchWholeShare(page, 'sunset');
  await expect(result(page, 'sunset.jpg')).toBeVisible();
  await expect(result(page, 'sunset.jpg')).toHaveAccessibleDescription(
    /^Photos ?, 2025 ?, Summer$/,
  );
});
