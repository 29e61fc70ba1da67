import { expect, test, type Request } from '@playwright/test';
import { withoutShareAnswers } from '../support/page-answers';

/** Issue 9's design, as a visitor's browser sees it (the figures come from `npm run bench`). */

const FILE_SUMMARY = /Total \d+ file\(s\)|\d+ file\(s\) selected/;
const SHARE_EXPOSE = /\/remotes\/share\/__federation_expose_ShareViewer\.[0-9a-f]+\.js$/;

test('a share page carries its first answers: the list shows without asking the API', async ({
  page,
}) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/share/')) apiCalls.push(pathname);
  });
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Photos', exact: true })).toBeVisible();
  expect(apiCalls).toEqual([]);
});

test('the file list paints from the page itself, before any script has run; the app then takes it over', async ({
  page,
}) => {
  let releaseScripts: () => void = () => undefined;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\.js$/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto('/s/demo-public', { waitUntil: 'commit' });

  // The server's first screen: the rows, as the app shows them, but not yet working. Nothing in
  // it is offered to assistive technology, and times wait for the visitor's time zone.
  await expect(page.getByText('8 file(s) selected')).toBeVisible();
  await expect(page.getByText('mountains.jpg')).toBeVisible();
  await expect(page.getByText('Open App')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/).first()).toBeHidden();

  releaseScripts();
  const photos = page.getByRole('checkbox', { name: 'Select Photos' });
  await expect(photos).toBeChecked();
  await expect(page.locator('#app [data-first-screen]')).toHaveCount(0);
  await expect(page.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/).first()).toBeVisible();
  await photos.click();
  await expect(page.getByText('7 file(s) selected')).toBeVisible();
});

test("answers the page lacks are requested while the viewer's code still loads", async ({
  page,
}) => {
  await withoutShareAnswers(page, '/s/demo-public');
  const apiCalls: string[] = [];
  let bothRequested: () => void = () => undefined;
  const apiRequested = new Promise<void>((resolve) => (bothRequested = resolve));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/share/info' || pathname === '/api/share/detail') {
      apiCalls.push(pathname);
      if (apiCalls.includes('/api/share/info') && apiCalls.includes('/api/share/detail'))
        bothRequested();
    }
  });
  // The viewer's code is held back until both calls have gone out: without the shell's prefetch
  // they would only start after it, and the page would never show its list.
  await page.route(SHARE_EXPOSE, async (route) => {
    await apiRequested;
    await route.continue();
  });
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Photos', exact: true })).toBeVisible();
  // The viewer used the answers: it did not ask again.
  expect(apiCalls.filter((call) => call === '/api/share/info')).toHaveLength(1);
  expect(apiCalls.filter((call) => call === '/api/share/detail')).toHaveLength(1);
});

test('the page preloads the share remote, and its scripts load once each, six at most', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/s/demo-public');
  const html = (await response?.text()) ?? '';
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<link rel="preload" href="/remotes/share/remoteEntry.js" as="script">');
  expect(head).toMatch(/<link rel="preload" href="\/remotes\/share\/__federation_expose_/);
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();

  expect(scripts.some((script) => SHARE_EXPOSE.test(script))).toBe(true);
  expect(scripts.length).toBe(new Set(scripts).size);
  // Few files: a phone on HTTP/1.1 has six connections, and a seventh script would wait for one.
  expect(scripts.length).toBeLessThanOrEqual(6);
});

test('nothing for previews, QR codes, login or the upgrade sheet loads before it is used', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((script) => /preview-(player|hls)|\/remotes\/payments\//.test(script)),
  ).toEqual([]);
  const firstScreen = scripts.length;

  // The login sheet's code (and its providers') arrives when the sheet opens.
  await page
    .getByRole('button', { name: /^Log ?in/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(firstScreen);
});
