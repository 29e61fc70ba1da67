import { expect, test, type Locator, type Page } from '@playwright/test';
import { ResponseCode, type SiteLanguage } from 'shared-contracts';
import { chooseAccount, fileList, untilAppShowsScreen } from '../support/journeys';
import { textsOf, type TextsOf } from '../support/texts';
import { isPhoneProject } from '../support/wcag-reflow';

/**
 * A checked accessibility tree (issue 52): every screen and dialog as a screen reader meets it,
 * in English and in a right-to-left language, on the three devices, against reviewed snapshots
 * kept beside this file (`aria-snapshots.spec.ts-snapshots/<project>/<screen>-<language>.yml`),
 * so a lost name, role or state fails. Screens are read from the page's body, dialogs from the
 * dialog. Refreshing them after an intended change: docs/development.md.
 *
 * `toMatchSnapshot` on the text of `ariaSnapshot()` rather than `toMatchAriaSnapshot`: the latter
 * matches its file as a template, where a state the template does not write (a control that
 * turned `[disabled]`) and, by default, elements it does not list pass; a reviewed copy must
 * equal the page's tree exactly. The few parts that differ between runs are normalised, each
 * said in `normalised`, and the comments `treeOf` adds are plain YAML comments.
 */

test.describe.configure({ mode: 'parallel' });
// File times are shown in the visitor's time zone: one zone, whatever the machine's.
test.use({ timezoneId: 'UTC' });

/**
 * The tree as Playwright reads it, then what a screen reader also says that Playwright's tree
 * leaves out, as comments: each `aria-current` and each description (`aria-describedby`), by the
 * element's name. A `<time>` reads `<date and time>` there (see `normalised`).
 */
async function treeOf(target: Locator): Promise<string> {
  // A desktop table's rows and cells are named by their text, the file's time included.
  const times = await target.evaluate((root) =>
    Array.from(root.querySelectorAll('time'), (time) => (time.textContent ?? '').trim()),
  );
  let tree = await target.ariaSnapshot();
  for (const time of new Set(times.filter(Boolean))) {
    tree = tree.split(time).join('<date and time>');
  }
  const extras = await target.evaluate((root) => {
    // As the accessible name and description are computed: a referenced element's text, less
    // what is hidden inside it (an aria-hidden price that a hidden text says in words).
    const hidden = (node: Node) =>
      node instanceof Element &&
      (node.getAttribute('aria-hidden') === 'true' || !node.checkVisibility());
    const textOf = (node: Node): string => {
      if (node instanceof HTMLTimeElement) return '<date and time>';
      if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim();
      const shown = Array.from(node.childNodes).filter((child) => !hidden(child));
      return shown.map(textOf).filter(Boolean).join(' ');
    };
    const textOfIds = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id))
        .map((by) => (by ? textOf(by) : '(missing)'))
        .join(' ');
    const nameOf = (element: Element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      // An input's or a text area's label, else the element's own text.
      const label = (element as HTMLInputElement).labels?.[0];
      if (labelledBy) return textOfIds(labelledBy);
      return element.getAttribute('aria-label') ?? textOf(label ?? element).slice(0, 60);
    };
    const lines: string[] = [];
    for (const element of [root, ...root.querySelectorAll('[aria-current], [aria-describedby]')]) {
      if (!element.checkVisibility()) continue;
      const current = element.getAttribute('aria-current');
      if (current && current !== 'false') {
        lines.push(`# aria-current=${current}: ${nameOf(element)}`);
      }
      const describedBy = element.getAttribute('aria-describedby');
      if (describedBy) lines.push(`# description of ${nameOf(element)}: ${textOfIds(describedBy)}`);
    }
    return lines;
  });
  return [tree, ...extras].join('\n');
}

/** Reads the tree until two reads 200 ms apart agree (a chunk, a player still settling). */
async function settledTree(target: Locator): Promise<string> {
  let previous = await treeOf(target);
  for (let attempt = 0; attempt < 15; attempt += 1) {
    await target.page().waitForTimeout(200);
    const current = await treeOf(target);
    if (current === previous) return current;
    previous = current;
  }
  return previous;
}

