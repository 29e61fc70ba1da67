import { expect, test } from '@playwright/test';
import { appFileList, recordScripts, watchAppReady } from '../../scripts/app-ready.mjs';
import { withoutShareAnswers } from '../support/page-answers';
import { firstRenderOver, holdScripts } from '../support/first-render';
import { fileList, fileRows, untilAppShowsScreen } from '../support/journeys';
import { recordRequestedPaths } from '../support/requests';

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

/** A zone whose times differ from the server's in their minutes, whatever the server's zone. */
const VISITOR_ZONE = 'Asia/Kolkata';

/** `YYYY/MM/DD HH:mm` of unix seconds in `timeZone`, from the platform's own calendar. */
function listTimeIn(timeZone: string, unixSeconds: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(unixSeconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
}

test.describe(`a visitor in ${VISITOR_ZONE}`, () => {
  test.use({ timezoneId: VISITOR_ZONE });

  test("the file list paints from the page itself, before any script has run, its dates in the visitor's zone; a tap on it is kept for the app", async ({
    page,
  }) => {
    const releaseScripts = await holdScripts(page);
    await page.goto('/s/demo-public', { waitUntil: 'commit' });

    // The server's first screen: the rows, as the app shows them, with their dates in the
    // visitor's time zone (the page's inline script writes them before the first paint).
    await expect(page.getByText('8 file(s) selected')).toBeVisible();
    await expect(page.getByText('mountains.jpg')).toBeVisible();
    await expect(page.getByText('Open App')).toBeVisible();
    await expect(page.locator('#app [data-first-screen]')).toHaveCount(1);
    const updated = await page.evaluate(() => {
      const answers = JSON.parse(document.getElementById('share-answers')?.textContent ?? '{}');
      const item = answers.root_list.find((row: { name: string }) => row.name === 'mountains.jpg');
      return (item.update_time || item.create_time) as number;
    });
    const mountains = fileRows(fileList(page)).filter({ hasText: 'mountains.jpg' });
    const date = mountains.locator('time');
    await expect(date).toBeVisible();
    await expect(date).toHaveText(listTimeIn(VISITOR_ZONE, updated));
    // A tap before the app runs: taken, not yet carried out.
    const photos = page.getByRole('checkbox', { name: 'Select Photos' });
    await photos.click();
    await expect(page.getByText('8 file(s) selected')).toBeVisible();

    releaseScripts();
    await untilAppShowsScreen(page);
    await expect(page.getByText('7 file(s) selected')).toBeVisible();
    await expect(photos).not.toBeChecked();
    // The app's own list shows the same date.
    await expect(date).toHaveText(listTimeIn(VISITOR_ZONE, updated));
    await photos.click();
    await expect(page.getByText('8 file(s) selected')).toBeVisible();
  });
});

test('a folder tapped during the start-up opens once the app runs', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/s/demo-public', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page.locator('#app [data-first-screen]')).toHaveCount(1);

  releaseScripts();
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeFocused();
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
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
  await apiRequested;
  // The server's first screen paints before either call: wait for the app's own render.
  await untilAppShowsScreen(page);
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Photos', exact: true })).toBeVisible();
  // The viewer used the answers: it did not ask again.
  expect(apiCalls.filter((call) => call === '/api/share/info')).toHaveLength(1);
  expect(apiCalls.filter((call) => call === '/api/share/detail')).toHaveLength(1);
});

test('the page preloads the share remote, and its scripts load once each, six at most', async ({
  page,
}) => {
  const scripts = recordRequestedPaths(page, 'script');
  const recorded = await recordScripts(page, (body) => body.length);
  const response = await page.goto('/s/demo-public');
  const html = (await response?.text()) ?? '';
  // After the first screen (docs/performance.md, "First paint as early as the wire allows").
  const afterFirstScreen = html.slice(html.indexOf('</footer>'));
  expect(afterFirstScreen).toContain(
    '<link rel=preload href="/remotes/share/remoteEntry.js" as=script fetchpriority=low>',
  );
  expect(afterFirstScreen).toMatch(
    /<link rel=preload href="\/remotes\/share\/__federation_expose_/,
  );
  await appFileList(page);
  await page.waitForLoadState('networkidle');

  expect(scripts.length).toBe(new Set(scripts).size);
  const startUp = (await recorded.split()).files
    .filter((file) => file.atStartUp)
    .map((file) => new URL(file.url).pathname);
  expect(startUp.some((script) => SHARE_EXPOSE.test(script))).toBe(true);
  // Few files before the page is ready: a phone on HTTP/1.1 has six connections, and a seventh
  // script would wait for one.
  expect(startUp.length).toBeLessThanOrEqual(6);
});

