import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startProduct, type RunningProduct } from '../support/product';
import { buildRemoteCopy, hashFolder, repoRoot } from '../support/build-remote';
import {
  destinationDialog,
  fileList,
  logInAndSave,
  openShare,
  selectOnly,
} from '../support/journeys';
import { serveFolder } from '../support/static-server';

/**
 * Independent releases (issue 7): the payments team builds a new release, uploads it to a CDN
 * and points the runtime configuration at it. The running shell shows the new upgrade sheet on
 * the next page load, and not one of the shell's files changes.
 */

let product: RunningProduct | undefined;
let cdn: { origin: string; close(): Promise<void> } | undefined;
let configFile = '';

test.beforeAll(async () => {
  const testInfo = test.info();
  if (testInfo.project.name !== 'desktop') return;
  // Building a remote and starting a product take a while on two cores.
  testInfo.setTimeout(300_000);
  configFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'nimbus-release-')), 'runtime.json');
  writeFileSync(configFile, '{}\n');
  // One after the other: on two cores the build would starve the server's first start.
  product = await startProduct({ env: { RUNTIME_CONFIG_FILE: configFile, SIMULATED_BRIDGE: '0' } });
  const dist = await buildRemoteCopy({
    remote: 'remote-payments',
    folder: 'payments-release',
    rewrite: (file, source) =>
      file === path.join('src', 'app', 'release.ts')
        ? source.replace(/RELEASE = '[^']*'/, "RELEASE = '2.0.0'")
        : source,
  });
  cdn = await serveFolder(dist);
});

test.afterAll(async () => {
  await cdn?.close();
  await product?.stop();
  if (configFile) rmSync(path.dirname(configFile), { recursive: true, force: true });
});

test('a new payments release on a CDN shows after a reload; the shell does not change', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one platform is enough for the release flow');
  if (!product || !cdn) throw new Error('the product and the CDN are up');
  const shellBefore = hashFolder(path.join(repoRoot, 'shell', 'dist'));
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  const showSheet = async () => {
    await selectOnly(page, ['mountains.jpg']);
    await page.getByRole('button', { name: 'Save to cloud', exact: true }).click();
    await destinationDialog(page, true).getByRole('button', { name: 'Confirm' }).click();
    const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
    await expect(sheet).toBeVisible();
    return sheet;
  };

  await openShare(page, 'demo-public', product.url);
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Alice');
  await destinationDialog(page, true).getByRole('button', { name: 'Confirm' }).click();
  const first = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(first.locator('[data-release]')).toHaveAttribute('data-release', '1.0.0');
  await expect(first.getByRole('radiogroup', { name: 'Plans' }).getByRole('radio')).toHaveCount(3);

  // The payments team points the runtime configuration at its new release on the CDN.
  const manifestUrl = `${cdn.origin}/mf-manifest.json`;
  writeFileSync(
    configFile,
    JSON.stringify({ remotes: { payments: { name: 'remote_payments', manifestUrl } } }),
  );
  await expect
    .poll(async () => {
      const config = (await (await page.request.get(`${product?.url}/config.json`)).json()) as {
        remotes: { payments: { manifestUrl: string } };
      };
      return config.remotes.payments.manifestUrl;
    })
    .toBe(manifestUrl);

  const manifestLoaded = page.waitForResponse(manifestUrl);
  await page.reload();
  await expect(fileList(page)).toBeVisible();
  const sheet = await showSheet();
  expect((await manifestLoaded).ok()).toBe(true);
  await expect(sheet.locator('[data-release]')).toHaveAttribute('data-release', '2.0.0');
  // The new release works like the old one: the server's plans, the purchase button.
  await expect(sheet.getByRole('radiogroup', { name: 'Plans' }).getByRole('radio')).toHaveCount(3);
  await expect(
    sheet.getByRole('button', { name: /^(Pay|Purchase in App for \$[\d.]+)$/ }),
  ).toBeVisible();

  // Scripts and fetches from the CDN are admitted. Images from a plain-http CDN are not: the
  // server's img-src allows only https: besides the site (reported; a real CDN is https).
  const [images, others] = [
    blocked.filter((text) => text.includes('img-src')),
    blocked.filter((text) => !text.includes('img-src')),
  ];
  expect(others, 'the CSP let the CDN release in').toEqual([]);
  if (images.length > 0) {
    testInfo.annotations.push({ type: 'issue', description: `CSP blocked: ${images.join(' | ')}` });
  }
  expect(hashFolder(path.join(repoRoot, 'shell', 'dist'))).toEqual(shellBefore);
});
