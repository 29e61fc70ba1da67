import { expect, test, type Locator, type Page } from '@playwright/test';
import { logInAndSave, openShare, selectOnly, uniqueName } from '../support/journeys';

/**
 * Layouts that survive long names and wide fonts (issue 32, problem 4; issue 33, reflow and text
 * spacing): at 320 px wide, in the machine's wide fallback font (DejaVu Sans), nothing wraps one
 * word a line, long names end in an ellipsis and stay readable in full, and the page never
 * scrolls sideways. Every project runs at 320 px: the desktop one is a desktop browser zoomed to
 * 400 %, which the site lays out as a phone.
 */
test.use({ viewport: { width: 320, height: 640 } });

/** WCAG 1.4.12's text-spacing styles, as the bookmarklets people use apply them. */
const TEXT_SPACING = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

const SOFT = { soft: true };

/** A folder name of 60 characters, unique to the project and the run. */
function longFolderName(projectName: string): string {
  const name = `${uniqueName('Quarterly', projectName)} reports and family holiday photographs archive`;
  return name.slice(0, 60).replace(/ $/, 'x');
}

/** The number of lines an element's text takes (its line boxes, told apart by their tops). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = Array.from(range.getClientRects(), (rect) => rect.top).sort((a, b) => a - b);
    // Boxes on one line share their top, give or take a pixel or two of baseline alignment.
    return tops.filter((top, index) => index === 0 || top - (tops[index - 1] ?? top) > 2).length;
  });
}

/** Whether the page scrolls sideways. */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > window.innerWidth;
  });
}

/** An element's box lies inside the viewport's width and shows all of its content. */
async function expectWhole(locator: Locator, what: string, { soft = false } = {}): Promise<void> {
  const check = soft ? expect.soft : expect;
  const box = await locator.boundingBox();
  check(box, `${what} is laid out`).not.toBeNull();
  const viewportWidth = locator.page().viewportSize()?.width ?? 0;
  check(box?.x ?? -1, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  check((box?.x ?? 0) + (box?.width ?? 0), `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewportWidth + 0.5,
  );
  const clipped = await locator.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 &&
      getComputedStyle(element).textOverflow !== 'ellipsis',
  );
  check(clipped, `${what} shows all of its text`).toBe(false);
}

/** The chip's label and folder name each on one line, the name long enough to read. */
async function expectChipReadable(chip: Locator, folderName: string): Promise<void> {
  await expect(chip).toHaveAccessibleName(`Save to ${folderName}`);
  const label = chip.getByText('Save to', { exact: true });
  const name = chip.getByText(folderName, { exact: true });
  expect(await lineCount(label), "'Save to' sits on one line").toBe(1);
  expect(await lineCount(name), 'the folder name sits on one line').toBe(1);
  // Truncated with an ellipsis, not cut to a letter or two.
  const shown = await name.evaluate((element) => ({
    width: element.clientWidth,
    truncated: element.scrollWidth > element.clientWidth,
    ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
  }));
  expect(shown.truncated, 'the long name is truncated').toBe(true);
  expect(shown.ellipsis, 'the truncation ends in an ellipsis').toBe(true);
  expect(shown.width, 'a readable part of the name shows').toBeGreaterThanOrEqual(100);
  await expectWhole(chip, "the 'Save to' chip");
}

test('the save bar holds a long folder name at 320 px, also with the text-spacing styles', async ({
  page,
}, testInfo) => {
  const folderName = longFolderName(testInfo.project.name);
  await openShare(page, 'demo-public');
  // The header holds: the sharer and Report each on one line, nothing sideways.
  expect(await lineCount(page.getByRole('button', { name: 'Report' }))).toBe(1);
  expect(await scrollsSideways(page)).toBe(false);

  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Carol');

  // Carol makes a folder with a long name in the picker and saves into it.
  const picker = page.getByRole('dialog', { name: /^Save to "/ });
  await expect(picker).toBeVisible();
  await expectWhole(picker.getByRole('button', { name: 'Confirm' }), "the picker's Confirm");
  await expectWhole(
    picker.getByRole('button', { name: 'Create folder' }),
    "the picker's Create folder",
  );
  await picker.getByRole('button', { name: 'Create folder' }).click();
  const create = page.getByRole('dialog', { name: 'Create folder' });
  await create.getByRole('textbox', { name: 'Folder name' }).fill(folderName);
  await create.getByRole('button', { name: 'Confirm' }).click();
  await expect(create).toBeHidden();
  await expect(picker).toHaveAccessibleName(`Save to "${folderName}"`);
  expect(await scrollsSideways(page)).toBe(false);
  await picker.getByRole('button', { name: 'Confirm' }).click();

  // The success dialog: its long 'Saved to' line and its button wrap rather than being cut.
  const success = page.getByRole('dialog', { name: 'Share successful' });
  await expect(success.getByText(`Saved to ${folderName}`)).toBeVisible();
  // Soft: the save bar's checks below still run when these fail.
  await expectWhole(success.getByText(`Saved to ${folderName}`), "the 'Saved to' line", SOFT);
  await expectWhole(
    success.getByRole('button', { name: 'Go to the app to view the video' }),
    "'Go to the app to view the video'",
    SOFT,
  );
  expect.soft(await scrollsSideways(page)).toBe(false);
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toBeHidden();

  // The chip says where the next save goes, in one line, the full name as its name.
  const chip = page.getByRole('button', { name: `Save to ${folderName}`, exact: true });
  await expect(chip).toBeVisible();
  await expectChipReadable(chip, folderName);
  await expectWhole(page.getByRole('button', { name: 'Save to cloud' }), 'the save button');
  expect(await scrollsSideways(page)).toBe(false);

  // The same with WCAG's text-spacing styles.
  await page.addStyleTag({ content: TEXT_SPACING });
  await expectChipReadable(chip, folderName);
  await expectWhole(page.getByRole('button', { name: 'Save to cloud' }), 'the save button');
  expect(await scrollsSideways(page)).toBe(false);
});

test('the breadcrumb holds a long folder name three levels deep at 320 px', async ({ page }) => {
  // The demo data has no long folder name: the share's answers give '2025' a long one, as a
  // sharer's real folder could have.
  const longName = 'Summer holidays in the mountains with the whole family 2025';
  const lengthen = (body: string) => body.replaceAll('"name":"2025"', `"name":"${longName}"`);
  await page.route(/\/api\/share\/(detail|folder_path)$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: lengthen(await response.text()) });
  });
  const list = await openShare(page, 'demo-public');
  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await list.getByRole('button', { name: longName, exact: true }).click();
  await list.getByRole('button', { name: 'Summer', exact: true }).click();

  const breadcrumb = page.getByRole('navigation', { name: 'Folder path' });
  const current = breadcrumb.locator('[aria-current="page"]');
  await expect(current).toHaveText('Summer');
  // The trail scrolls to its end: the current folder is in view, whole.
  await expectWhole(current, 'the current crumb');
  const long = breadcrumb
    .getByRole('link', { name: longName, exact: true })
    .or(breadcrumb.getByRole('button', { name: longName, exact: true }));
  expect(await lineCount(long), 'the long crumb sits on one line').toBe(1);
  const shown = await long.evaluate((element) => ({
    truncated: element.scrollWidth > element.clientWidth,
    ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
    title: element.getAttribute('title'),
  }));
  expect(shown).toEqual({ truncated: true, ellipsis: true, title: longName });
  expect(await scrollsSideways(page)).toBe(false);
});
