import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { openShare } from '../support/journeys';

/**
 * axe-core on the grid view (issue 49), and its keyboard journey: the arrow keys move between
 * tiles, Tab reaches the focused tile's details and check box (as a list row's), then leaves.
 */

const grid = (page: Page) => page.getByRole('grid', { name: 'Shared files' });

async function openGrid(page: Page) {
  await openShare(page, 'demo-public');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
  await expect(grid(page).getByRole('img', { name: 'mountains.jpg' })).toBeVisible();
}

test('the grid view', async ({ page }) => {
  await openGrid(page);
  await expectAccessible(page, 'the grid view');
});

test("from the keyboard: a tile's details and check box, the panel, and back", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'a keyboard journey');
  await openGrid(page);
  const tile = (name: string) => grid(page).getByRole('button', { name, exact: true });
  await tile('Documents').focus();
  // Documents, Photos, archive.zip, City Clip.mp4, guide.pdf, Morning Tone.mp3, mountains.jpg.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect(tile('mountains.jpg')).toBeFocused();
  await page.keyboard.press('Tab');
  const opener = grid(page).getByRole('button', { name: 'Details of mountains.jpg' });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Details of mountains.jpg' });
  await expect(panel).toBeVisible();
  await expectAccessible(page, "a tile's details");
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  // Its check box next; Space unticks it.
  await page.keyboard.press('Tab');
  const box = grid(page).getByRole('checkbox', { name: 'Select mountains.jpg' });
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  // Then Tab leaves the grid: no other tile's buttons stand in the way.
  await page.keyboard.press('Tab');
  await expect(grid(page).locator(':focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(box).toBeFocused();
});
