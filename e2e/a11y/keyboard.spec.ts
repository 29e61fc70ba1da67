import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  chooseAccount,
  destinationDialog,
  fileList,
  fileRows,
  openLargeFolder,
  openShare,
  saveButton,
  selectOnly,
  uniqueName,
} from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * The journeys of the share page with the keyboard alone, and where the focus is after each
 * step: never lost to the page's body.
 */

const isPc = () => platformOf(test.info()) === 'other';

/** Tabs forward until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Tabs to a file's row and opens its preview with Enter. */
async function previewByKeyboard(page: Page, fileName: string) {
  const row = page.getByRole('button', { name: fileName, exact: true });
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  return { row, preview: page.getByRole('dialog', { name: `Preview of ${fileName}` }) };
}

/** The focus is somewhere on the page, not on its body. */
async function expectFocusKept(page: Page) {
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });

test('the extract code: type it, press Enter, land on the list', async ({ page }) => {
  await page.goto('/s/demo-private');
  const code = page.getByRole('textbox', { name: 'Extract code' });
  await tabTo(page, code);
  await page.keyboard.type('zz99');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid extract code' })).toBeVisible();
  await expect(code).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ab12');
  await page.keyboard.press('Enter');
  // The root's heading names the share.
  await expect(heading(page, 'Private collection')).toBeFocused();
  await expect(fileList(page)).toBeVisible();
});

test('the list and its folders: Enter opens one, a crumb goes back, focus follows', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  const photos = page.getByRole('button', { name: 'Photos', exact: true });
  await tabTo(page, photos);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Photos')).toBeFocused();
  const root = page
    .getByRole('navigation', { name: 'Folder path' })
    .getByRole('button', { name: 'Nimbus Sharing' });
  await tabTo(page, root);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Holiday pictures and more')).toBeFocused();
  // A check box by the keyboard.
  const box = page.getByRole('checkbox', { name: 'Select guide.pdf' });
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
});

test('the 10,000-file folder keeps the focused row while PageDown scrolls', async ({ page }) => {
  await openShare(page, 'demo-large');
  await openLargeFolder(page, 'Enter');
  const first = fileRows(fileList(page)).first().getByRole('button').first();
  await expect(first).toBeVisible();
  await first.focus();
  for (let presses = 0; presses < 8; presses += 1) await page.keyboard.press('PageDown');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await expect(first).toBeFocused();
});

test('the previews: focus goes in and comes back; Escape closes the menu before the preview', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  const image = (await previewByKeyboard(page, 'mountains.jpg')).row;
  const close = page.getByRole('button', { name: 'Close preview' });
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(image).toBeFocused();

  const { row: video, preview } = await previewByKeyboard(page, 'City Clip.mp4');
  const settings = preview.getByRole('button', { name: 'Settings' });
  await tabTo(page, settings);
  await page.keyboard.press('Enter');
  await expect(preview.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toBeVisible();
  await expect(settings).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(video).toBeFocused();

  // Audio talks over a screen reader: its pause is where the focus goes.
  const audioPreview = (await previewByKeyboard(page, 'Morning Tone.mp3')).preview;
  const toggle = audioPreview.getByRole('button', { name: /^(Play|Pause)$/ }).first();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      page.locator('.ns-preview audio').evaluate((media: HTMLMediaElement) => media.paused),
    )
    .toBe(true);
});

test("a playing video's controls and Settings menu stay while the keyboard is in them", async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  const { preview } = await previewByKeyboard(page, 'City Clip.mp4');
  // Playing: Plyr has hidden its controls until they take the focus.
  await expect(preview.getByRole('button', { name: 'Pause' }).first()).toBeAttached();
  await tabTo(page, preview.getByRole('button', { name: 'Settings' }));
  await page.keyboard.press('Enter');
  const speed = preview.getByRole('menuitem', { name: /Speed/ });
  await expect(speed).toBeFocused();
  // The video stalls for a moment and plays on (a slow network); Plyr hid its controls then.
  await page.locator('.ns-preview video').evaluate(async (media: HTMLVideoElement) => {
    media.dispatchEvent(new Event('waiting'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    media.dispatchEvent(new Event('playing'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  await expect(speed).toBeVisible();
  await expect(speed).toBeFocused();
});

test('the report dialog: open, write, send, and back to Report', async ({ page }) => {
  await openShare(page, 'demo-public');
  const report = page.getByRole('button', { name: 'Report' });
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reason for reporting' });
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await page.keyboard.type('Spam links');
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});

test('the login sheet: open it, close it with Escape, back to the save button', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  const save = saveButton(page, 'Log in and save');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  await expect(sheet.getByRole('button', { name: 'Log in with Google' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(save).toBeFocused();
});

/** Logs in from the save button with the keyboard; the popup's account is picked as a person would. */
async function keyboardLogInAndSave(page: Page, account: 'Carol' | 'Alice') {
  const save = saveButton(page, 'Log in and save');
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const google = page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', {
    name: 'Log in with Google',
  });
  await expect(google).toBeFocused();
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  await chooseAccount(await popupOpened, account);
}

test('saving with the keyboard: the destination, a new folder, the success dialog', async ({
  page,
}) => {
  const folderName = uniqueName('Keys', test.info().project.name);
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await keyboardLogInAndSave(page, 'Carol');
  const chooser = destinationDialog(page, isPc());
  await expect(chooser).toBeVisible();
  await expectFocusKept(page);
  await tabTo(page, chooser.getByRole('button', { name: 'Create folder' }));
  await page.keyboard.press('Enter');
  if (isPc()) {
    const input = chooser.getByRole('textbox', { name: 'New folder name' });
    await expect(input).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(folderName);
    await page.keyboard.press('Enter');
    await expect(chooser.getByRole('button', { name: folderName, exact: true })).toBeFocused();
    // Opening the new, empty folder says so and keeps the focus on its toggle (WCAG 2.4.3).
    await page.keyboard.press('Shift+Tab');
    await expect(chooser.getByRole('button', { name: `Expand ${folderName}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chooser.getByText('No subfolders')).toBeVisible();
    await expect(chooser.getByRole('button', { name: `Collapse ${folderName}` })).toBeFocused();
  } else {
    const create = page.getByRole('dialog', { name: 'Create folder' });
    await expect(create.getByRole('textbox', { name: 'Folder name' })).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(folderName);
    await page.keyboard.press('Enter');
    await expect(create).toBeHidden();
    await expect(chooser).toHaveAccessibleName(`Save to "${folderName}"`);
    await expectFocusKept(page);
  }
  await tabTo(page, chooser.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  const success = page.getByRole('dialog', { name: 'Share successful' });
  await expect(success).toBeVisible();
  await expectFocusKept(page);
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  await expect(saveButton(page, 'Save to cloud')).toBeFocused();
});

test('the upgrade sheet: reachable by keys, Escape closes it, the focus stays on the page', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await keyboardLogInAndSave(page, 'Alice');
  const chooser = destinationDialog(page, isPc());
  await tabTo(page, chooser.getByRole('button', { name: 'Confirm' }));
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet).toBeVisible();
  await tabTo(page, sheet.getByRole('button', { name: /Purchase in App|Pay/ }).first());
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(saveButton(page, 'Save to cloud')).toBeFocused();
});