/** A text as a regular expression that matches it exactly. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Only what differs from one run to the next, each replaced by a fixed mark:
 * - the files' times (`- time:` lines, a details dialog's "Modified", a table's row and cell
 *   names, and `<time>` in the comments of `treeOf`): the demo data is seeded when the run's
 *   server starts;
 * - the days left of demo-private (seeded to expire a year after that start): its count only,
 *   the words around it stay checked.
 * Nothing else varies: the folders are Alice's, whom no test gives any; the addresses in the
 * tree are paths or the stores'; the players are paused at their start.
 */
function normalised(tree: string, texts: TextsOf): string {
  const days = texts.share('expiresInDays', { n: 364 });
  const expiry = new RegExp(escaped(days).replace('364', '\\d+'), 'g');
  const modified = new RegExp(
    `(- term: ${escaped(texts.share('detailModified'))}\\n\\s*- definition): .+`,
    'g',
  );
  return `${tree
    .replace(/^(\s*- time): .+$/gm, '$1: <date and time>')
    .replace(modified, '$1: <date and time>')
    .replace(expiry, days.replace('364', '<n>'))}\n`;
}

for (const language of ['en', 'ar'] as const satisfies readonly SiteLanguage[]) {
  test.describe(`in ${language}`, () => {
    const texts = textsOf(language);
    const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;
    const check = async (target: Locator, name: string) => {
      const yaml = normalised(await settledTree(target), texts);
      expect.soft(yaml, `${name} in ${language}`).toMatchSnapshot(`${name}-${language}.yml`);
    };
    const openList = async (page: Page, code: string) => {
      await page.goto(at(`/s/${code}`));
      const list = fileList(page, texts.share('fileList'));
      await expect(list).toBeVisible();
      await untilAppShowsScreen(page);
      return list;
    };

    test('home, not found, status pages, empty share', async ({ page }) => {
      await page.goto(at('/'));
      await expect(page.getByRole('heading', { name: texts.shell('homeTitle') })).toBeVisible();
      await untilAppShowsScreen(page);
      await check(page.locator('body'), 'home');
      await page.goto(at('/404'));
      await expect(page.getByRole('heading', { name: texts.share('notFoundTitle') })).toBeVisible();
      await untilAppShowsScreen(page);
      await check(page.locator('body'), 'not-found');
      for (const [code, title] of [
        ['demo-canceled', 'canceledTitle'],
        ['demo-expired', 'expiredTitle'],
        ['demo-deleted', 'deletedTitle'],
      ] as const) {
        await page.goto(at(`/s/${code}`));
        await expect(page.getByRole('heading', { name: texts.share(title) })).toBeVisible();
        await untilAppShowsScreen(page);
        await check(page.locator('body'), code);
      }
      await page.goto(at('/s/demo-empty'));
      await expect(page.getByText(texts.share('noFiles'))).toBeVisible();
      await untilAppShowsScreen(page);
      await check(page.locator('body'), 'demo-empty');
    });

    test('the extract-code screen, and a wrong code', async ({ page }) => {
      await page.goto(at('/s/demo-private'));
      const field = page.getByRole('textbox', { name: texts.share('extractCodeLabel') });
      await expect(field).toBeVisible();
      await untilAppShowsScreen(page);
      await check(page.locator('body'), 'extract-code');
      // The server's answer to a wrong code, given here: a real one counts against this
      // machine's 10 wrong codes in 10 minutes, which the suite's other tests spend.
      await page.route(
        '**/api/share/detail',
        (route) =>
          route.fulfill({
            json: {
              code: ResponseCode.InvalidExtractCode,
              msg: 'Invalid extract code',
              data: null,
            },
          }),
        { times: 1 },
      );
      await field.fill('zz99');
      await page.getByRole('button', { name: texts.share('extractFile') }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: texts.share('invalidCode') }),
      ).toBeVisible();
      await check(page.locator('body'), 'extract-code-wrong');
    });

    test("the list, a row's details, the sort menu, a row selected, a folder", async ({
      page,
    }, testInfo) => {
      const list = await openList(page, 'demo-public');
      await check(page.locator('body'), 'list');
      const detailsOf = { name: texts.share('detailsOf', { name: 'mountains.jpg' }) };
      await list.getByRole('button', detailsOf).click();
      const details = page.getByRole('dialog', detailsOf);
      // The image's dimensions are read from the picture: there once it has loaded.
      await expect(details.getByText(texts.share('detailDimensions'))).toBeVisible();
      await check(details, 'details-dialog');
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();

      const tools = page.getByRole('group', { name: texts.share('listTools') });
      if (isPhoneProject(testInfo)) {
        await tools.getByRole('combobox').selectOption({ label: texts.share('sortLargest') });
        await check(tools, 'sort-and-filter');
        await tools.getByRole('combobox').selectOption({ label: texts.share('sortNameAsc') });
      } else {
        // On desktop the table's column headers sort: by size, the largest first.
        const size = page.getByRole('columnheader', { name: texts.share('detailSize') });
        await size.getByRole('button').click();
        await expect(size).toHaveAttribute('aria-sort', 'descending');
        await check(page.getByRole('row').first(), 'table-header');
        await check(tools, 'sort-and-filter');
        const name = page.getByRole('columnheader', { name: texts.share('columnName') });
        await name.getByRole('button').click();
        await expect(name).toHaveAttribute('aria-sort', 'ascending');
      }

      await page.getByRole('button', { name: texts.share('deselectAll') }).click();
      await page
        .getByRole('checkbox', { name: texts.share('selectItem', { name: 'mountains.jpg' }) })
        .check();
      await expect(page.getByText(texts.share('selectedFiles', { n: 1 }))).toBeVisible();
      await check(page.locator('body'), 'list-one-selected');

      await list.getByRole('button', { name: 'Photos', exact: true }).click();
      await expect(page.getByRole('navigation', { name: texts.share('breadcrumb') })).toBeVisible();
      await expect(list.getByRole('button', { name: '2025', exact: true })).toBeVisible();
      await check(page.locator('body'), 'folder');
    });

    test('the dialogs of the page: report, language menu, login sheet, download', async ({
      page,
    }, testInfo) => {
      await openList(page, 'demo-public');
      await page.getByRole('button', { name: texts.share('report'), exact: true }).click();
      const report = page.getByRole('dialog', { name: texts.share('reportTitle') });
      await expect(report).toBeVisible();
      await check(report, 'report-dialog');
      await page.keyboard.press('Escape');
      await expect(report).toBeHidden();

      const banner = page.getByRole('banner');
      await banner.getByRole('button', { name: new RegExp(`^${texts.shell('language')}`) }).click();
      await expect(banner.getByRole('listbox', { name: texts.shell('language') })).toBeVisible();
      await check(banner, 'language-menu');
      await page.keyboard.press('Escape');
      await expect(banner.getByRole('listbox')).toBeHidden();

      await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
      const sheet = page.getByRole('dialog', { name: texts.shell('loginWelcome') });
      await expect(sheet).toBeVisible();
      await check(sheet, 'login-sheet');
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();

      // On a phone the header's "Open App" launches the app (and then its store): no dialog.
      if (!isPhoneProject(testInfo)) {
        await banner.getByRole('button', { name: texts.shell('openApp') }).click();
        const download = page.getByRole('dialog', { name: texts.shell('downloadApp') });
        await expect(download).toBeVisible();
        await check(download, 'download-dialog');
      }
    });

    test('saving as a full account: the folder picker, the upgrade sheet, the account menu', async ({
      page,
    }) => {
      await openList(page, 'demo-public');
      await page.getByRole('button', { name: texts.share('deselectAll') }).click();
      await page
        .getByRole('checkbox', { name: texts.share('selectItem', { name: 'mountains.jpg' }) })
        .check();
      await page.getByRole('button', { name: texts.share('loginAndSave'), exact: true }).click();
      const sheet = page.getByRole('dialog', { name: texts.shell('loginWelcome') });
      const popupOpened = page.waitForEvent('popup');
      await sheet.getByRole('button', { name: texts.shell('loginWithGoogle') }).click();
      await chooseAccount(await popupOpened, 'Alice');
      const confirm = page.getByRole('button', { name: texts.share('confirm'), exact: true });
      const picker = page.getByRole('dialog').filter({ has: confirm });
      await expect(picker).toBeVisible();
      await expect(picker.getByRole('status')).toHaveCount(0);
      await check(picker, 'save-to');

      await picker.getByRole('button', { name: texts.share('confirm'), exact: true }).click();
      const upgrade = page.getByRole('dialog', { name: texts.payments('title') });
      await expect(upgrade.getByRole('radio').first()).toBeVisible();
      await check(upgrade, 'upgrade-sheet');
      await page.keyboard.press('Escape');
      await expect(upgrade).toBeHidden();

      const banner = page.getByRole('banner');
      await banner
        .getByRole('button', { name: texts.shell('accountOf', { name: 'Alice' }) })
        .click();
      await expect(banner.getByRole('button', { name: texts.shell('logOut') })).toBeVisible();
      await check(banner, 'account-menu');
    });

    test('the previews: image, video, audio and the one-minute card', async ({ page }) => {
      const list = await openList(page, 'demo-public');
      for (const folder of ['Photos', '2025', 'Summer']) {
        await list.getByRole('button', { name: folder, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: folder })).toBeAttached();
      }
      await list.getByRole('button', { name: 'beach.jpg', exact: true }).click();
      const image = page.getByRole('dialog', {
        name: texts.share('preview', { name: 'beach.jpg' }),
      });
      await expect(image.getByRole('img', { name: 'beach.jpg' })).toBeVisible();
      await check(image, 'image-preview');
      await image.getByRole('button', { name: texts.share('nextImage') }).click();
      const next = page.getByRole('dialog', {
        name: texts.share('preview', { name: 'sunset.jpg' }),
      });
      await expect(next.getByRole('img', { name: 'sunset.jpg' })).toBeVisible();
      await check(next, 'image-preview-next');

      for (const name of ['City Clip.mp4', 'Morning Tone.mp3']) {
        const root = await openList(page, 'demo-public');
        await root.getByRole('button', { name, exact: true }).click();
        const preview = page.getByRole('dialog', { name: texts.share('preview', { name }) });
        const media = preview.locator('audio, video');
        // Its length known (NaN until the metadata is in: plyr would show "00:00").
        await expect
          .poll(() => media.evaluate((element: HTMLMediaElement) => element.duration))
          .toBeLessThan(Infinity);
        // Paused at its start: the tree then says "Play" and 00:00 whatever the timing. Plyr
        // writes the length only on a durationchange met at 00:00 (its durationUpdate bails once
        // the play head has moved), which the pause can miss: one more, once back at 00:00.
        await media.evaluate(async (element: HTMLMediaElement) => {
          element.pause();
          const seeked = new Promise((resolve) => {
            element.addEventListener('seeked', resolve, { once: true });
          });
          element.currentTime = 0;
          await seeked;
          element.dispatchEvent(new Event('durationchange'));
        });
        await expect(preview.getByRole('timer').first()).toHaveText(/00:00/);
        await expect(preview.getByRole('timer').last()).not.toHaveText(/^\D*00:00$/);
        await check(preview, name.endsWith('.mp4') ? 'video-preview' : 'audio-preview');
      }

      // The audio's player again, as after a minute of listening (as audioPastTheMinute does):
      // only the card, the player's own times behind it settle at no fixed moment.
      const audio = page.getByRole('dialog').locator('audio');
      await audio.evaluate(async (element: HTMLMediaElement) => {
        await element.play();
        element.currentTime = 65;
      });
      const card = page.getByRole('region', { name: texts.share('previewEnded') });
      await expect(card.getByRole('button')).toBeVisible();
      await check(card, 'one-minute-card');
    });
  });
}
