import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANGUAGE_COOKIE, LANGUAGE_NAMES, type SiteLanguage } from 'shared-contracts';
import {
  chooseAccount,
  listFolders,
  ROOT_FOLDER_ID,
  storedToken,
  uniqueName,
  untilAppShowsScreen,
  fileList as listOf,
} from '../support/journeys';
import { recordRequestedPaths } from '../support/requests';
import { textsOf, type TextsOf } from '../support/texts';

/**
 * Every visitor in their language (issue 48): a browser that asks for Arabic or Japanese gets
 * the whole product in it from the first paint, through every screen of a save; a language
 * chosen from the menu is kept. The texts come from the apps' own catalogs (support/texts.ts).
 */

const isPcProject = (name: string) => name === 'desktop';

/** The list's rows and their names, as the page shows them. */
function fileList(page: Page, texts: TextsOf): Locator {
  return listOf(page, texts.share('fileList'));
}

/** Where a row's name sits in its list: its glyphs nearer the left or the right edge. */
async function nameSide(page: Page, texts: TextsOf, name: string): Promise<'left' | 'right'> {
  return fileList(page, texts).evaluate((list, wanted) => {
    const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent !== wanted) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const glyphs = range.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return glyphs.left - box.left < box.right - glyphs.right ? 'left' : 'right';
    }
    throw new Error(`no ${wanted} in the list`);
  }, name);
}

/** Whether an element's icon that points along the line is drawn mirrored (scaleX(-1)). */
async function isMirrored(icon: Locator): Promise<boolean> {
  return icon.evaluate((element) => getComputedStyle(element).transform.startsWith('matrix(-1'));
}

async function selectOnly(page: Page, texts: TextsOf, names: string[]) {
  await page.getByRole('button', { name: texts.share('deselectAll') }).click();
  for (const name of names) {
    await page.getByRole('checkbox', { name: texts.share('selectItem', { name }) }).check();
  }
  await expect(page.getByText(texts.share('selectedFiles', { n: names.length }))).toBeVisible();
}

async function logInFromSave(page: Page, texts: TextsOf, account: 'Carol' | 'Alice') {
  await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
  const welcome = page.getByRole('dialog', { name: texts.shell('loginWelcome') });
  const popupOpened = page.waitForEvent('popup');
  await welcome.getByRole('button', { name: texts.shell('loginWithGoogle') }).click();
  await chooseAccount(await popupOpened, account);
  await expect(page.getByText(texts.shell('loginSuccess'))).toBeVisible();
}

/** The folder chooser after a login in save mode: the PC dialog, or the phones' picker. */
function chooser(page: Page, texts: TextsOf, isPc: boolean): Locator {
  return isPc
    ? page.getByRole('dialog', { name: texts.share('saveTo'), exact: true })
    : page.getByRole('dialog', {
        name: texts.share('saveToFolder', { name: texts.share('fromShare') }),
      });
}

