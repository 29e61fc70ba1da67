import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  appSessionOf,
  destinationDialog,
  fileList,
  logInAndSave,
  openShare,
  saveButton,
  untilAppShowsScreen,
  selectOnly,
  type DemoAccount,
  uniqueName,
} from '../support/journeys';
import {
  colourAround,
  contrast,
  differingShare,
  elementPixels,
  maxContrastInColumn,
  paintedTextContrast,
  pixelAt,
  pixelsContrasting,
  ratioText,
  regionPixels,
  type Pixels,
  type Rgb,
} from '../support/wcag-pixels';
import { acceptanceShot } from '../support/wcag-reflow';
import { untilStill } from '../support/motion';

/**
 * WCAG 2.2 AA that axe cannot see (issue 33): Windows High Contrast (forced colours, Chromium's
 * emulation) keeps every state a person must tell apart (checked and unchecked, the selected
 * plan, the player's progress and track, the selected folder) and every edge (the dialogs, the
 * opaque upgrade sheet, the 'Pay' button); and the audio player's controls have 3:1 against what
 * is next to them (1.4.11), measured in the painted pixels.
 */

/** The committed pictures in docs/ are refreshed on demand (WCAG_SCREENSHOTS=1), not by every run. */
const SCREENSHOTS = process.env.WCAG_SCREENSHOTS
  ? path.resolve(__dirname, '../../docs/screenshots/wcag')
  : path.resolve(__dirname, '../test-results/wcag-screenshots');
const AUDIO = 'Morning Tone.mp3';

const isPhone = () => /android|iphone/.test(test.info().project.name);
const isDesktop = () => !isPhone();
/** The acceptance screenshots are taken at a phone's width (and the desktop's tree). */
const takesScreenshots = () => test.info().project.name === 'wcag-android';

/** Moves the pointer off everything, so no hover style is in a screenshot. */
async function pointerAway(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
}

async function startSaving(page: Page, account: DemoAccount): Promise<void> {
  if (account === 'Carol' && isDesktop()) await giveCarolAFolder(page);
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, account);
}

/** A folder of Carol's besides the default one, so that her desktop tree has a row to select. */
async function giveCarolAFolder(page: Page): Promise<void> {
  const { baseURL } = test.info().project.use;
  const session = await appSessionOf(page.request, baseURL ?? '', 'Carol');
  const response = await page.request.post('/api/file/folder/create', {
    headers: { 'X-Token': session.token },
    data: { parent_id: 0, folder_name: uniqueName('Forced', test.info().project.name) },
  });
  expect(response.ok()).toBe(true);
}

/**
 * A dialog's top edge: its top rows against its interior a little below them (no text there:
 * the header's padding). A quarter from the left keeps away from the rounded corners
 * and the sheet's grip.
 */
async function topEdgeContrast(page: Page, dialog: Locator): Promise<number> {
  // Where it comes to rest: a sheet read while it slides up is pictured after it moved.
  await untilStill(dialog);
  const box = await dialog.boundingBox();
  if (!box) throw new Error('the dialog has no box');
  const x = Math.round(box.x + box.width / 4);
  const top = Math.round(box.y);
  const strip = await regionPixels(page, { x, y: Math.max(0, top - 4), width: 1, height: 16 });
  const edgeRow = top - Math.max(0, top - 4);
  const interior = pixelAt(strip, 0, edgeRow + 10);
  // Only the panel's own rows: what shows outside it (the page under the backdrop) is no edge.
  return maxContrastInColumn(strip, 0, edgeRow, edgeRow + 2, interior);
}

/** The seek slider's painted parts, sampled in a screenshot of it (CSS px). */
interface SliderLook {
  /** The player's bar just above the track. */
  bar: Rgb;
  /** The middle of the part still to play. */
  track: Rgb;
  /** The middle of the part played. */
  played: Rgb;
  /** The strongest contrast of the unplayed track's own rows (fill or edge) against the bar. */
  trackEdge: number;
  /** The strongest contrast of the thumb (above the track's rows) against the bar. */
  thumb: number;
  /** The strongest contrast above the track against the bar, away from the thumb (the focus). */
  aboveTrack: number;
}

