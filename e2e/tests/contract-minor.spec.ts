import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildRemoteCopy, repoRoot } from '../support/build-remote';
import { destinationDialog, logInAndSave, openShare, selectOnly } from '../support/journeys';
import { serveRemoteFrom } from '../support/remotes';

/**
 * The contract's minor rule (shared-contracts/CHANGELOG.md, 2.0.0): remote-payments, which its
 * team releases on its own, built against a newer minor of the contract than the shell's may use
 * host services this shell lacks. The shell refuses it with the fallback and Retry of a remote
 * that fails to load, and the rest of the page keeps working.
 */

const contractVersion =
  /CONTRACT_VERSION = '([^']+)'/.exec(
    readFileSync(path.join(repoRoot, 'shared-contracts', 'src', 'version.ts'), 'utf8'),
  )?.[1] ?? '';
const [major = 0, minor = 0] = contractVersion.split('.').map(Number);
const NEWER_MINOR = `${major}.${minor + 1}.0`;

let newerMinorBuild = '';

test.beforeAll(async () => {
  const testInfo = test.info();
  if (testInfo.project.name !== 'desktop') return;
  // Building a remote takes a while on two cores.
  testInfo.setTimeout(300_000);
  newerMinorBuild = await buildRemoteCopy({
    remote: 'remote-payments',
    folder: 'payments-newer-minor',
    rewrite: (file, source) =>
      file === path.join('src', 'app', 'upgrade-sheet.tsx')
        ? source.replace(
            'export const contractVersion = CONTRACT_VERSION;',
            `export const contractVersion = '${NEWER_MINOR}';`,
          )
        : source,
  });
});

test('a payments release built for a newer contract minor is refused; the page keeps working', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one platform is enough for the version rule');
  expect(contractVersion, "shared-contracts' CONTRACT_VERSION").toMatch(/^\d+\.\d+\.\d+$/);
  await serveRemoteFrom(page, 'payments', newerMinorBuild);
  // The copy's exposed module, served whole: the shell runs it and refuses what it reports.
  const exposedModule = page.waitForResponse((response) =>
    /\/remotes\/payments\/__federation_expose_UpgradeSheet\.[\w]+\.js$/.test(response.url()),
  );

  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  // Alice's cloud is full: the save opens the upgrade sheet, remote-payments.
  await logInAndSave(page, 'Alice');
  await destinationDialog(page, true).getByRole('button', { name: 'Confirm' }).click();

  const fallback = page
    .getByRole('dialog', { name: 'Upgrade' })
    .getByRole('alert')
    .filter({ hasText: 'This part of the page could not be loaded.' });
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect((await exposedModule).ok()).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Insufficient cloud storage' })).toHaveCount(0);

  // The rest of the page works: the fallback closes, and the list opens a folder.
  await page
    .getByRole('dialog', { name: 'Upgrade' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  const folderPath = page.getByRole('navigation', { name: 'Folder path' });
  await expect(folderPath.locator('[aria-current="page"]')).toHaveText('Photos');
  await expect(page.getByRole('button', { name: '2025', exact: true })).toBeVisible();
});