test('every start-up script but the entry asks Chrome to compile it as it downloads; code loaded later does not', async ({
  page,
}) => {
  await watchAppReady(page);
  await page.goto('/s/demo-public');
  await appFileList(page);
  // Code loaded on first use: the report dialog's.
  await page.getByRole('button', { name: 'Report' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Reason for reporting' })).toBeVisible();
  const scripts = await page.evaluate(() => {
    const readyAt = (window as unknown as { __appReadyAt: number }).__appReadyAt;
    const loaded = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    return {
      startUp: loaded.filter((entry) => entry.startTime < readyAt).map((entry) => entry.name),
      later: loaded.filter((entry) => entry.startTime >= readyAt).map((entry) => entry.name),
    };
  });
  /** Whether the file opens with V8's compile hint (webpack/index.js). */
  const hinted = async (url: string) =>
    (await (await page.request.get(url)).text()).startsWith('//# allFunctionsCalledOnLoad\n');
  expect(scripts.startUp.length).toBeGreaterThan(3);
  expect(scripts.later.some((url) => url.includes('/remotes/share/'))).toBe(true);
  // The host's entry keeps lazy compilation: most of the federation runtime never runs on a page
  // (webpack/index.js, COMPILED_LAZILY).
  const lazy = (url: string) => /\/main\.[0-9a-f]+\.js$/.test(url);
  expect(scripts.startUp.filter(lazy)).toHaveLength(1);
  for (const url of scripts.startUp) expect(await hinted(url), url).toBe(!lazy(url));
  for (const url of scripts.later) expect(await hinted(url), url).toBe(false);
});

test("the start-up's CSS comes with the page: no stylesheet to fetch before the list works, and a dialog's with its code", async ({
  page,
}) => {
  const stylesheets = recordRequestedPaths(page, 'stylesheet');
  await watchAppReady(page);
  await page.goto('/s/demo-public');
  await appFileList(page);
  expect(stylesheets).toEqual([]);
  // Applied by the shell as it started: the viewer's and the shell's, nothing left inert.
  const applied = await page.evaluate(() => ({
    styles: Array.from(document.head.querySelectorAll('style[data-href]'), (style) =>
      style.getAttribute('data-href'),
    ),
    inert: document.querySelectorAll('template style').length,
  }));
  expect(applied.styles).toEqual([
    expect.stringMatching(/^__federation_expose_ShareViewer\.[0-9a-f]+\.css$/),
    expect.stringMatching(/^[\w-]+\.[0-9a-f]+\.css$/),
  ]);
  expect(applied.inert).toBe(0);
  // A lazy dialog's CSS loads with its code, once.
  await page.getByRole('button', { name: 'Report' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Reason for reporting' })).toBeVisible();
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(new Set(stylesheets).size).toBe(stylesheets.length);
  for (const stylesheet of stylesheets)
    expect(stylesheet).toMatch(/^\/remotes\/share\/[\w-]+\.[0-9a-f]+\.css$/);
});

test('over its first screen, the start-up files travel after its markup; the app starts once it is painted, and asks for react-dom then', async ({
  page,
}) => {
  const response = await page.goto('/s/demo-public');
  // Nothing is sent ahead of the markup that paints: no `Link` header with the page.
  expect(response?.headers().link).toBeUndefined();
  await untilAppShowsScreen(page);
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  const timeline = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    startUpSteps: performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('nimbus:start-up:'))
      .map((mark) => mark.startTime),
    reactDom: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/react-dom\.[0-9a-f]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
    // The last byte of the page, which holds the start-up's preloads.
    markupEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .responseEnd,
    startUpFiles: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js$|mf-manifest\.json$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timeline.startUpFiles.length).toBeGreaterThan(0);
  expect(Math.min(...timeline.startUpFiles)).toBeGreaterThanOrEqual(timeline.markupEnd);
  expect(timeline.paint).toBeGreaterThan(0);
  expect(timeline.startUpSteps.length).toBeGreaterThan(0);
  expect(Math.min(...timeline.startUpSteps)).toBeGreaterThan(timeline.paint);
  expect(timeline.reactDom).toHaveLength(1);
  expect(timeline.reactDom[0]).toBeGreaterThan(timeline.paint);
});

test('nothing for previews, QR codes, login, the upgrade sheet or long lists loads before it is used', async ({
  page,
}) => {
  const scripts = recordRequestedPaths(page, 'script');
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    scripts.filter((script) =>
      /preview-(player|hls)|list-virtualizer|altcha|\/remotes\/payments\//.test(script),
    ),
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

test("the proof of work's widget (ALTCHA) is not loaded with the extract-code screen", async ({
  page,
}) => {
  const scripts = recordRequestedPaths(page, 'script');
  await page.goto('/s/demo-private');
  await expect(page.getByRole('textbox', { name: 'Extract code' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => /altcha/.test(script))).toEqual([]);
});

/**
 * A guard for the fast path (docs/performance.md, "The first screen"): the app's first render
 * must paint what the server's first screen painted, or the page jumps as the app takes over.
 * It fails when a React upgrade, or a change to one side only, makes the two differ.
 */
test("the app's first render has the markup of the server's first screen", async ({ page }) => {
  const { serverScreen, firstRender } = await firstRenderOver(page, '/s/demo-public');
  expect(serverScreen).toContain('aria-label="Select mountains.jpg"');
  expect(firstRender).toBe(serverScreen);
});

/** A trace event of Chromium's tracing (the fields read here). */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * A guard for the fast path (docs/performance.md, "The shell's start-up"): over the server's
 * first screen each step of the start-up runs in a task of its own, so none holds up the page's
 * frames and input for long. Each step marks its start (`nimbus:start-up:*`); Chromium's trace
 * tells which task each mark fell in. It fails when an upgrade of React, webpack or the
 * federation runtime runs two steps in one task again.
 */
test('over the first screen, every step of the start-up runs in a task of its own', async ({
  page,
  browser,
}) => {
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  await page.goto('/s/demo-public');
  // The app's list, not the server's first screen, which shows the same check boxes.
  await untilAppShowsScreen(page);
  await expect(page.getByRole('checkbox', { name: 'Select Photos' })).toBeVisible();
  const trace = JSON.parse((await browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  const marks = trace.traceEvents.filter((event) => event.name.startsWith('nimbus:start-up:'));
  expect(marks.map((mark) => mark.name.replace('nimbus:start-up:', '')).sort()).toEqual(
    [
      'app-modules',
      'intl-data',
      'load-remote',
      'react-dom',
      'read-answers',
      'register-remotes',
      'remote-module',
      'start-shell',
    ].sort(),
  );
  const { pid, tid } = marks[0] as TraceEvent;
  const tasks = trace.traceEvents.filter(
    (event) =>
      event.cat === 'toplevel' && event.ph === 'X' && event.pid === pid && event.tid === tid,
  );
  // The outermost task around a mark (a task may run others nested in it).
  const taskOf = (mark: TraceEvent) =>
    tasks
      .filter((task) => task.ts <= mark.ts && mark.ts <= task.ts + (task.dur ?? 0))
      .reduce(
        (outer, task) => ((task.dur ?? 0) > (outer?.dur ?? -1) ? task : outer),
        null as TraceEvent | null,
      );
  const markTasks = marks.map(taskOf);
  expect(markTasks).not.toContain(null);
  expect(new Set(markTasks).size).toBe(marks.length);
});
