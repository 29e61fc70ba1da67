import { expect, test, type Page } from '@playwright/test';
import { firebaseProductUrl } from '../support/firebase';
import { fileList } from '../support/journeys';

/**
 * Codes that paste (issue 32, docs/decisions/0019-extract-code-matching-and-pwd.md): an extract
 * code is trimmed before the product's 4-character cut and matched whatever its case; a link that
 * carries its code (`?pwd=`) fills it in and tries it once, and the code leaves the address bar at
 * once.
 */

const codeInput = (page: Page) => page.getByRole('textbox', { name: 'Extract code' });

/** Pastes `text` into the focused field from the clipboard, as a visitor does with Ctrl+V. */
async function paste(page: Page, text: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test("a code pasted with a space before it (' ab12') opens the share", async ({ page }) => {
  await page.goto('/s/demo-private');
  await codeInput(page).click();
  await paste(page, ' ab12');
  await expect(codeInput(page)).toHaveValue('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(fileList(page)).toBeVisible();
});

test("a code typed in capitals ('AB12') opens the share", async ({ page }) => {
  await page.goto('/s/demo-private');
  await codeInput(page).fill('AB12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(fileList(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a link that carries its code (?pwd=ab12) opens the list, and the code leaves the address', async ({
  page,
}) => {
  await page.goto('/s/demo-private?from=chat&pwd=ab12#files');
  await expect(fileList(page)).toBeVisible();
  // Other parameters and the hash stay; the code is gone from the address bar and its entry.
  expect(new URL(page.url()).pathname).toBe('/s/demo-private');
  expect(new URL(page.url()).search).toBe('?from=chat');
  expect(new URL(page.url()).hash).toBe('#files');
  // A reload opens the list again (the session keeps it), with no code in the address.
  await page.reload();
  await expect(fileList(page)).toBeVisible();
  expect(page.url()).not.toContain('pwd');
});

test('a link with a wrong code (?pwd=zzzz) says so on the code screen, which keeps working', async ({
  page,
}) => {
  // On the second product of the run (playwright.config.ts): wrong codes count against this
  // machine's network (10 in 10 minutes), and the main product's other tests spend most of those.
  await page.goto(`${firebaseProductUrl()}/s/demo-private?pwd=zzzz`);
  await expect(page.getByRole('alert')).toHaveText('Invalid extract code');
  await expect(codeInput(page)).toHaveValue('zzzz');
  expect(new URL(page.url()).pathname).toBe('/s/demo-private');
  expect(new URL(page.url()).search).toBe('');
  await codeInput(page).fill('ab12');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(fileList(page)).toBeVisible();
});

test('on a public share, a code in the link is only removed from the address', async ({ page }) => {
  await page.goto('/s/demo-public?pwd=ab12');
  await expect(fileList(page)).toBeVisible();
  // The server paints the list before the app runs; the app is what tidies the address.
  await expect(page).toHaveURL(/\/s\/demo-public$/);
});