for (const [language, direction] of [
  ['ar', 'rtl'],
  ['ja', 'ltr'],
] as const) {
  test.describe(`a browser that asks for ${language}`, () => {
    const texts = textsOf(language);
    test.use({ locale: language, extraHTTPHeaders: { 'Accept-Language': language } });

    test(`is painted in ${language} by the server, before any script`, async ({ request }) => {
      const response = await request.get('/s/demo-public');
      expect(response.headers()['content-language']).toBe(language);
      const html = await response.text();
      expect(html).toContain(`<html lang="${language}" dir="${direction}">`);
      expect(html).toContain(`aria-label="${texts.share('fileList')}"`);
      expect(html).not.toContain('aria-label="Shared files"');
    });

    test(`opens a protected share, a folder, a preview, reports and saves in ${language}`, async ({
      page,
      request,
    }, testInfo) => {
      const isPc = isPcProject(testInfo.project.name);

      // The page carries its language's texts: no app fetches a file of them.
      const fetched = recordRequestedPaths(page, 'fetch');
      // The code prompt, then the files.
      await page.goto('/s/demo-private');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expect(page).toHaveTitle(
        texts.share('pageTitle', { page: texts.share('codePageTitle') }),
      );
      await untilAppShowsScreen(page);
      await page.getByRole('textbox', { name: texts.share('extractCodeLabel') }).fill('ab12');
      await page.getByRole('button', { name: texts.share('extractFile') }).click();
      await expect(fileList(page, texts)).toBeVisible();

      // The public share: its names start on the line's start side.
      await page.goto('/s/demo-public');
      await expect(fileList(page, texts)).toBeVisible();
      expect(fetched.filter((path) => path.includes('/messages/'))).toEqual([]);
      await untilAppShowsScreen(page);
      expect(await nameSide(page, texts, 'Documents')).toBe(direction === 'rtl' ? 'right' : 'left');
      await expect(page.getByText(texts.share('selectedFiles', { n: 8 }))).toBeVisible();

      // A folder, and back through the breadcrumb.
      await fileList(page, texts).getByRole('button', { name: 'Photos', exact: true }).click();
      const breadcrumb = page.getByRole('navigation', { name: texts.share('breadcrumb') });
      await expect(breadcrumb.getByText('Photos')).toBeVisible();
      // Its chevrons point from the root onwards: to the left in a right-to-left page.
      expect(await isMirrored(breadcrumb.locator('svg').first())).toBe(direction === 'rtl');
      await breadcrumb.getByRole('button').first().click();
      await expect(fileList(page, texts).getByText('Documents')).toBeVisible();

      // A preview: its name, its controls, the gallery's arrows mirrored right to left.
      await fileList(page, texts)
        .getByRole('button', { name: 'mountains.jpg', exact: true })
        .click();
      const preview = page.getByRole('dialog', {
        name: texts.share('preview', { name: 'mountains.jpg' }),
      });
      await expect(preview).toBeVisible();
      const next = preview.getByRole('button', { name: texts.share('nextImage') });
      if (await next.isVisible()) {
        expect(await isMirrored(next.locator('svg'))).toBe(direction === 'rtl');
      }
      await preview.getByRole('button', { name: texts.share('closePreview') }).click();
      await expect(preview).toBeHidden();

      // Report.
      await page.getByRole('button', { name: texts.share('report') }).click();
      const report = page.getByRole('dialog', { name: texts.share('reportTitle') });
      await report.getByPlaceholder(texts.share('reportPlaceholder')).fill('spam');
      await report.getByRole('button', { name: texts.share('submit') }).click();
      await expect(page.getByText(texts.share('submissionSuccessful'))).toBeVisible();

      // Login, the folder chooser, a new folder, the save.
      const folderName = uniqueName(language, testInfo.project.name);
      await selectOnly(page, texts, ['Photos']);
      await logInFromSave(page, texts, 'Carol');
      let picker = chooser(page, texts, isPc);
      await expect(picker).toBeVisible();
      await picker.getByRole('button', { name: texts.share('createFolder') }).click();
      if (isPc) {
        const name = picker.getByRole('textbox', { name: texts.share('newFolderName') });
        await name.fill(folderName);
        await name.press('Enter');
      } else {
        const create = page.getByRole('dialog', { name: texts.share('createFolder') });
        const name = create.getByRole('textbox', { name: texts.share('folderNameLabel') });
        await expect(name).toHaveValue(texts.share('newFolderDefaultName'));
        await name.fill(folderName);
        await create.getByRole('button', { name: texts.share('confirm') }).click();
        await expect(create).toBeHidden();
        // The picker is named for the folder it will save to: the new one.
        picker = page.getByRole('dialog', {
          name: texts.share('saveToFolder', { name: folderName }),
        });
        await expect(picker).toBeVisible();
      }
      await picker.getByRole('button', { name: texts.share('confirm') }).click();
      const success = page.getByRole('dialog', { name: texts.share('saveSuccessTitle') });
      await expect(success.getByText(texts.share('savedTo', { name: folderName }))).toBeVisible();
      const created = (await listFolders(request, await storedToken(page), ROOT_FOLDER_ID)).find(
        (folder) => folder.name === folderName,
      );
      expect(created, `${folderName} was created`).toBeDefined();

      // On a PC, "Go to the app" offers the download dialog with its store codes.
      if (isPc) {
        await success.getByRole('button', { name: texts.share('goToApp') }).click();
        const download = page.getByRole('dialog', { name: texts.shell('downloadApp') });
        await expect(
          download.getByRole('img', {
            name: texts.shell('qrCodeFor', { store: texts.shell('androidStore') }),
          }),
        ).toBeVisible();
      }
    });

    test(`offers a full account the upgrade sheet in ${language}`, async ({ page }, testInfo) => {
      await page.goto('/s/demo-public');
      await expect(fileList(page, texts)).toBeVisible();
      await untilAppShowsScreen(page);
      await selectOnly(page, texts, ['mountains.jpg']);
      await logInFromSave(page, texts, 'Alice');
      await chooser(page, texts, isPcProject(testInfo.project.name))
        .getByRole('button', { name: texts.share('confirm') })
        .click();
      const sheet = page.getByRole('dialog', { name: texts.payments('title') });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByText(texts.payments('subtitle'))).toBeVisible();
      await expect(sheet.getByRole('button', { name: texts.payments('pay') })).toBeVisible();
    });
  });
}

test('a language chosen from the menu is kept after a reload and on the next page', async ({
  page,
  context,
}) => {
  const english = textsOf('en');
  const portuguese = textsOf('pt-BR');
  await page.goto('/s/demo-public');
  await expect(fileList(page, english)).toBeVisible();
  await untilAppShowsScreen(page);

  const menu = page.getByRole('button', { name: new RegExp(`^${english.shell('language')}`) });
  await menu.focus();
  await page.keyboard.press('Enter');
  const options = page.getByRole('listbox', { name: english.shell('language') });
  await options.getByRole('option', { name: LANGUAGE_NAMES['pt-BR'] }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(fileList(page, portuguese)).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value).toBe('pt-BR');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(fileList(page, portuguese)).toBeVisible();
  await page.goto('/s/demo-private');
  await expect(page.getByRole('button', { name: portuguese.share('extractFile') })).toBeVisible();

  // A link's ?lang= outweighs the saved choice for that page.
  await page.goto('/s/demo-public?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(fileList(page, textsOf('de'))).toBeVisible();
});

test('every language of the menu paints the share page in itself', async ({ request }) => {
  const languages: SiteLanguage[] = ['zh-Hant', 'ko', 'hi', 'th', 'he', 'ru', 'tr', 'vi'];
  for (const language of languages) {
    const html = await (await request.get(`/s/demo-public?lang=${language}`)).text();
    expect(html, language).toContain(`<html lang="${language}"`);
    expect(html, language).toContain(`aria-label="${textsOf(language).share('fileList')}"`);
  }
});