async function sliderLook(page: Page, slider: Locator): Promise<SliderLook> {
  const value = await slider.evaluate((element) => {
    const input = element as HTMLInputElement;
    return Number(input.value) / Number(input.max || 100);
  });
  expect(value, 'the seek slider has progress to show').toBeGreaterThan(0.25);
  expect(value).toBeLessThan(0.75);
  const image: Pixels = await elementPixels(page, slider);
  const { width, height } = image;
  const middle = Math.floor((height - 1) / 2);
  const thumbSize = 13; // Plyr's --plyr-range-thumb-height
  const playedX = (value * width) / 2;
  const unplayedX = value * width + ((1 - value) * width) / 2;
  const thumbX = thumbSize / 2 + value * (width - thumbSize);
  const bar = pixelAt(image, unplayedX, 0);
  let aboveTrack = 1;
  for (let dx = -8; dx <= 8; dx += 1) {
    aboveTrack = Math.max(
      aboveTrack,
      maxContrastInColumn(image, unplayedX + dx, 0, middle - 4, bar),
    );
  }
  return {
    bar,
    track: colourAround(image, unplayedX, middle),
    played: colourAround(image, playedX, middle),
    trackEdge: maxContrastInColumn(image, unplayedX, middle - 4, middle + 4, bar),
    thumb: maxContrastInColumn(image, thumbX, 0, middle - 4, bar),
    aboveTrack,
  };
}

