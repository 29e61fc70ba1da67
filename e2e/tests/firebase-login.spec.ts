import { expect, test, type Page } from '@playwright/test';
import {
  firebaseProductUrl,
  serveGoogleCdn,
  signInAtEmulator,
  type EmulatorPerson,
} from '../support/firebase';
import { destinationDialog, fileList, storedToken, TOKEN_STORAGE_KEY } from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * Real sign-in (issue 18): the site's Firebase adapter, the Firebase JS SDK in its own chunk, the
 * Firebase Auth Emulator's popup, and the server verifying the emulator's ID tokens; then the
 * save flow that the sign-in continues into.
 */

type Provider = 'Google' | 'Apple ID';

function person(testId: string, overrides: Partial<EmulatorPerson> = {}): EmulatorPerson {
  return { email: `${testId}@example.com`, name: 'Robin Firebase', ...overrides };
}

/** Opens a share on the Firebase product and the login sheet in save mode. */
async function openSheet(page: Page): Promise<void> {
  await serveGoogleCdn(page.context());
  await page.goto(`${firebaseProductUrl()}/s/demo-public`);
  await expect(fileList(page)).toBeVisible();
  await page.getByRole('button', { name: 'Log in and save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeVisible();
}

async function signIn(page: Page, provider: Provider, who: EmulatorPerson): Promise<void> {
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  const popupOpened = page.waitForEvent('popup');
  await sheet.getByRole('button', { name: `Log in with ${provider}` }).click();
  await signInAtEmulator(await popupOpened, who);
}

async function userInfo(page: Page) {
  const token = await storedToken(page);
  const response = await page.request.post(`${firebaseProductUrl()}/api/user/info`, {
    headers: { 'X-Token': token },
    data: {},
  });
  const envelope = (await response.json()) as {
    code: number;
    data: { user_id: number; nick_name: string; user_storage: { max_storage: number } };
  };
  expect(envelope.code).toBe(0);
  return envelope.data;
}

const uniqueId = (prefix: string, projectName: string) =>
  `${prefix}-${projectName}-${Date.now().toString(36)}`;

for (const provider of ['Google', 'Apple ID'] as const) {
  test(`signs in with ${provider} through the emulator and saves with autoSave`, async ({
    page,
  }, testInfo) => {
    const platform = platformOf(testInfo);
    await openSheet(page);
    if (provider === 'Apple ID' && platform === 'android') {
      await expect(page.getByRole('button', { name: 'Log in with Apple ID' })).toHaveCount(0);
      return;
    }
    await signIn(
      page,
      provider,
      person(uniqueId(provider.replace(' ', ''), testInfo.project.name)),
    );
    await expect(page.getByText('Login Success')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Welcome' })).toBeHidden();
    const destination = destinationDialog(page, platform === 'other');
    await expect(destination).toBeVisible();
    await destination.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('dialog', { name: 'Share successful' })).toBeVisible();
    expect((await userInfo(page)).nick_name).toBe('Robin Firebase');
  });
}

test('closing the popup changes nothing', async ({ page }) => {
  await openSheet(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log in with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  await popup.close();
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  // Firebase notices a closed popup within about ten seconds (it polls, then waits for a late
  // result), and the sign-in ends as cancelled.
  await expect(sheet.getByRole('button', { name: 'Log in with Google' })).toBeEnabled({
    timeout: 20_000,
  });
  await expect(sheet).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeFalsy();
  await expect(page.getByText('Login Success')).toHaveCount(0);
});

test('a second sign-in of the same person is the same user', async ({ page }, testInfo) => {
  const who = person(uniqueId('again', testInfo.project.name));
  await openSheet(page);
  await signIn(page, 'Google', who);
  await expect(page.getByText('Login Success')).toBeVisible();
  const first = await userInfo(page);

  await page.evaluate(() => localStorage.clear());
  await openSheet(page);
  await signIn(page, 'Google', who);
  await expect(page.getByText('Login Success')).toBeVisible();
  expect((await userInfo(page)).user_id).toBe(first.user_id);
});

test("a new person whose unverified email is an account's does not become that account", async ({
  page,
}) => {
  // Carol's demo account has 100 GB; a new account gets the free plan's 10 GB.
  await openSheet(page);
  await signIn(page, 'Google', {
    email: 'carol@example.com',
    name: 'Not Carol',
    emailVerified: false,
  });
  await expect(page.getByText('Login Success')).toBeVisible();
  const impostor = await userInfo(page);
  expect(impostor.nick_name).toBe('Not Carol');
  expect(impostor.user_storage.max_storage).toBe(10 * 1024 ** 3);
});
