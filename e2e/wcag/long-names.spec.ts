import { expect, test, type Locator } from '@playwright/test';
import { withoutShareAnswers } from '../support/page-answers';
import { acceptanceShot } from '../support/wcag-reflow';

/**
 * Long names (issue 52, WCAG 1.4.10 and 1.3.1): a 118-character name is readable in full
 * without hovering, in the preview's header and in the breadcrumb's current folder, on a phone
 * as on a desktop. The names are given to demo-public's items on their way from the API.
 */
const LONG_FOLDER =
  'Family archive of the summer holidays in the mountains, all the days and evenings by the lake (raw)';
const LONG_FILE =
  'Summer holidays in the mountains with the whole family, day three, evening by the lake at sunset (final cut, v222).jpg';

/** Every character shows: nothing scrolled, cut or out of the window. */
function shownInFull(text: Locator): Promise<boolean> {
  return text.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      element.scrollWidth <= element.clientWidth + 1 &&
      element.scrollHeight <= element.clientHeight + 1 &&
      box.left >= 0 &&
      box.right <= window.innerWidth + 0.5
    );
  });
}

test('a long name reads in full in the current crumb and the preview header', async ({ page }) => {
  await withoutShareAnswers(page, '/s/demo-public');
  await page.route('**/api/share/detail', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { file_list?: { name: string }[] } };
    for (const item of body.data?.file_list ?? []) {
      if (item.name === 'Photos') item.name = LONG_FOLDER;
      if (item.name === 'portrait.jpg') item.name = LONG_FILE;
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/s/demo-public');
  await page.getByRole('button', { name: LONG_FOLDER, exact: true }).click();
  const crumb = page
    .getByRole('navigation', { name: 'Folder path' })
    .getByText(LONG_FOLDER, { exact: true });
  await expect(crumb).toBeVisible();
  expect(await shownInFull(crumb), 'the current crumb').toBe(true);
  await acceptanceShot(page, 'long-name-crumb-phone', 'wcag-android');

  await page.getByRole('button', { name: LONG_FILE, exact: true }).click();
  const preview = page.getByRole('dialog', { name: `Preview of ${LONG_FILE}` });
  const heading = preview.getByRole('heading', { name: LONG_FILE });
  await expect(heading).toBeVisible();
  expect(await shownInFull(heading), 'the preview header').toBe(true);
  await acceptanceShot(page, 'long-name-preview-phone', 'wcag-android');
});
