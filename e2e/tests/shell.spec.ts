import { expect, test } from '@playwright/test';
import {
  destinationDialog,
  logInAndSave,
  openShare,
  recordNavigations,
  saveButton,
  storedToken,
  TOKEN_STORAGE_KEY,
} from '../support/journeys';
import { withoutShareAnswers } from '../support/page-answers';
import { platformOf } from '../support/platform';
import { readQrCode } from '../support/qr-code';

/** The shell's own services, as a visitor meets them: login popup, session, Open App, errors. */

test('closing the identity popup changes nothing', async ({ page }) => {
  await openShare(page, 'demo-public');
  await saveButton(page, 'Log in and save').click();
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  const popupOpened = page.waitForEvent('popup');
  await sheet.getByRole('button', { name: 'Log in with Google' }).click();
  const popup = await popupOpened;
  await popup.close();

  await expect(sheet).toBeVisible();
  await expect(page.getByText('Login Success')).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(saveButton(page, 'Log in and save')).toBeVisible();
});

test('a login the server revoked is cleared on the next call', async ({
  page,
  request,
}, testInfo) => {
  await openShare(page, 'demo-public');
  await logInAndSave(page, 'Carol');
  await expect(page.getByText('Login Success')).toBeVisible();
  const chooser = destinationDialog(page, platformOf(testInfo) === 'other');
  await expect(chooser).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saveButton(page, 'Save to cloud')).toBeVisible();

  const token = await storedToken(page);
  const revoked = await request.post('/api/logout', { headers: { 'X-Token': token }, data: {} });
  expect((await revoked.json()) as { code: number }).toMatchObject({ code: 0 });

  await page.reload();
  await expect(saveButton(page, 'Log in and save')).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY))
    .toBeNull();
});

test('Open App carries the open share and folder: a QR code on desktop, the app on a phone', async ({
  page,
}, testInfo) => {
  await openShare(page, 'demo-public');
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page).toHaveURL(/[?&]folder=\d+/);
  const folderId = new URL(page.url()).searchParams.get('folder');
  const navigations = await recordNavigations(page);
  await page.getByRole('button', { name: 'Open App' }).click();

  if (platformOf(testInfo) === 'other') {
    const dialog = page.getByRole('dialog', { name: 'Download Nimbus App' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: 'Open this share on your phone' }),
    ).toBeVisible();
    // What a phone's camera reads: this share's address and folder, nothing else.
    const shareCode = dialog.getByRole('img', { name: "QR code for this share's address" });
    await expect(shareCode.locator('svg')).toBeVisible();
    const origin = new URL(page.url()).origin;
    expect(await readQrCode(shareCode)).toBe(`${origin}/s/demo-public?folder=${folderId}`);
    await expect(dialog.getByRole('img', { name: 'QR code for the Android store' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code for the iOS store' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open App' })).toBeFocused();
  } else {
    await expect
      .poll(() => navigations)
      .toContain(`nimbus://default?share_code=demo-public&folder_id=${folderId}`);
    await expect(page.getByRole('dialog', { name: 'Download Nimbus App' })).toHaveCount(0);
  }
});

test('an API call that takes too long shows the timeout message', async ({ page }) => {
  test.setTimeout(60_000);
  await withoutShareAnswers(page, '/s/demo-public');
  await page.route('**/api/share/info', async (route) => {
    // Longer than the client's 10 s timeout; the page has given up by the time it answers.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/s/demo-public');
  await expect(page.getByText('Request timed out, please try again later.')).toBeVisible({
    timeout: 15_000,
  });
});
