import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { untilStill } from '../support/motion';
import {
  logInAndSave,
  openLargeFolder,
  openShare,
  selectOnly,
  untilAppShowsScreen,
} from '../support/journeys';
import {
  acceptanceShot,
  audioPastTheMinute,
  clippedTexts,
  coveredTabStops,
  expectNoSidewaysScroll,
  focusSeen,
  giveFolders,
  isPhoneProject,
  NARROW,
  TEXT_SPACING_CSS,
  unreachableControls,
  ZOOM_200,
  ZOOM_400,
} from '../support/wcag-reflow';

/**
 * WCAG 2.2 AA that axe cannot see (issue 33): focus never fully covered by the fixed bars
 * (2.4.11), reflow at 320 px and at 320 × 256 with every control in reach of a pointer (1.4.10),
 * and the text-spacing styles with nothing clipped that carries meaning (1.4.12).
 */

/** Where the acceptance screenshots go. */
const SCREENSHOTS = path.resolve(__dirname, '../../docs/screenshots/wcag');

/** The picker's folder list, where the files will go (a bottom sheet at these widths). */
const PICKER = '.ns-picker';

async function openPickerAsCarol(page: Page, prefix: string): Promise<void> {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Carol');
  const picker = page.getByRole('dialog', { name: /^Save to "/ });
  await expect(picker).toBeVisible();
  // Enough folders that the list has to scroll, then the picker again from the 'Save to' chip.
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await giveFolders(page, 8, prefix);
  await page.locator('.ns-save-bar__selector').click();
  await expect(picker).toBeVisible();
  const folders = picker.getByRole('list', { name: 'Subfolders' }).getByRole('button');
  await expect.poll(() => folders.count()).toBeGreaterThanOrEqual(8);
  await expect(picker.getByRole('status')).toHaveCount(0);
}

/** The same page with its toasts gone (they sit over the page for a few seconds by design). */
async function withoutToasts(page: Page): Promise<void> {
  await expect(page.locator('.nb-toast')).toHaveCount(0, { timeout: 15_000 });
}

test.describe('focus not obscured (2.4.11)', () => {
  for (const size of [null, ZOOM_400] as const) {
    const where = size ? 'at 320 × 256' : 'at the device size';
    test(`every tab stop of the list shows its centre ${where}`, async ({ page }) => {
      if (size) await page.setViewportSize(size);
      await openShare(page, 'demo-public');
      const { seen, covered } = await coveredTabStops(page, 120);
      expect(seen, 'the list has tab stops').toBeGreaterThan(15);
      expect(covered, 'tab stops covered by a fixed bar').toEqual([]);
    });

    test(`70 tab stops of the 10,000-file folder show their centre ${where}`, async ({ page }) => {
      if (size) await page.setViewportSize(size);
      const list = await openShare(page, 'demo-large');
      await openLargeFolder(page);
      // From where opening the folder left the focus, Tab into the rows, then 70 stops on.
      const inRows = () => list.evaluate((element) => element.contains(document.activeElement));
      for (let step = 0; step < 30 && !(await inRows()); step += 1) {
        await page.keyboard.press('Tab');
        const focus = await focusSeen(page);
        expect(focus?.covered, `on the way to the rows: ${JSON.stringify(focus)}`).not.toBe(true);
      }
      expect(await inRows(), 'Tab reaches the rows').toBe(true);
      const { seen, covered } = await coveredTabStops(page, 70);
      expect(seen).toBe(70);
      expect(covered, 'tab stops covered by a fixed bar').toEqual([]);
    });
  }
});

test.describe('reflow (1.4.10)', () => {
  for (const [label, size] of [
    ['320 px wide', NARROW],
    ['320 × 256 (400 %)', ZOOM_400],
  ] as const) {
    test(`${label}: no sideways scroll, every control in reach of a pointer`, async ({ page }) => {
      await page.setViewportSize(size);
      const check = async (where: string, scope = 'body') => {
        await expectNoSidewaysScroll(page, where);
        expect
          .soft(await unreachableControls(page, scope), `${where}: controls out of reach`)
          .toEqual([]);
      };

      await page.goto('/');
      await expect(page.getByRole('textbox').first()).toBeVisible();
      // The app's home page (the painted one before it: the stop note of 2026-11-29).
      await untilAppShowsScreen(page);
      await check('the home page');

      await page.goto('/s/demo-private');
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await untilAppShowsScreen(page);
      await check('the code screen');

      await page.goto('/s/demo-expired');
      await expect(page.getByRole('heading', { name: 'Share expired' })).toBeVisible();
      await untilAppShowsScreen(page);
      await check('the status page');

      const list = await openShare(page, 'demo-public');
      await check('the list');
      await list.getByRole('button', { name: 'Photos', exact: true }).click();
      await expect(list.getByRole('button', { name: '2025', exact: true })).toBeVisible();
      await check('a folder');
    });
  }

  for (const [label, size] of [
    ['320 px wide', NARROW],
    ['320 × 256 (400 %)', ZOOM_400],
    ['640 × 360 (200 %)', ZOOM_200],
  ] as const) {
    test(`${label}: the folder picker's folders can all be chosen by pointer`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await openPickerAsCarol(page, `Reach ${testInfo.project.name} ${Date.now().toString(36)}`);
      await withoutToasts(page);
      await expectNoSidewaysScroll(page, 'the folder picker');
      expect(await unreachableControls(page, PICKER), 'controls out of reach').toEqual([]);
    });
  }
});

test.describe('reflow (1.4.10): the upgrade sheet', () => {
  for (const [label, size, suffix] of [
    ['320 px wide', NARROW, '320'],
    ['320 × 256 (400 %)', ZOOM_400, '400pct'],
  ] as const) {
    test(`${label}: the plans, 'Pay' and the close button all in reach`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(size);
      await openShare(page, 'demo-public');
      await selectOnly(page, ['mountains.jpg']);
      await logInAndSave(page, 'Alice');
      await page
        .getByRole('dialog', { name: /^Save to/ })
        .getByRole('button', { name: 'Confirm' })
        .click();
      const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
      await expect(sheet.getByRole('radio').first()).toBeVisible();
      await expect(sheet.getByRole('button', { name: /Pay|Purchase/ }).first()).toBeAttached();
      await withoutToasts(page);
      await expectNoSidewaysScroll(page, 'the upgrade sheet');
      expect(await unreachableControls(page, '[role="dialog"]'), 'controls out of reach').toEqual(
        [],
      );
      // The acceptance pictures (docs/screenshots/wcag), refreshed on demand: one phone, one desktop.
      const shoots =
        process.env.WCAG_SCREENSHOTS &&
        (testInfo.project.name === 'wcag-android') === (suffix === '320') &&
        ['wcag-android', 'wcag-desktop'].includes(testInfo.project.name);
      if (shoots) {
        await page.screenshot({ path: path.join(SCREENSHOTS, `upgrade-sheet-${suffix}.png`) });
      }
    });
  }
});

