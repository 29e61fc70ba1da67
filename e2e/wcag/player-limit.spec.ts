import { expect, test } from '@playwright/test';
import { openShare } from '../support/journeys';
import { acceptanceShot, audioPastTheMinute } from '../support/wcag-reflow';

/**
 * WCAG 2.2 2.4.11 Focus not obscured (issue 52): at 320 × 256 (a desktop at 400 %) the card that
 * ends a one-minute preview covers the player; Tab from its 'Save to cloud' must not land on the
 * player's controls under it.
 */
test('at 320 × 256 Tab never lands on the player the one-minute card covers', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 256 });
  const list = await openShare(page, 'demo-public');
  const preview = await audioPastTheMinute(page, list);
  const save = preview.getByRole('button', { name: 'Save to cloud' });
  await expect(save).toBeFocused();
  await acceptanceShot(page, 'limit-card-400pct', 'wcag-desktop');
  for (let step = 1; step <= 8; step += 1) {
    await page.keyboard.press('Tab');
    const covered = await page.evaluate(() => Boolean(document.activeElement?.closest('.plyr')));
    expect(covered, `Tab ${step} lands on a control under the card`).toBe(false);
  }
});
