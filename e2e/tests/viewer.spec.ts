import { expect, test } from '@playwright/test';
import { platformOf } from '../support/platform';
import {
  chooseAccount,
  destinationDialog,
  fileList,
  FROM_SHARE_FOLDER_ID,
  listFolders,
  logInAndSave,
  openLargeFolder,
  openShare,
  recordNavigations,
  ROOT_FOLDER_ID,
  saveButton,
  selectOnly,
  storedToken,
  TOKEN_STORAGE_KEY,
  uniqueName,
} from '../support/journeys';

/**
 * The share viewer's journeys (issue 5): saving as each kind of visitor, the folder pickers,
 * reporting, the breadcrumb, the 10,000-file folder and the status views, on each platform.
 */

const isPcProject = (name: string) => name === 'desktop';

test('the header says what the share is, from the first paint: its name, its sharer and what it holds', async ({
  page,
  request,
}) => {
  // Painted by the server (every file at every depth of demo-public: 11, 703 KB).
  const html = await (await request.get('/s/demo-public')).text();
  expect(html).toContain('Holiday pictures and more');
  expect(html).toContain('11 files · 703 KB');
  // And kept by the app, which titles the page with it.
  await openShare(page, 'demo-public');
  // The screen's heading names it for a screen reader; the header shows it (its copy hidden from
  // a screen reader, which has just heard it).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Holiday pictures and more' }),
  ).toBeAttached();
  await expect(page.getByText('Holiday pictures and more', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('Sam', { exact: true })).toBeVisible();
  await expect(page.getByText('Permanent', { exact: true })).toBeVisible();
  await expect(page.getByText('11 files · 703 KB', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Holiday pictures and more · Nimbus');
});

test('an anonymous visitor picks two folders, logs in as Carol and saves them into the chosen folder', async ({
  page,
  request,
}, testInfo) => {
  const isPc = isPcProject(testInfo.project.name);
  const startedAt = Math.floor(Date.now() / 1000) - 1;
  await openShare(page, 'demo-public');
  await selectOnly(page, ['Photos', 'Documents']);
  // Anonymous visitors get no "Save to" selector.
  await expect(page.getByRole('button', { name: /^Save to / })).toHaveCount(0);

  await saveButton(page, 'Log in and save').click();
  const welcome = page.getByRole('dialog', { name: 'Welcome' });
  await expect(welcome.getByRole('button', { name: 'Log in with Google' })).toBeVisible();
  // Apple sign-in is hidden on Android only.
  await expect(welcome.getByRole('button', { name: 'Log in with Apple ID' })).toHaveCount(
    platformOf(testInfo) === 'android' ? 0 : 1,
  );
  const popupOpened = page.waitForEvent('popup');
  await welcome.getByRole('button', { name: 'Log in with Google' }).click();
  const popup = await popupOpened;
  await chooseAccount(popup, 'Carol');
  await expect(page.getByText('Login Success')).toBeVisible();

  // After a login in save mode the folder chooser opens: PC dialog or mobile picker.
  const chooser = destinationDialog(page, isPc);
  await expect(chooser).toBeVisible();
  if (isPc) {
    await expect(chooser.getByRole('button', { name: 'Cloud Files', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } else {
    await expect(chooser).toHaveAccessibleName('Save to "From Share"');
  }
  await chooser.getByRole('button', { name: 'Confirm' }).click();

  const success = page.getByRole('dialog', { name: 'Share successful' });
  await expect(success).toBeVisible();
  await expect(
    success.getByText(isPc ? /Saved to .*Cloud Files/ : /Saved to .*From Share/),
  ).toBeVisible();
  await expect(
    success.getByRole('button', { name: 'Go to the app to view the video' }),
  ).toBeVisible();

  // The server has the copies in Carol's tree, in the chosen folder.
  const token = await storedToken(page);
  const folders = await listFolders(request, token, isPc ? ROOT_FOLDER_ID : FROM_SHARE_FOLDER_ID);
  const fresh = folders.filter((folder) => folder.update_time >= startedAt);
  expect(fresh.map((folder) => folder.name)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Photos/), expect.stringMatching(/^Documents/)]),
  );
  const photos = fresh.find((folder) => folder.name.startsWith('Photos'));
  const inside = await listFolders(request, token, photos?.id ?? 0);
  expect(inside.map((folder) => folder.name)).toEqual(['2025']);

  // Logged in now: the save button reads "Save to cloud"; phones also show the destination.
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(saveButton(page, 'Save to cloud')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save to From Share' })).toHaveCount(isPc ? 0 : 1);
});

test('a signed-in visitor sees their account in the top bar and logs out of it', async ({
  page,
  request,
}, testInfo) => {
  await openShare(page, 'demo-public');
  await logInAndSave(page, 'Carol');
  const token = await storedToken(page);
  await expect(destinationDialog(page, isPcProject(testInfo.project.name))).toBeVisible();
  await page.keyboard.press('Escape');
  const chip = page.getByRole('banner').getByRole('button', { name: 'Account: Carol' });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page.getByRole('group', { name: 'Account' })).toContainText('Signed in as');
  await expect(page.getByRole('group', { name: 'Account' })).toContainText('Carol');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('You have logged out')).toBeVisible();
  await expect(chip).toHaveCount(0);
  await expect(saveButton(page, 'Log in and save')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeFalsy();
  // The server ended the session: its token no longer opens the account.
  const answer = await request.post('/api/user/info', { headers: { 'X-Token': token }, data: {} });
  expect(((await answer.json()) as { code: number }).code).not.toBe(0);
});

test('Carol creates a folder in the picker and saves into it', async ({
  page,
  request,
}, testInfo) => {
  const isPc = isPcProject(testInfo.project.name);
  const folderName = uniqueName('Trip', testInfo.project.name);
  await openShare(page, 'demo-public');
  await selectOnly(page, ['Photos']);
  await logInAndSave(page, 'Carol');

  const chooser = destinationDialog(page, isPc);
  await expect(chooser).toBeVisible();
  if (isPc) {
    await chooser.getByRole('button', { name: 'Create folder' }).click();
    const name = chooser.getByRole('textbox', { name: 'New folder name' });
    await name.fill(folderName);
    await name.press('Enter');
    await expect(chooser.getByRole('button', { name: folderName, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  } else {
    await chooser.getByRole('button', { name: 'Create folder' }).click();
    const create = page.getByRole('dialog', { name: 'Create folder' });
    await expect(create.getByRole('textbox', { name: 'Folder name' })).toHaveValue('New Folder');
    await create.getByRole('textbox', { name: 'Folder name' }).fill(folderName);
    await create.getByRole('button', { name: 'Confirm' }).click();
    await expect(create).toBeHidden();
    // The new folder appears in the picker's current folder (Cloud Files) and is chosen.
    await expect(
      chooser.getByRole('list', { name: 'Subfolders' }).getByRole('button', { name: folderName }),
    ).toBeVisible();
    await expect(chooser).toHaveAccessibleName(`Save to "${folderName}"`);
  }
  await chooser.getByRole('button', { name: 'Confirm' }).click();
  const success = page.getByRole('dialog', { name: 'Share successful' });
  await expect(success.getByText(`Saved to ${folderName}`, { exact: false })).toBeVisible();

  const token = await storedToken(page);
  // Both pickers create the folder where they stand: the Cloud Files root.
  const created = (await listFolders(request, token, ROOT_FOLDER_ID)).find(
    (f) => f.name === folderName,
  );
  expect(created, `${folderName} exists in Carol's cloud`).toBeDefined();
  const inside = await listFolders(request, token, created?.id ?? 0);
  expect(inside.map((folder) => folder.name)).toEqual(['Photos']);

  // "Go to the app": phones open the app on that folder, a PC offers the download dialog.
  const goToApp = success.getByRole('button', { name: 'Go to the app to view the video' });
  if (isPc) {
    await goToApp.click();
    const download = page.getByRole('dialog', { name: 'Download Nimbus App' });
    await expect(
      download.getByRole('img', { name: 'QR code for the Android store' }),
    ).toBeVisible();
    await expect(download.getByRole('img', { name: 'QR code for the iOS store' })).toBeVisible();
  } else {
    // Without the app the page falls back to the store after a while: keep that offline.
    await page.route(/^https:\/\/(play\.google\.com|apps\.apple\.com)\//, (route) =>
      route.fulfill({ body: 'store' }),
    );
    const navigations = await recordNavigations(page);
    await goToApp.click();
    const query = new URLSearchParams({
      folder_id: String(created?.id),
      folder_name: folderName,
    });
    await expect.poll(() => navigations).toContain(`nimbus://fromShare?${query.toString()}`);
  }
});

/** Logs in from the save button and confirms the default destination. */
async function saveAs(
  page: import('@playwright/test').Page,
  account: 'Alice' | 'Bob',
  isPc: boolean,
): Promise<void> {
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, account);
  const chooser = destinationDialog(page, isPc);
  await chooser.getByRole('button', { name: 'Confirm' }).click();
}

test('Alice, free and full, is offered the upgrade sheet', async ({ page }, testInfo) => {
  await saveAs(page, 'Alice', isPcProject(testInfo.project.name));
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Upgrade to Premium and enjoy 2TB of cloud storage')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Share successful' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
});

test('Bob, vip and full, is told to free space in the app', async ({ page }, testInfo) => {
  await saveAs(page, 'Bob', isPcProject(testInfo.project.name));
  await expect(
    page.getByText(
      'Insufficient cloud space, please go to the app to delete some files to free up space',
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Insufficient cloud storage' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Share successful' })).toHaveCount(0);
});

test('Sam, the sharer, cannot save his own files and has no destination selector', async ({
  page,
}) => {
  await openShare(page, 'demo-public');
  await logInAndSave(page, 'Sam');
  const own = saveButton(page, 'Cannot save files that you have shared');
  await expect(own).toBeVisible();
  await expect(own).toBeDisabled();
  // Whole on screen, inside the bar's margins, on the narrowest phone of the run too.
  const box = await own.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 8 && box.x + box.width <= width - 8).toBe(true);
  await expect(page.getByRole('dialog', { name: /^Save to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Save to / })).toHaveCount(0);
  await expect(saveButton(page, 'Save to cloud')).toHaveCount(0);
});

test('a visitor reports a share and the server stores the report', async ({ page }) => {
  await openShare(page, 'demo-public');
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reason for reporting' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const reason = dialog.getByPlaceholder('Please write down your suggestions or opinions here');
  await reason.fill('Spam and misleading files');
  await expect(dialog.getByText('25/300')).toBeVisible();
  const stored = page.waitForResponse((response) => response.url().endsWith('/api/share/report'));
  await submit.click();
  const envelope = (await (await stored).json()) as { code: number; data: { id: number } };
  expect(envelope.code).toBe(0);
  expect(envelope.data.id).toBeGreaterThan(0);
  await expect(page.getByText('Submission successful')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opened again, the dialog starts empty.
  await page.getByRole('button', { name: 'Report' }).click();
  await expect(reason).toHaveValue('');
  await expect(dialog.getByText('0/300')).toBeVisible();
});

test('the breadcrumb walks three levels down and back up', async ({ page }) => {
  const list = await openShare(page, 'demo-public');
  const path = page.getByRole('navigation', { name: 'Folder path' });
  await expect(path).toHaveCount(0);

  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(path.getByText('Photos', { exact: true })).toHaveAttribute('aria-current', 'page');
  await list.getByRole('button', { name: '2025', exact: true }).click();
  await expect(path.getByText('2025', { exact: true })).toHaveAttribute('aria-current', 'page');
  await list.getByRole('button', { name: 'Summer', exact: true }).click();
  await expect(path.getByText('Summer', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('button', { name: 'beach.jpg', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'sunset.jpg', exact: true })).toBeVisible();
  // Opening a folder selects everything in it.
  await expect(page.getByRole('button', { name: 'Deselect all' })).toBeVisible();

  await path
    .getByRole('link', { name: '2025', exact: true })
    .or(path.getByRole('button', { name: '2025', exact: true }))
    .click();
  await expect(list.getByRole('button', { name: 'spring.jpg', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Summer', exact: true })).toBeVisible();
  await path
    .getByRole('link', { name: 'Nimbus Sharing' })
    .or(path.getByRole('button', { name: 'Nimbus Sharing' }))
    .click();
  await expect(list.getByRole('button', { name: 'Documents', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'guide.pdf', exact: true })).toBeVisible();
  await expect(path).toHaveCount(0);
});

test('the 10,000-file folder scrolls to its last row with a small DOM', async ({ page }) => {
  const list = await openShare(page, 'demo-large');
  // The virtualizer's code loads with the first long list, not with the page.
  const virtualizer = page.waitForRequest(/\/remotes\/share\/list-virtualizer\.[0-9a-f]+\.js$/);
  await openLargeFolder(page);
  await virtualizer;
  const first = list.getByRole('button', { name: 'photo-00001.jpg', exact: true });
  const last = list.getByRole('button', { name: 'photo-10000.jpg', exact: true });
  await expect(first.or(last)).toBeVisible();
  const lastName = (await first.isVisible()) ? 'photo-10000.jpg' : 'photo-00001.jpg';
  const lastRow = list.getByRole('button', { name: lastName, exact: true });
  await expect(async () => {
    await page.keyboard.press('End');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(lastRow).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const nodes = await list.evaluate((element) => element.querySelectorAll('*').length);
  expect(nodes).toBeLessThan(2000);
});

for (const { code, heading, download } of [
  { code: 'demo-canceled', heading: 'Share canceled', download: true },
  { code: 'demo-expired', heading: 'Share expired', download: true },
  { code: 'demo-deleted', heading: 'The file has been deleted by the sharer', download: true },
  { code: 'nope', heading: '404 - Page Not Found', download: false },
]) {
  test(`/s/${code} shows "${heading}" with the store QR codes and a way home`, async ({ page }) => {
    await page.goto(`/s/${code}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Nimbus App' })).toHaveCount(
      download ? 1 : 0,
    );
    await expect(page.getByRole('img', { name: 'QR code of the Android store' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code of the iOS store' })).toBeVisible();
    await expect(fileList(page)).toHaveCount(0);
    // Not a dead end: the home page, where another link opens.
    await page.getByRole('link', { name: 'Open another share link' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  });
}