/** Opens the audio preview, pauses it half-way and returns its seek slider. */
async function audioHalfWay(page: Page): Promise<{ preview: Locator; slider: Locator }> {
  await openShare(page, 'demo-public');
  await page.getByRole('button', { name: AUDIO, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview of ${AUDIO}` });
  const slider = preview.getByRole('slider', { name: 'Seek' });
  await expect(slider).toBeVisible();
  const audio = preview.locator('audio');
  await expect
    .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration || 0))
    .toBeGreaterThan(10);
  await audio.evaluate((element) => {
    const media = element as HTMLAudioElement;
    media.pause();
    media.currentTime = media.duration / 2;
  });
  await expect
    .poll(() => slider.evaluate((element) => Number((element as HTMLInputElement).value)))
    .toBeGreaterThan(40);
  await pointerAway(page);
  return { preview, slider };
}

test.describe('forced colours (Windows High Contrast)', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
  });

  test('a check box looks checked or unchecked', async ({ page }) => {
    await openShare(page, 'demo-public');
    await page.getByRole('button', { name: 'Deselect all' }).click();
    const box = page.getByRole('checkbox', { name: 'Select mountains.jpg' });
    await expect(box).not.toBeChecked();
    await pointerAway(page);
    const unchecked = await elementPixels(page, box);
    await box.check();
    await pointerAway(page);
    const checked = await elementPixels(page, box);
    const share = differingShare(unchecked, checked);
    expect(share, 'checked and unchecked differ in pixels').toBeGreaterThan(0.1);
    if (takesScreenshots()) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'forced-list.png') });
    }
  });

  test('the upgrade sheet: opaque over the list, its selected plan stands out, Pay is a button', async ({
    page,
  }) => {
    await startSaving(page, 'Alice');
    await destinationDialog(page, isDesktop()).getByRole('button', { name: 'Confirm' }).click();
    const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
    await expect(sheet).toBeVisible();
    const plans = sheet.getByRole('radio');
    await expect(plans.first()).toBeVisible();
    expect(await plans.count()).toBeGreaterThanOrEqual(2);
    const plan = plans.nth(0);
    const other = plans.nth(1);

    // The same card, unselected and then selected (both after a tap, neither with a focus ring).
    await other.click();
    await expect(plan).toHaveAttribute('aria-checked', 'false');
    await pointerAway(page);
    const unselected = await elementPixels(page, plan);
    await plan.click();
    await expect(plan).toHaveAttribute('aria-checked', 'true');
    await pointerAway(page);
    const selected = await elementPixels(page, plan);
    expect(
      differingShare(unselected, selected),
      'the selected plan differs from itself unselected',
    ).toBeGreaterThan(0.1);
    const planName = plan.locator('.upgrade-plan__name');
    const planText = await paintedTextContrast(page, planName);
    expect(planText, `the selected plan's name: ${ratioText(planText)}`).toBeGreaterThanOrEqual(
      4.5,
    );

    // 'Pay' has a button's edge (its top rows against its inside).
    const buy = sheet.getByRole('button', { name: /^(Pay|Purchase in App for \$[\d.]+)$/ });
    const button = await elementPixels(page, buy);
    const x = Math.round(button.width / 2);
    const edge = maxContrastInColumn(button, x, 0, 2, pixelAt(button, x, 6));
    expect(edge, `the purchase button's edge: ${ratioText(edge)}`).toBeGreaterThanOrEqual(3);

    // The sheet's edge, and nothing of the list shows through it.
    const sheetEdge = await topEdgeContrast(page, sheet);
    expect(sheetEdge, `the sheet's edge: ${ratioText(sheetEdge)}`).toBeGreaterThanOrEqual(3);
    if (takesScreenshots()) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'forced-upgrade-sheet.png') });
    }
    const overList = await elementPixels(page, sheet);
    await fileList(page, 'Shared files', true).evaluate((list) => {
      (list as HTMLElement).style.visibility = 'hidden';
    });
    const overNothing = await elementPixels(page, sheet);
    expect(
      differingShare(overList, overNothing),
      'the sheet looks the same with or without the list behind it',
    ).toBeLessThan(0.002);
  });

  test('the seek slider shows its track, its progress and its thumb', async ({ page }) => {
    const { slider } = await audioHalfWay(page);
    const look = await sliderLook(page, slider);
    const progress = contrast(look.played, look.track);
    expect(progress, `played part against the rest: ${ratioText(progress)}`).toBeGreaterThanOrEqual(
      3,
    );
    expect(
      look.trackEdge,
      `the track against the bar: ${ratioText(look.trackEdge)}`,
    ).toBeGreaterThanOrEqual(3);
    expect(
      look.thumb,
      `the thumb against the bar: ${ratioText(look.thumb)}`,
    ).toBeGreaterThanOrEqual(3);
    if (takesScreenshots()) {
      await page.screenshot({ path: path.join(SCREENSHOTS, 'forced-audio-player.png') });
    }
  });

  test("filled buttons keep an edge: Open App, the home page's Open, a dialog's Close", async ({
    page,
  }) => {
    // Forced colours draw no background of their own: only a border shows a button's shape.
    const edgeOf = (button: Locator) =>
      button.evaluate((element) => {
        const style = getComputedStyle(element);
        const drawn = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) >= 1;
        return drawn ? style.borderTopColor : 'none';
      });
    await page.goto('/');
    // The app's home page: the server's paint lacks the home card's forced-colours rule.
    await untilAppShowsScreen(page);
    expect(await edgeOf(page.getByRole('button', { name: 'Open App' }))).toBe('rgb(0, 0, 0)');
    expect(await edgeOf(page.getByRole('button', { name: 'Open', exact: true }))).toBe(
      'rgb(0, 0, 0)',
    );
    await acceptanceShot(page, 'forced-home', 'wcag-desktop');
    await openShare(page, 'demo-public');
    await saveButton(page, 'Log in and save').click();
    const close = page
      .getByRole('dialog', { name: 'Welcome' })
      .getByRole('button', { name: 'Close' });
    expect(await edgeOf(close)).toBe('rgb(0, 0, 0)');
    await acceptanceShot(page, 'forced-login-sheet', 'wcag-desktop');
  });

  test('a toast keeps its edge over the page', async ({ page }) => {
    await page.goto('/s/demo-private');
    await page.getByRole('button', { name: 'Extract file' }).click();
    const text = page.getByRole('status').getByText('Please enter the extract code first');
    await expect(text).toBeVisible();
    const toast = text.locator('xpath=..');
    const edge = await topEdgeContrast(page, toast);
    expect(edge, `the toast's edge: ${ratioText(edge)}`).toBeGreaterThanOrEqual(3);
  });

  test("the folder picker's edge and, on the desktop, its selected folder", async ({ page }) => {
    await startSaving(page, 'Carol');
    const dialog = destinationDialog(page, isDesktop());
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeVisible();
    const edge = await topEdgeContrast(page, dialog);
    expect(edge, `the dialog's edge: ${ratioText(edge)}`).toBeGreaterThanOrEqual(3);
    if (isDesktop()) {
      const { unselected, selected } = await treeRowStates(page, dialog);
      expect(
        differingShare(unselected, selected),
        'the selected folder differs from itself unselected',
      ).toBeGreaterThan(0.1);
      const name = dialog.getByRole('button', { pressed: true });
      const nameText = await paintedTextContrast(page, name);
      expect(nameText, `the selected folder's name: ${ratioText(nameText)}`).toBeGreaterThanOrEqual(
        4.5,
      );
      await page.screenshot({ path: path.join(SCREENSHOTS, 'forced-folder-tree.png') });
    } else if (takesScreenshots()) {
      await expect(page.getByText('Login Success')).toBeHidden();
      await page.screenshot({ path: path.join(SCREENSHOTS, 'forced-folder-picker.png') });
    }
  });
});