test.describe('text spacing (1.4.12)', () => {
  for (const [label, size] of [
    ['at the device size', null],
    ['at 320 px', NARROW],
  ] as const) {
    test(`${label}: the list, its rows and the save bar keep their texts`, async ({ page }) => {
      if (size) await page.setViewportSize(size);
      const list = await openShare(page, 'demo-public');
      await page.addStyleTag({ content: TEXT_SPACING_CSS });
      // The timed files' duration badges are in this folder.
      await expect(list.getByText('00:01:10').first()).toBeVisible();
      expect(await clippedTexts(page, '#app'), 'texts clipped').toEqual([]);
      await expectNoSidewaysScroll(page, 'the list with text spacing');
    });
  }

  test('at 320 px: the folder picker keeps its texts', async ({ page }, testInfo) => {
    await page.setViewportSize(NARROW);
    await openPickerAsCarol(page, `Spacing ${testInfo.project.name} ${Date.now().toString(36)}`);
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    expect(await clippedTexts(page, PICKER), 'texts clipped').toEqual([]);
    await expectNoSidewaysScroll(page, 'the picker with text spacing');
  });
});

test.describe('the player at 320 px', () => {
  for (const name of ['Morning Tone.mp3', 'City Clip.mp4']) {
    test(`${name}: the current time and the duration both show`, async ({ page }) => {
      await page.setViewportSize(NARROW);
      const list = await openShare(page, 'demo-public');
      await list.getByRole('button', { name, exact: true }).click();
      const preview = page.getByRole('dialog', { name: `Preview of ${name}` });
      await expect(preview).toBeVisible();
      const current = preview.locator('.plyr__time--current');
      const duration = preview.locator('.plyr__time--duration');
      await expect(current).toBeVisible();
      await expect(duration).toBeVisible();
      await expect(duration).toContainText(/\d+:\d{2}/);
      const a = await current.boundingBox();
      const b = await duration.boundingBox();
      expect(a && b && a.x + a.width <= b.x + 0.5, 'side by side, not overlapping').toBe(true);
      expect((b?.x ?? 0) + (b?.width ?? 0), 'inside the screen').toBeLessThanOrEqual(NARROW.width);
      await expectNoSidewaysScroll(page, 'the player');
      expect(await clippedTexts(page, '.plyr__controls'), 'texts clipped').toEqual([]);
    });
  }
});

