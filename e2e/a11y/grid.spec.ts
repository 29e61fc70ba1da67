import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { openShare } from '../support/journeys';

/** axe-core on the grid view (issue 49), in English and in Arabic (mirrored). */
test('the grid view', async ({ page }) => {
  await openShare(page, 'demo-public');
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
  const grid = page.getByRole('grid', { name: 'Shared files' });
  await expect(grid.getByRole('img', { name: 'mountains.jpg' })).toBeVisible();
  await expectAccessible(page, 'the grid view');
});
