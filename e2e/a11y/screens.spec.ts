import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, seriousViolations } from '../support/axe';
import {
  destinationDialog,
  logInAndSave,
  openLargeFolder,
  openShare,
  saveButton,
  selectOnly,
  untilAppShowsScreen,
} from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * axe-core (WCAG 2.0–2.2 A and AA, best practices) on every screen and dialog, on a phone and a
 * desktop: no serious or critical violation anywhere.
 */

const isPc = () => platformOf(test.info()) === 'other';

test('the checker itself finds what it should (an image without a text alternative)', async ({
  page,
}) => {
  await page.setContent(
    '<main><h1>Page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>',
  );
  expect((await seriousViolations(page)).map((finding) => finding.rule)).toContain('image-alt');
});

test("the theme is on the page, before and after the app starts: the list's heading is for screen readers only", async ({
  browser,
  page,
}) => {
  const shownArea = async (on: Page) => {
    const heading = on.getByRole('heading', { level: 1, name: 'Holiday pictures and more' });
    await expect(heading).toBeAttached();
    const box = await heading.boundingBox();
    return box ? box.width * box.height : 0;
  };
  // The server's first screen alone: the page as painted before any script runs.
  const { baseURL, ...device } = test.info().project.use;
  const firstScreen = await browser.newContext({ ...device, baseURL, javaScriptEnabled: false });
  const painted = await firstScreen.newPage();
  await painted.goto('/s/demo-public');
  expect(await shownArea(painted)).toBeLessThanOrEqual(1);
  await firstScreen.close();

  await openShare(page, 'demo-public');
  expect(await shownArea(page)).toBeLessThanOrEqual(1);
});

test('the share list, a folder, an empty share and a large folder', async ({ page }) => {
  await openShare(page, 'demo-public');
  await expectAccessible(page, 'the share list');
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toBeVisible();
  await expectAccessible(page, 'a folder');

  await page.goto('/s/demo-empty');
  await expect(page.getByText('No files')).toBeVisible();
  await expectAccessible(page, 'an empty share');

  await openShare(page, 'demo-large');
  await openLargeFolder(page);
  await expectAccessible(page, 'the 10,000-file folder');
});

test('the extract-code screen, with a wrong code', async ({ page }) => {
  await page.goto('/s/demo-private');
  const code = page.getByRole('textbox', { name: 'Extract code' });
  await expect(code).toBeVisible();
  await expectAccessible(page, 'the extract-code screen');
  await code.fill('zz99');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid extract code' })).toBeVisible();
  await expectAccessible(page, 'a wrong extract code');
});

test('the status pages', async ({ page }) => {
  for (const [path, title] of [
    ['/s/demo-canceled', 'Share canceled'],
    ['/s/demo-expired', 'Share expired'],
    ['/s/demo-deleted', 'The file has been deleted by the sharer'],
    ['/404', '404 - Page Not Found'],
  ]) {
    await page.goto(path as string);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ }).first()).toBeVisible();
    await expectAccessible(page, title as string);
  }
});

test('the home page, and its error for text that holds no share link', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Open files shared with you' })).toBeVisible();
  await expectAccessible(page, 'the home page');
  await page.getByRole('textbox', { name: 'Share link' }).fill('see you at lunch');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(page, 'the home page with its error');
});

test('the login sheet, the report dialog and the download dialog', async ({ page }) => {
  await openShare(page, 'demo-public');
  await saveButton(page, 'Log in and save').click();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
  await expectAccessible(page, 'the login sheet');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Reason for reporting' });
  await expect(report).toBeVisible();
  await report.getByRole('textbox').fill('Spam');
  await expectAccessible(page, 'the report dialog');
  await page.keyboard.press('Escape');

  if (isPc()) {
    await page.getByRole('button', { name: 'Open App' }).click();
    await expect(page.getByRole('dialog', { name: 'Download Nimbus App' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for the iOS store' })).toBeVisible();
    await expectAccessible(page, 'the download dialog');
  }
});

/** Opens a preview from the root list and waits for what shows it is ready. */
async function openPreview(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview of ${name}` });
  await expect(preview).toBeVisible();
  return preview;
}

test("an item's details", async ({ page }) => {
  const list = await openShare(page, 'demo-public');
  await list.getByRole('button', { name: 'Details of mountains.jpg' }).click();
  const details = page.getByRole('dialog', { name: 'Details of mountains.jpg' });
  await expect(details.getByText(/ × \d+ px$/)).toBeVisible();
  await expectAccessible(page, 'the details panel');
});

test('the previews: image, video, audio', async ({ page }) => {
  await openShare(page, 'demo-public');
  const image = await openPreview(page, 'mountains.jpg');
  await expect(image.getByRole('img', { name: 'mountains.jpg' })).toBeVisible();
  await expectAccessible(page, 'the image preview');
  // Zoomed: the pan buttons show.
  await image.getByRole('button', { name: 'Zoom in' }).click();
  await expect(image.getByRole('group', { name: 'Pan the image' })).toBeVisible();
  await expectAccessible(page, 'the zoomed image preview');
  await page.keyboard.press('Escape');

  const video = await openPreview(page, 'City Clip.mp4');
  await expect(video.getByRole('button', { name: /^(Play|Pause)$/ }).first()).toBeVisible();
  await expectAccessible(page, 'the video preview');
  await page.keyboard.press('Escape');

  const audio = await openPreview(page, 'Morning Tone.mp3');
  await expect(audio.getByRole('button', { name: /^(Play|Pause)$/ }).first()).toBeVisible();
  await expectAccessible(page, 'the audio preview');
});

test('the previews: a PDF and a text file', async ({ page }) => {
  const list = await openShare(page, 'demo-public');
  const pdf = await openPreview(page, 'guide.pdf');
  await expect(pdf.getByRole('region', { name: 'Page 1 of 2' })).toBeVisible();
  await expect(pdf.getByText('Nimbus Share guide')).toBeAttached();
  await expectAccessible(page, 'the PDF preview');
  await page.keyboard.press('Escape');

  await list.getByRole('button', { name: 'Documents', exact: true }).click();
  const text = await openPreview(page, 'notes.txt');
  await expect(text.getByRole('region', { name: 'Text of notes.txt' })).toContainText('Packing');
  await expectAccessible(page, 'the text preview');
});

test('saving: the destination dialogs, create folder, success, the upgrade sheet', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Carol');
  const chooser = destinationDialog(page, isPc());
  await expect(chooser).toBeVisible();
  await expectAccessible(page, 'the destination dialog');
  if (!isPc()) {
    await chooser.getByRole('button', { name: 'Create folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create folder' });
    await expect(create.getByRole('textbox', { name: 'Folder name' })).toBeVisible();
    await expectAccessible(page, 'the create-folder sheet');
    await page.keyboard.press('Escape');
  }
  await chooser.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog', { name: 'Share successful' })).toBeVisible();
  await expectAccessible(page, 'the save-success dialog');
});

test('the upgrade sheet', async ({ page }) => {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Alice');
  await destinationDialog(page, isPc()).getByRole('button', { name: 'Confirm' }).click();
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet.getByRole('button', { name: /Purchase in App|Pay/ }).first()).toBeVisible();
  await expectAccessible(page, 'the upgrade sheet');
});

test('the invite page, in English and in Chinese', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await untilAppShowsScreen(page);
  await expectAccessible(page, 'the invite page');
  await page.goto('/invite?lang=zh');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await untilAppShowsScreen(page);
  await expectAccessible(page, 'the invite page in Chinese');
});
