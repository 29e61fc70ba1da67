import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from '../support/first-render';
import { untilAppShowsScreen } from '../support/journeys';

/**
 * The hand-over from the server's painted screen to the app's (issue 52): a reader resting on the
 * page keeps their place. The app replaces the painted nodes with its own copy of the same
 * markup, so it gives the focus back to the copy of the control that had it (wherever it was:
 * the list, the frame's top bar), keeps the page where it was scrolled, and announces nothing:
 * no live region of the app's first screen speaks while it takes over.
 */

/** What the page says and where the reader is, watched from before the hand-over. */
async function watchHandOver(page: Page): Promise<void> {
  await page.evaluate(() => {
    const LIVE =
      '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const record = { spoken: [] as string[], handedOverAt: 0 };
    (window as unknown as { handOver: typeof record }).handOver = record;
    const app = document.getElementById('app');
    if (!app) return;
    new MutationObserver((mutations) => {
      if (!record.handedOverAt && app.querySelector('[data-first-screen]')) return;
      record.handedOverAt ||= performance.now();
      for (const mutation of mutations) {
        const target =
          mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        const region = target?.closest(LIVE);
        // Inserting a region says nothing; a change in one already there is spoken.
        if (!region || [...mutation.addedNodes].some((node) => node.contains(region))) continue;
        if (region.closest('[data-first-screen]') || !region.isConnected) continue;
        record.spoken.push((region.textContent ?? '').trim());
      }
    }).observe(app, { childList: true, subtree: true, characterData: true });
  });
}

async function spoken(page: Page): Promise<string[]> {
  return page.evaluate(
    () => (window as unknown as { handOver: { spoken: string[] } }).handOver.spoken,
  );
}

/** The focused element's accessible name as the page gives it, and whether it is the app's. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    return {
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      painted: Boolean(element.closest('[data-first-screen]')),
    };
  });
}

test('the focus on a row, the scroll and the silence are kept when the app takes over', async ({
  page,
}) => {
  await page.setViewportSize({ width: page.viewportSize()?.width ?? 390, height: 420 });
  const releaseScripts = await holdScripts(page);
  await page.goto('/s/demo-public', { waitUntil: 'commit' });
  const row = page.getByRole('button', { name: 'mountains.jpg', exact: true });
  await expect(row).toBeVisible();
  await row.focus();
  await page.evaluate(() => window.scrollTo(0, 180));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  expect(await focused(page)).toEqual({ text: 'mountains.jpg', painted: true });
  await watchHandOver(page);

  releaseScripts();
  await untilAppShowsScreen(page);
  await expect.poll(() => focused(page)).toEqual({ text: 'mountains.jpg', painted: false });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // A while after the app's first render: still nothing spoken.
  await page.waitForTimeout(1500);
  expect(await spoken(page)).toEqual([]);
  await expect(row).toBeFocused();
  // What the watch hears: a change the visitor makes is spoken.
  await page.getByRole('checkbox', { name: 'Select Photos' }).click();
  await expect.poll(() => spoken(page)).toEqual(['7 file(s) selected']);
});

test("the focus on the top bar's language menu is kept when the app takes over", async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/s/demo-public', { waitUntil: 'commit' });
  const language = page.getByRole('button', { name: /language/i }).first();
  await expect(language).toBeVisible();
  await language.focus();
  const before = await focused(page);
  expect(before?.painted).toBe(true);
  releaseScripts();
  await untilAppShowsScreen(page);
  await expect.poll(() => focused(page)).toEqual({ text: before?.text, painted: false });
});
