import { expect, test, type Page } from '@playwright/test';
import { openShare } from '../support/journeys';
import { fingerDown } from '../support/touch';

/**
 * Selecting in the file list (issue 49): a range with Shift on a desktop, a long press on a
 * phone, and choices a filter neither loses nor adds to.
 */

const box = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}` });
const summary = (page: Page, text: string) => expect(page.getByText(text, { exact: true }));

test('Shift with a click or Space selects a range on a desktop', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'Shift is a keyboard of a desktop');
  await openShare(page, 'demo-public');
  // Documents, Photos, archive.zip, City Clip.mp4, guide.pdf, Morning Tone.mp3, mountains.jpg,
  // Ocean Waves.mp4: everything starts selected.
  await box(page, 'archive.zip').click();
  await box(page, 'mountains.jpg').click({ modifiers: ['Shift'] });
  await summary(page, '3 file(s) selected').toBeVisible();
  for (const name of ['City Clip.mp4', 'guide.pdf', 'Morning Tone.mp3']) {
    await expect(box(page, name)).not.toBeChecked();
  }

  // Shift+Space on the last row's box: from mountains.jpg (unchecked) to it, unchecked.
  await box(page, 'Ocean Waves.mp4').focus();
  await page.keyboard.press('Shift+Space');
  await summary(page, '2 file(s) selected').toBeVisible();

  // Shift and a click on a row checks from Ocean Waves.mp4 up to it, and opens nothing.
  await page
    .getByRole('button', { name: 'guide.pdf', exact: true })
    .click({ modifiers: ['Shift'] });
  await summary(page, '6 file(s) selected').toBeVisible();
  await expect(box(page, 'City Clip.mp4')).not.toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a long press on a phone selects a row without opening it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'desktop', 'a long press is a finger on a touch screen');
  await openShare(page, 'demo-public');
  const row = page.getByRole('button', { name: 'City Clip.mp4', exact: true });
  const fingerUp = await fingerDown(page, row);
  await expect(box(page, 'City Clip.mp4')).not.toBeChecked();
  await fingerUp();
  await summary(page, '7 file(s) selected').toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // A tap still opens.
  await row.tap();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('a filter neither loses nor adds a selection', async ({ page }) => {
  await openShare(page, 'demo-public');
  const filter = page.getByRole('searchbox', { name: 'Filter by name' });
  await filter.fill('o');
  await expect(page.getByRole('button', { name: 'archive.zip', exact: true })).toHaveCount(0);
  await box(page, 'Morning Tone.mp3').click();
  await filter.fill('');
  await expect(page.getByRole('button', { name: 'archive.zip', exact: true })).toBeVisible();
  await expect(box(page, 'Morning Tone.mp3')).not.toBeChecked();
  await summary(page, '7 file(s) selected').toBeVisible();

  // Nothing selected, then a filter: its matches come unchecked.
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('button', { name: 'Deselect all' }).click();
  await filter.fill('o');
  await expect(page.getByRole('button', { name: 'archive.zip', exact: true })).toHaveCount(0);
  await expect(box(page, 'Ocean Waves.mp4')).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Select all' })).toBeVisible();
});
