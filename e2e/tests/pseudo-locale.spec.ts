import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from 'shared-contracts';
import { firebaseProductUrl } from '../support/firebase';
import { chooseAccount, fileList, untilAppShowsScreen } from '../support/journeys';
import {
  layoutProblems,
  PSEUDO_BASE,
  PSEUDO_START,
  pseudoTexts,
  servePseudoLocale,
} from '../support/pseudo-locale';

/**
 * Every screen in a pseudo-locale (accented, 40 % longer: support/pseudo-locale.ts) at 320 px:
 * no text is cut, none lies over another, none leaves the window. Each screen's picture is
 * attached to the test's report, to be looked at.
 */

const texts = pseudoTexts();
const isPcProject = (name: string) => name === 'desktop';

test.use({ viewport: { width: 320, height: 640 } });

test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: PSEUDO_BASE, url: baseURL ?? '' }]);
  await servePseudoLocale(page);
});

/** Looks at the screen as it is now: a picture for the report, and no text cut or covered. */
async function expectLaidOut(page: Page, screen: string) {
  // Fonts and late layout settle first.
  await page.evaluate(() => document.fonts.ready);
  const picture = test.info().outputPath(`${screen.replace(/\W+/g, '-')}.png`);
  await page.screenshot({ path: picture });
  await test.info().attach(`${screen}.png`, { path: picture, contentType: 'image/png' });
  expect.soft(await layoutProblems(page), screen).toEqual([]);
}

/** The folder chooser after a login in save mode: the PC dialog, or the phones' picker. */
function folderChooser(page: Page) {
  return page.getByRole('dialog', { name: texts.share('saveTo'), exact: true }).or(
    page.getByRole('dialog', {
      name: texts.share('saveToFolder', { name: texts.share('fromShare') }),
    }),
  );
}

async function openPseudoShare(page: Page, code: string, origin = '') {
  await page.goto(`${origin}/s/${code}`);
  await untilAppShowsScreen(page);
  await expect(page.getByText(PSEUDO_START).first()).toBeVisible();
}

test('the share list, a folder, a preview, report, login and the save journey', async ({
  page,
}, testInfo) => {
  const isPc = isPcProject(testInfo.project.name);
  await openPseudoShare(page, 'demo-public');
  const list = fileList(page, texts.share('fileList'));
  await expect(list).toBeVisible();
  await expectLaidOut(page, 'share list');

  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page.getByRole('navigation', { name: texts.share('breadcrumb') })).toBeVisible();
  await expectLaidOut(page, 'a folder');
  await page.goBack();

  await list.getByRole('button', { name: 'mountains.jpg', exact: true }).click();
  const preview = page.getByRole('dialog', {
    name: texts.share('preview', { name: 'mountains.jpg' }),
  });
  await expect(preview.getByRole('img').first()).toBeVisible();
  await expectLaidOut(page, 'image preview');
  await preview.getByRole('button', { name: texts.share('closePreview') }).click();

  await page.getByRole('button', { name: texts.share('report') }).click();
  const report = page.getByRole('dialog', { name: texts.share('reportTitle') });
  await expect(report).toBeVisible();
  await expectLaidOut(page, 'report');
  await report.getByRole('button', { name: texts.share('close') }).click();

  await page.getByRole('button', { name: texts.share('deselectAll') }).click();
  await page.getByRole('checkbox', { name: texts.share('selectItem', { name: 'Photos' }) }).check();
  await expectLaidOut(page, 'one file selected');
  await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
  const welcome = page.getByRole('dialog', { name: texts.shell('loginWelcome') });
  await expect(welcome).toBeVisible();
  await expectLaidOut(page, 'login sheet');
  const popupOpened = page.waitForEvent('popup');
  await welcome.getByRole('button', { name: texts.shell('loginWithGoogle') }).click();
  await chooseAccount(await popupOpened, 'Carol');

  const picker = folderChooser(page);
  await expect(picker).toBeVisible();
  // At 320 px a PC shows the phones' picker too.
  const isPcDialog = await page
    .getByRole('dialog', { name: texts.share('saveTo'), exact: true })
    .isVisible();
  await expectLaidOut(page, 'folder picker');
  await picker.getByRole('button', { name: texts.share('createFolder') }).click();
  if (!isPcDialog) {
    const create = page.getByRole('dialog', { name: texts.share('createFolder') });
    await expect(create).toBeVisible();
    await expectLaidOut(page, 'create folder');
    await create.getByRole('button', { name: texts.share('close') }).click();
  } else {
    await expect(picker.getByRole('textbox', { name: texts.share('newFolderName') })).toBeVisible();
    await expectLaidOut(page, 'create folder');
    await page.keyboard.press('Escape');
  }
  await picker.getByRole('button', { name: texts.share('confirm') }).click();
  const success = page.getByRole('dialog', { name: texts.share('saveSuccessTitle') });
  await expect(success).toBeVisible();
  await expectLaidOut(page, 'saved');
  if (isPc) {
    await success.getByRole('button', { name: texts.share('goToApp') }).click();
    await expect(page.getByRole('dialog', { name: texts.shell('downloadApp') })).toBeVisible();
    await expectLaidOut(page, 'download dialog');
  }
});

test('the upgrade sheet', async ({ page }) => {
  await openPseudoShare(page, 'demo-public');
  await page.getByRole('button', { name: texts.share('deselectAll') }).click();
  await page
    .getByRole('checkbox', { name: texts.share('selectItem', { name: 'mountains.jpg' }) })
    .check();
  await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: texts.shell('loginWithGoogle') }).click();
  await chooseAccount(await popupOpened, 'Alice');
  const picker = folderChooser(page);
  await picker.getByRole('button', { name: texts.share('confirm') }).click();
  const sheet = page.getByRole('dialog', { name: texts.payments('title') });
  await expect(sheet.getByRole('button', { name: texts.payments('pay') })).toBeVisible();
  await expectLaidOut(page, 'upgrade sheet');
});

test('the code prompt, a wrong code, the status pages and the home page', async ({
  page,
}, testInfo) => {
  await openPseudoShare(page, 'demo-private');
  const code = page.getByRole('textbox', { name: texts.share('extractCodeLabel') });
  await expect(code).toBeVisible();
  await expectLaidOut(page, 'code prompt');
  // Wrong codes count against this machine's network (10 in 10 minutes), which the other tests
  // spend: one, on the run's second product (playwright.config.ts), shows the error's layout.
  if (testInfo.project.name === 'android') {
    await openPseudoShare(page, 'demo-private', firebaseProductUrl());
    const onSecond = page.getByRole('textbox', { name: texts.share('extractCodeLabel') });
    await onSecond.fill('zz99');
    await page.getByRole('button', { name: texts.share('extractFile') }).click();
    await expect(page.getByText(texts.share('invalidCode'))).toBeVisible();
    await expectLaidOut(page, 'wrong code');
  }

  for (const [path, title] of [
    ['/s/demo-expired', texts.share('expiredTitle')],
    ['/s/demo-canceled', texts.share('canceledTitle')],
    ['/s/demo-deleted', texts.share('deletedTitle')],
    ['/s/no-such-share', texts.share('notFoundTitle')],
  ] as const) {
    await page.goto(path);
    await untilAppShowsScreen(page);
    await expect(page.getByText(title)).toBeVisible();
    await expectLaidOut(page, path);
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { name: texts.shell('homeTitle') })).toBeVisible();
  await expectLaidOut(page, 'home page');
});
