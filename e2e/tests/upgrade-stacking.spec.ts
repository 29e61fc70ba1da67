import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  destinationDialog,
  logInAndSave,
  openShare,
  recordNavigations,
  selectOnly,
} from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * Stacked overlays (issue 32, problem 1): whichever dialog opens last is on top and owns the
 * focus; closing it gives back the one below, working. Every click here is a real click, which
 * Playwright refuses while something else covers the target.
 */

/** A click that fails soon, not at the test's timeout, when something covers the target. */
const REAL_CLICK = { timeout: 5_000 };

/**
 * Whether what the page paints at the centre of `target` is `target` (or inside it), i.e. nothing
 * covers it. A real click is not enough to tell: an inert dialog lets clicks through to what it
 * covers, so the browser's hit test ignores inert elements; they are live for this one
 * synchronous look (nothing renders meanwhile) and inert again at once.
 */
function paintedOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inert = Array.from(document.querySelectorAll('[inert]'));
    for (const node of inert) node.removeAttribute('inert');
    try {
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit !== null && element.contains(hit);
    } finally {
      for (const node of inert) node.setAttribute('inert', '');
    }
  });
}

/** Whether the keyboard focus is inside the dialog. */
function holdsFocus(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement));
}

/** Alice (free, cloud full) saves a photo and gets the upgrade sheet. */
async function openUpgradeSheet(page: Page, isPc: boolean): Promise<Locator> {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Alice');
  const chooser = destinationDialog(page, isPc);
  await expect(chooser).toBeVisible();
  if (!isPc) {
    // The phone's own stack: the create-folder sheet over the folder picker, closed again.
    await chooser.getByRole('button', { name: 'Create folder' }).click(REAL_CLICK);
    const create = page.getByRole('dialog', { name: 'Create folder' });
    await expect(create).toBeVisible();
    await expect.poll(() => holdsFocus(create)).toBe(true);
    const createClose = create.getByRole('button', { name: 'Close' });
    await expect.poll(() => paintedOnTop(createClose)).toBe(true);
    await createClose.click(REAL_CLICK);
    await expect(create).toBeHidden();
    await expect.poll(() => holdsFocus(chooser)).toBe(true);
  }
  const confirm = chooser.getByRole('button', { name: 'Confirm' });
  await expect.poll(() => paintedOnTop(confirm)).toBe(true);
  await confirm.click(REAL_CLICK);
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('radiogroup').getByRole('radio').first()).toBeVisible();
  return sheet;
}

/**
 * The sheet shows no release line; developers read the release from a data attribute. Soft: the
 * journey goes on when it fails.
 */
async function expectNoReleaseLine(sheet: Locator): Promise<void> {
  await expect.soft(sheet.getByText(/Plans v\d/)).toHaveCount(0);
  await expect
    .soft(sheet.locator('[data-release]'))
    .toHaveAttribute('data-release', /^\d+\.\d+\.\d+/);
}

/** The page behind works again: a row's check box toggles with a real click. */
async function expectPageUsable(page: Page): Promise<void> {
  const row = page.getByRole('checkbox', { name: 'Select mountains.jpg' });
  const before = await row.isChecked();
  await row.click(REAL_CLICK);
  await expect(row).toBeChecked({ checked: !before });
}

test('the download dialog opens over the upgrade sheet and gives it back working', async ({
  page,
}, testInfo) => {
  test.skip(platformOf(testInfo) !== 'other', 'the download dialog opens on a desktop');
  const sheet = await openUpgradeSheet(page, true);
  await expectNoReleaseLine(sheet);

  const buy = sheet.getByRole('button', { name: /^(Pay|Purchase in App for \$[\d.]+)$/ });
  await buy.click(REAL_CLICK);
  const download = page.getByRole('dialog', { name: 'Download Nimbus App' });
  await expect(download).toBeVisible();
  await expect.poll(() => holdsFocus(download)).toBe(true);
  // Seen on top: its title and close button are not under the sheet.
  const downloadClose = download.getByRole('button', { name: 'Close' });
  await expect
    .poll(() => paintedOnTop(download.getByRole('heading', { name: 'Download Nimbus App' })))
    .toBe(true);
  await expect.poll(() => paintedOnTop(downloadClose)).toBe(true);

  // The sheet below is covered: a click on it does not reach it.
  const coveredSheet = page.getByRole('dialog', {
    name: 'Insufficient cloud storage',
    includeHidden: true,
  });
  await expect(
    coveredSheet.getByRole('button', { name: 'Close', includeHidden: true }).click({
      trial: true,
      timeout: 1_000,
    }),
  ).rejects.toThrow();

  // On top: its close button takes a real click.
  await downloadClose.click(REAL_CLICK);
  await expect(download).toBeHidden();

  // The sheet is back, working: the focus returned to its purchase button, its close closes it.
  await expect(sheet).toBeVisible();
  await expect(buy).toBeFocused();
  const sheetClose = sheet.getByRole('button', { name: 'Close' });
  await expect.poll(() => paintedOnTop(sheetClose)).toBe(true);
  await sheetClose.click(REAL_CLICK);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectPageUsable(page);
});

test('on a phone the sheet closes, the page works, and a reopened sheet opens the app', async ({
  page,
}, testInfo) => {
  test.skip(platformOf(testInfo) === 'other', 'phones open the app instead of a dialog');
  const sheet = await openUpgradeSheet(page, false);
  await expectNoReleaseLine(sheet);

  const sheetClose = sheet.getByRole('button', { name: 'Close' });
  await expect.poll(() => paintedOnTop(sheetClose)).toBe(true);
  await sheetClose.click(REAL_CLICK);
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectPageUsable(page);

  // Saved again, the sheet opens again, on top; its purchase opens the app, no dialog. Last step:
  // after an app link nobody answers, headless Chromium stops delivering input to the page.
  await page.getByRole('checkbox', { name: 'Select mountains.jpg' }).check();
  await page.getByRole('button', { name: 'Save to cloud', exact: true }).click(REAL_CLICK);
  const chooser = destinationDialog(page, false);
  await expect(sheet.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: 'Confirm' }).click();
  await expect(sheet).toBeVisible();
  const navigations = await recordNavigations(page);
  const buy = sheet.getByRole('button', { name: /^(Pay|Purchase in App for \$[\d.]+)$/ });
  await expect.poll(() => paintedOnTop(buy)).toBe(true);
  await buy.click(REAL_CLICK);
  await expect.poll(() => navigations).toContain('nimbus://pay');
  await expect(page.getByRole('dialog', { name: 'Download Nimbus App' })).toHaveCount(0);
});
