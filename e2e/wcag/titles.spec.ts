import { expect, test, type Locator, type Page } from '@playwright/test';
import { firebaseProductUrl } from '../support/firebase';
import { fileList, openShare } from '../support/journeys';

/**
 * Page titles (WCAG 2.4.2; docs/decisions/0025-viewport-locked-text-readable.md): each screen
 * says where the visitor is before the product's name; an open preview is its file's name. And
 * the extract-code field after 'Extract file' (issue 33): the focus comes back to it after a
 * refused code, and an empty submit marks it invalid besides the product's toast.
 */

test('each screen has its own title, the product name after it', async ({ page }) => {
  await openShare(page, 'demo-public');
  await expect(page).toHaveTitle('Holiday pictures and more · Nimbus');

  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeAttached();
  await expect(page).toHaveTitle('Photos · Nimbus');

  await page.goto('/s/demo-public');
  await page.getByRole('button', { name: 'mountains.jpg', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Preview of mountains.jpg' })).toBeVisible();
  await expect(page).toHaveTitle('mountains.jpg');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveTitle('Holiday pictures and more · Nimbus');

  await page.goto('/s/demo-private');
  await expect(page.getByRole('textbox', { name: 'Extract code' })).toBeVisible();
  await expect(page).toHaveTitle('Enter the extract code · Nimbus');

  for (const [code, title] of [
    ['demo-canceled', 'Share canceled · Nimbus'],
    ['demo-expired', 'Share expired · Nimbus'],
    ['demo-deleted', 'Share deleted · Nimbus'],
  ] as const) {
    await page.goto(`/s/${code}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Nimbus');

  await page.goto('/');
  await expect(page).toHaveTitle('Nimbus');
});

/** Tabs forward until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 20): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test("after 'Extract file' by the keyboard the focus stays with the field", async ({ page }) => {
  // On the second product of the run (playwright.config.ts): wrong codes count against this
  // machine's network (10 in 10 minutes), and the main product's other tests spend most of those.
  await page.goto(`${firebaseProductUrl()}/s/demo-private`);
  const field = page.getByRole('textbox', { name: 'Extract code' });
  const extract = page.getByRole('button', { name: 'Extract file' });
  // The field's box draws its rings (its input draws none): one focus ring, not two.
  const rings = () =>
    field.locator('xpath=..').evaluate((box) => {
      const style = getComputedStyle(box);
      return { border: style.borderTopColor, outline: style.outlineColor };
    });
  await field.focus();
  await expect.poll(rings).toEqual({ border: 'rgb(100, 116, 139)', outline: 'rgb(29, 78, 216)' });

  // Nothing typed: the product's toast, and the field says it is wrong and why, in red even
  // while it has the focus.
  await tabTo(page, extract);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please enter the extract code first').first()).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Please enter the extract code first');
  await expect(field).toBeFocused();
  await expect.poll(rings).toEqual({ border: 'rgb(185, 28, 28)', outline: 'rgb(185, 28, 28)' });
  // The toast covers none of the form: not the field, its error or the button.
  const toast = page.getByRole('status').getByText('Please enter the extract code first');
  const toastBox = await toast.boundingBox();
  const formBox = await field.locator('xpath=ancestor::form').boundingBox();
  expect(toastBox && formBox && toastBox.y >= formBox.y + formBox.height).toBe(true);

  // A wrong code sent with the button: it turns itself off during the check, and the focus
  // comes back to the field rather than falling to the page.
  await page.keyboard.type('zz99');
  await tabTo(page, extract);
  await page.keyboard.press('Space');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid extract code' })).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

  // And the right one, from there.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('ab12');
  await page.keyboard.press('Enter');
  await expect(fileList(page)).toBeVisible();
  await expect(page).toHaveTitle('Private collection · Nimbus');
});
