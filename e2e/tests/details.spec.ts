import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileList, openShare } from '../support/journeys';
import { untilStill } from '../support/motion';

/**
 * An item's details (issue 49): each row's 'Details of …' button opens a panel that says what the
 * item is and where it is in the share: a side panel along the window's end on the desktop (the
 * left in a right-to-left page), a bottom sheet on a phone. 'Open' does what the row does.
 */

const isPhone = () => /android|iphone/.test(test.info().project.name);

async function openFolder(list: Locator, page: Page, name: string): Promise<void> {
  await list.getByRole('button', { name, exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Folder path' }).locator('[aria-current="page"]'),
  ).toHaveText(name);
}

/** The panel's value under `term`. */
const valueOf = (panel: Locator, term: string) =>
  panel.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');

/** Where the panel sits once its entrance (a slide) has finished, and the window's size. */
const boxOf = async (locator: Locator) => {
  await untilStill(locator, { subtree: true });
  return locator.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    return { left, right, top, bottom, width: innerWidth, height: innerHeight };
  });
};

test("a photo's details: type, size, dimensions, modified, its folders; Escape gives the focus back", async ({
  page,
}) => {
  const list = await openShare(page, 'demo-public');
  for (const folder of ['Photos', '2025', 'Summer']) await openFolder(list, page, folder);
  const opener = list.getByRole('button', { name: 'Details of beach.jpg' });
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Details of beach.jpg' });
  await expect(panel).toBeVisible();
  await expect(valueOf(panel, 'Type')).toHaveText('Image');
  await expect(valueOf(panel, 'Size')).toHaveText(/^\d[\d.]* KB$/);
  await expect(valueOf(panel, 'Dimensions')).toHaveText('320 × 240 px');
  await expect(valueOf(panel, 'Modified')).toHaveText(/^\d{4}\/\d\d\/\d\d \d\d:\d\d$/);
  await expect(valueOf(panel, 'Location').getByRole('listitem')).toHaveText([
    'Nimbus Sharing',
    'Photos',
    '2025',
    'Summer',
  ]);

  const shown = await boxOf(panel);
  if (isPhone()) {
    // A bottom sheet: along the screen's bottom edge, the list above it still in sight.
    expect(Math.round(shown.bottom)).toBe(shown.height);
    expect(shown.top).toBeGreaterThan(0);
  } else {
    // A side panel along the end edge, the window's height.
    expect(Math.round(shown.right)).toBe(shown.width);
    expect(shown.top).toBe(0);
    expect(Math.round(shown.bottom)).toBe(shown.height);
  }

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
});

test("a video's details say its duration; 'Open' plays it", async ({ page }) => {
  const list = await openShare(page, 'demo-public');
  await list.getByRole('button', { name: 'Details of City Clip.mp4' }).click();
  const panel = page.getByRole('dialog', { name: 'Details of City Clip.mp4' });
  await expect(valueOf(panel, 'Type')).toHaveText('Video');
  await expect(valueOf(panel, 'Duration')).toHaveText('00:00:20');
  await expect(valueOf(panel, 'Location').getByRole('listitem')).toHaveText(['Nimbus Sharing']);
  await panel.getByRole('button', { name: 'Open' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Preview of City Clip.mp4' })).toBeVisible();
});

test("a folder's details open the folder; in Arabic the panel is at the left", async ({ page }) => {
  await page.goto('/s/demo-public?lang=ar');
  const list = fileList(page, 'الملفات المشتركة');
  await expect(list).toBeVisible();
  await list.getByRole('button', { name: 'تفاصيل Photos' }).click();
  const panel = page.getByRole('dialog', { name: 'تفاصيل Photos' });
  await expect(valueOf(panel, 'النوع')).toHaveText('مجلد');
  await expect(panel.getByRole('term')).toHaveText(['النوع', 'تاريخ التعديل', 'الموقع']);
  if (!isPhone()) expect((await boxOf(panel)).left).toBe(0);
  await panel.getByRole('button', { name: 'فتح' }).click();
  await expect(
    page.getByRole('navigation').locator('[aria-current="page"]').filter({ hasText: 'Photos' }),
  ).toBeVisible();
});

test('from the keyboard: Tab from a row to its details, Enter, then Open', async ({ page }) => {
  test.skip(isPhone(), 'a keyboard journey');
  const list = await openShare(page, 'demo-public');
  await list.getByRole('button', { name: 'mountains.jpg', exact: true }).focus();
  await page.keyboard.press('Tab');
  const opener = list.getByRole('button', { name: 'Details of mountains.jpg' });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Details of mountains.jpg' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('Enter');
  const preview = page.getByRole('dialog', { name: 'Preview of mountains.jpg' });
  await expect(preview).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(opener).toBeFocused();
});
