import type { Locator } from '@playwright/test';

/**
 * Resolves once `target` (with `subtree`, also what it holds) has stopped moving: its CSS
 * transitions and animations have finished, or were replaced. A box read mid-slide or mid-zoom is
 * where the element passes, not where it comes to rest.
 */
export function untilStill(target: Locator, { subtree = false } = {}): Promise<void> {
  return target.evaluate(async (element, withSubtree) => {
    await Promise.all(
      element
        .getAnimations({ subtree: withSubtree })
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  }, subtree);
}
