import { expect, test, type Page } from '@playwright/test';
import { firstRenderOver, holdScripts } from '../support/first-render';
import { fileList, untilAppShowsScreen } from '../support/journeys';

/**
 * Issue 49, "reloads paint the right first screen": a protected share reloaded after its right
 * code is painted by the server as its list, not the code prompt (a signed, HttpOnly cookie for
 * that one share tells it so: docs/security.md), checked on the server's HTML before any script
 * runs; the app that starts on it keeps working, in this tab and in a new one.
 */

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Extract code' });
const painted = (page: Page) => page.locator('#app [data-first-screen]');
const row = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' });
const current = (page: Page) => crumbs(page).locator('[aria-current="page"]');
const PROMPT = 'Please enter the extract code';

async function unlock(page: Page) {
  await page.goto('/s/demo-private');
  await codeField(page).fill('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(fileList(page)).toBeVisible();
}

/** Opens Photos, 2025 and Summer, then unticks and ticks a photo there. */
async function keepsWorking(page: Page) {
  for (const name of ['Photos', '2025', 'Summer']) {
    await row(page, name).click();
    await expect(current(page)).toHaveText(name);
  }
  const photo = page.getByRole('checkbox', { name: 'Select beach.jpg' });
  await photo.uncheck();
  await expect(photo).not.toBeChecked();
  await photo.check();
  await expect(photo).toBeChecked();
  await expect(codeField(page)).toHaveCount(0);
}

test('an unlocked protected share reloads to its list, painted by the server', async ({ page }) => {
  await unlock(page);
  // The server's HTML of the reload, with the browser's cookies: the list, not the prompt.
  const response = await page.request.get('/s/demo-private');
  const html = await response.text();
  expect(html).toContain('aria-label="Select guide.pdf"');
  expect(html).not.toContain(PROMPT);
  expect(html).not.toContain('ab12');
  expect(response.headers()['cache-control']).toMatch(/^private/);

  // Painted before any script has run.
  const releaseScripts = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(painted(page)).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Select guide.pdf' })).toBeVisible();
  await expect(codeField(page)).toHaveCount(0);
  releaseScripts();
  await untilAppShowsScreen(page);
  await keepsWorking(page);
});

test('a new tab of an unlocked share opens on its list and works without the code', async ({
  page,
  context,
}) => {
  await unlock(page);
  // A new tab has no session storage of its own: the cookie alone unlocks the share.
  const tab = await context.newPage();
  const { serverScreen, firstRender } = await firstRenderOver(tab, '/s/demo-private');
  expect(serverScreen).toContain('Select guide.pdf');
  expect(firstRender).toBe(serverScreen);
  await untilAppShowsScreen(tab);
  await keepsWorking(tab);
});

test("a forged or another share's cookie paints the code prompt", async ({ context, baseURL }) => {
  const url = baseURL ?? 'http://localhost';
  await context.addCookies([
    {
      name: 'nimbus_unlock_demo-private',
      value: `${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`,
      url: `${url}/s/demo-private`,
    },
  ]);
  const page = await context.newPage();
  const html = await (await page.request.get('/s/demo-private')).text();
  expect(html).toContain(PROMPT);
  expect(html).not.toContain('aria-label="Select guide.pdf"');
  await page.goto('/s/demo-private');
  await expect(codeField(page)).toBeVisible();
});

test('a subfolder reloads to its own breadcrumb and list, painted by the server', async ({
  page,
  context,
}) => {
  await page.goto('/s/demo-public');
  for (const name of ['Photos', '2025']) {
    await row(page, name).click();
    await expect(current(page)).toHaveText(name);
  }
  const address = page.url();
  expect(new URL(address).searchParams.get('folder')).toMatch(/^\d+$/);
  // The server's HTML: the folder's path and its items, not the share's root.
  const html = await (await page.request.get(address)).text();
  expect(html).toContain('aria-label="Folder path"');
  expect(html).toContain('aria-label="Select Summer"');
  expect(html).not.toContain('aria-label="Select guide.pdf"');

  const releaseScripts = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(painted(page)).toHaveCount(1);
  await expect(current(page)).toHaveText('2025');
  await expect(row(page, 'Summer')).toBeVisible();
  releaseScripts();
  await untilAppShowsScreen(page);
  await crumbs(page).getByRole('button', { name: 'Photos' }).click();
  await expect(current(page)).toHaveText('Photos');

  // The app's first render is the server's screen, in a new tab of the same address.
  const tab = await context.newPage();
  const { serverScreen, firstRender } = await firstRenderOver(tab, address);
  expect(serverScreen).toContain('Summer');
  expect(firstRender).toBe(serverScreen);
});

test("an unlocked protected share's subfolder reloads to its breadcrumb", async ({ page }) => {
  await unlock(page);
  await row(page, 'Photos').click();
  await expect(current(page)).toHaveText('Photos');
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('aria-label="Select 2025"');
  expect(html).not.toContain(PROMPT);
  await page.reload();
  await expect(current(page)).toHaveText('Photos');
  await row(page, '2025').click();
  await expect(current(page)).toHaveText('2025');
});

test("/ is painted by the server: the home page before any script, in the visitor's language", async ({
  page,
}) => {
  const arabic = await (await page.request.get('/?lang=ar')).text();
  expect(arabic).toContain('<html lang="ar" dir="rtl">');
  expect(arabic).toContain('فتح الملفات التي تمت مشاركتها معك');
  const english = await (await page.request.get('/')).text();
  expect(english).toContain('data-first-screen');
  expect(english).toContain('Open files shared with you');

  const releaseScripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(painted(page)).toHaveCount(1);
  const heading = page.getByRole('heading', { level: 1, name: 'Open files shared with you' });
  await expect(heading).toBeVisible();
  releaseScripts();
  await untilAppShowsScreen(page);
  await expect(heading).toBeVisible();
  await page.getByRole('textbox', { name: 'Share link' }).fill('/s/demo-public');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(fileList(page)).toBeVisible();
});

test("the app's first render of / is the server's home page", async ({ page }) => {
  const { serverScreen, firstRender } = await firstRenderOver(page, '/');
  expect(serverScreen).toContain('Open files shared with you');
  expect(firstRender).toBe(serverScreen);
});