test('screenshots for the acceptance: 320 px on a phone, 400 % on the desktop', async ({
  page,
}, testInfo) => {
  const project = testInfo.project.name;
  // They refresh the committed pictures in docs/: on demand, never in a test run.
  test.skip(!process.env.WCAG_SCREENSHOTS, 'WCAG_SCREENSHOTS=1 refreshes docs/screenshots/wcag');
  test.skip(project !== 'wcag-android' && project !== 'wcag-desktop', 'one phone, one desktop');
  const phone = isPhoneProject(testInfo);
  const suffix = phone ? '320' : '400pct';
  await page.setViewportSize(phone ? NARROW : ZOOM_400);
  const shot = (name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${suffix}.png`) });

  const list = await openShare(page, 'demo-public');
  await shot('list');

  await list.getByRole('button', { name: 'Morning Tone.mp3', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of Morning Tone.mp3' });
  await expect(preview.locator('.plyr__time--duration')).toBeVisible();
  await shot('audio-player');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await openPickerAsCarol(page, `Shot ${project} ${Date.now().toString(36)}`);
  await withoutToasts(page);
  await shot('folder-picker');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await shot('save-bar');
});

test.describe('text spacing (1.4.12): dialogs and cards at 320 px', () => {
  test('the report dialog keeps its title and texts', async ({ page }) => {
    await page.setViewportSize(NARROW);
    await openShare(page, 'demo-public');
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reason for reporting' });
    await expect(dialog).toBeVisible();
    await untilStill(dialog, { subtree: true });
    expect(await clippedTexts(page, '[role="dialog"]'), 'texts clipped').toEqual([]);
    await acceptanceShot(page, 'text-spacing-report-320', 'wcag-android');
  });

  test('the one-minute card keeps its texts', async ({ page }) => {
    await page.setViewportSize(NARROW);
    const list = await openShare(page, 'demo-public');
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    const preview = await audioPastTheMinute(page, list);
    await expect(
      preview.getByRole('heading', { name: 'The 1-minute preview has ended' }),
    ).toBeVisible();
    expect(await clippedTexts(page, '.ns-player__limit'), 'texts clipped').toEqual([]);
    await acceptanceShot(page, 'text-spacing-limit-card-320', 'wcag-android');
  });
});