/** A folder's row of the desktop tree, unselected and then selected (after a click each). */
async function treeRowStates(
  page: Page,
  dialog: Locator,
): Promise<{ unselected: Pixels; selected: Pixels }> {
  const unpressed = dialog.locator('.ns-tree__name[aria-pressed="false"]').first();
  await expect(unpressed).toBeVisible();
  // By its name from here on: the attribute it was found by changes with the click.
  const name = dialog.getByRole('button', { name: await unpressed.innerText(), exact: true });
  const row = name.locator('xpath=..');
  await pointerAway(page);
  const unselected = await elementPixels(page, row);
  await name.click();
  await expect(name).toHaveAttribute('aria-pressed', 'true');
  await pointerAway(page);
  const selected = await elementPixels(page, row);
  return { unselected, selected };
}

test.describe('non-text contrast (1.4.11)', () => {
  test("the audio player's seek slider: track, played part, thumb and focus at 3:1", async ({
    page,
  }) => {
    const { preview, slider } = await audioHalfWay(page);
    const look = await sliderLook(page, slider);
    const track = contrast(look.track, look.bar);
    const played = contrast(look.played, look.track);
    expect.soft(track, `track against the bar: ${ratioText(track)}`).toBeGreaterThanOrEqual(3);
    expect
      .soft(played, `played part against the track: ${ratioText(played)}`)
      .toBeGreaterThanOrEqual(3);
    expect
      .soft(look.thumb, `thumb against the bar: ${ratioText(look.thumb)}`)
      .toBeGreaterThanOrEqual(3);

    // The focus indicator, reached with the keyboard from the play button.
    await preview
      .getByRole('button', { name: /^(Play|Pause)$/ })
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await expect(slider).toBeFocused();
    const focused = await sliderLook(page, slider);
    expect
      .soft(focused.aboveTrack, `the focus indicator: ${ratioText(focused.aboveTrack)}`)
      .toBeGreaterThanOrEqual(3);
  });

  test("the desktop tree's selected folder is marked at 3:1, not by a pale background only", async ({
    page,
  }) => {
    test.skip(isPhone(), 'the tree is the desktop dialog');
    await startSaving(page, 'Carol');
    const dialog = destinationDialog(page, true);
    await expect(dialog).toBeVisible();
    const { unselected, selected } = await treeRowStates(page, dialog);
    // At least a bar two pixels wide along the row's height.
    const marked = pixelsContrasting(unselected, selected, 3);
    expect(
      marked,
      'pixels of the selected row at 3:1 against it unselected',
    ).toBeGreaterThanOrEqual(selected.height * 2);
  });
});
