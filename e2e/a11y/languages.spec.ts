import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { fileList, untilAppShowsScreen } from '../support/journeys';
import { textsOf } from '../support/texts';

/**
 * axe-core in a right-to-left language and in one written without spaces (issue 48): the share
 * list, a folder, the code prompt, a preview and the login sheet, in Arabic and in Japanese.
 */

for (const language of ['ar', 'ja'] as const) {
  test.describe(`in ${language}`, () => {
    const texts = textsOf(language);
    test.use({ locale: language, extraHTTPHeaders: { 'Accept-Language': language } });

    test('the share list, a folder, a preview, the login sheet and the code prompt', async ({
      page,
    }) => {
      await page.goto('/s/demo-public');
      const list = fileList(page, texts.share('fileList'));
      await expect(list).toBeVisible();
      await untilAppShowsScreen(page);
      await expectAccessible(page, `the share list in ${language}`);

      await list.getByRole('button', { name: 'Photos', exact: true }).click();
      await expect(page.getByRole('navigation', { name: texts.share('breadcrumb') })).toBeVisible();
      await expectAccessible(page, `a folder in ${language}`);

      await page.goto('/s/demo-public');
      await untilAppShowsScreen(page);
      await list.getByRole('button', { name: 'mountains.jpg', exact: true }).click();
      const preview = page.getByRole('dialog', {
        name: texts.share('preview', { name: 'mountains.jpg' }),
      });
      await expect(preview.getByRole('img')).toBeVisible();
      await expectAccessible(page, `a preview in ${language}`);
      await preview.getByRole('button', { name: texts.share('closePreview') }).click();

      await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
      await expect(page.getByRole('dialog', { name: texts.shell('loginWelcome') })).toBeVisible();
      await expectAccessible(page, `the login sheet in ${language}`);

      await page.goto('/s/demo-private');
      await expect(
        page.getByRole('textbox', { name: texts.share('extractCodeLabel') }),
      ).toBeVisible();
      await untilAppShowsScreen(page);
      await expectAccessible(page, `the code prompt in ${language}`);
    });
  });
}
