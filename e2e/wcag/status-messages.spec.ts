import { expect, test } from '@playwright/test';
import { openShare } from '../support/journeys';

/**
 * WCAG 2.2 4.1.3 Status messages (issue 52): a folder that loads keeps the list a screen reader
 * is in, marked busy, and says it is loading; the rows come back in that same list.
 */
test('while a folder loads, the list stays, busy, and says it is loading', async ({ page }) => {
  const list = await openShare(page, 'demo-public');
  const before = await list.elementHandle();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/share/detail', async (route) => {
    await held;
    await route.continue();
  });
  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(list.getByRole('status', { name: 'Loading' })).toBeVisible();
  expect(await list.evaluate((element, old) => element === old, before)).toBe(true);

  release();
  await expect(list.getByRole('button', { name: 'portrait.jpg', exact: true })).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  expect(await list.evaluate((element, old) => element === old, before)).toBe(true);
});
