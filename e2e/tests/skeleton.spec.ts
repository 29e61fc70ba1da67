import { expect, test } from '@playwright/test';
import path from 'node:path';
import { failRemote, serveRemoteFrom } from '../support/remotes';

/** The product's skeleton: the viewer's first journeys, remote failures, shared singletons. */

/** The file list's summary line: 'Total N file(s)' or 'N file(s) selected'. */
const FILE_SUMMARY = /Total \d+ file\(s\)|\d+ file\(s\) selected/;

test('a public share shows its root file list', async ({ page }) => {
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Photos', exact: true })).toBeVisible();
});

test('a protected share asks for the extract code and opens with it', async ({ page }) => {
  await page.goto('/s/demo-private');
  const code = page.getByPlaceholder('Please enter the extract code');
  await expect(code).toBeVisible();
  await page.getByRole('button', { name: 'Extract file' }).click();
  // The product's message, in a toast and under the field, which it marks invalid.
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Please enter the extract code first/);
  await code.fill('zz99');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid extract code');
  await code.fill('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
});

test('an expired share shows its status view', async ({ page }) => {
  await page.goto('/s/demo-expired');
  await expect(page.getByRole('heading', { name: 'Share expired' })).toBeVisible();
});

for (const address of ['/s/nope', '/anything', '/404']) {
  test(`${address} shows the not-found view`, async ({ page }) => {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  });
}

test('a remote whose files fail shows a fallback; Retry loads it once it is back', async ({
  page,
}) => {
  const restore = await failRemote(page, 'share');
  await page.goto('/s/demo-public');
  const fallback = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(fallback).toBeVisible();
  // The shell keeps working around the failed remote.
  await expect(page.getByRole('button', { name: 'Open App' })).toBeVisible();
  await restore();
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
});

test('a remote built with another major contract version is refused', async ({ page }) => {
  const fixture = path.join(__dirname, '..', 'fixtures', 'incompatible-remote', 'dist');
  await serveRemoteFrom(page, 'share', fixture);
  await page.goto('/s/demo-public');
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
  await expect(page.getByText('A viewer from contract 3')).toHaveCount(0);
});

test('react, react-dom and valtio load once on the share route', async ({ page, request }) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();

  type Manifest = { shared: { name: string; assets: { js: { sync: string[] } } }[] };
  const remoteManifest = (await (
    await request.get('/remotes/share/mf-manifest.json')
  ).json()) as Manifest;
  const singletons = /^(react|react-dom|valtio)(\/|$)/;
  const remoteCopies = remoteManifest.shared
    .filter((shared) => singletons.test(shared.name))
    .flatMap((shared) => shared.assets.js.sync.map((file) => `/remotes/share/${file}`));
  // The remote's own copies of the singletons are never fetched: the shell's are used.
  expect(requested.filter((file) => remoteCopies.includes(file))).toEqual([]);

  const versions = await page.evaluate(() => {
    type ShareScope = Record<string, Record<string, Record<string, unknown>>>;
    const federation = (
      window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, ShareScope> } }
    ).__FEDERATION__;
    const scopes = Object.values(federation?.__SHARE__ ?? {});
    const names = ['react', 'react-dom', 'valtio'];
    return names.map((name) => ({
      name,
      versions: [...new Set(scopes.flatMap((scope) => Object.keys(scope.default?.[name] ?? {})))],
    }));
  });
  for (const { name, versions: loaded } of versions) {
    expect(loaded, name).toHaveLength(1);
  }
});
