import type { Locator, Page } from '@playwright/test';

/**
 * Puts a finger down on the middle of `target`, scrolled to the middle of the screen (a touch
 * through the DevTools protocol, as a phone sends it); the returned function lifts it. What the press does meanwhile is awaited by the
 * caller's own assertion, so the test never waits a fixed time.
 */
export async function fingerDown(page: Page, target: Locator): Promise<() => Promise<void>> {
  // In the middle of the screen: a bar fixed along an edge (the save bar) may cover it there.
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const area = await target.boundingBox();
  if (!area) throw new Error('the target has no box to press');
  const touch = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touch] });
  return async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}
