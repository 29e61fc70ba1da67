// When a share page is ready: the app's own file list is on screen. The first screen the server
// renders into the page looks the same but does not work yet, so "ready" is when the app has
// replaced it. Shared by the bundle report (scripts/bundle-size.mjs) and the benchmark.

/** The function the page calls once its app is ready (`watchAppReady` exposes it). */
const READY_BINDING = '__nimbusAppReady';

/**
 * Runs in the page from its first byte: notes, on the page's own clock, when the app's list
 * replaced the first screen, and tells the harness. A mutation observer costs next to nothing
 * and misses no moment (a poll from outside would see it up to a poll late, and each look would
 * run on the page's main thread while the app starts).
 */
const READY_PROBE = (binding) => {
  // The viewer's file list (on desktop its table; for a grid visitor the grid), whatever the
  // page's language names it; the invite page has no list: its app's own card stands for it.
  const ready = () =>
    document.querySelector(
      '#app .ns-file-list[role="list"], #app .ns-file-table[role="table"], #app .ns-file-grid[role="grid"], #app .nb-invite',
    ) !== null && document.querySelector('#app [data-first-screen]') === null;
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    window.__appReadyAt = performance.now();
    observer.disconnect();
    window[binding]?.();
  }).observe(document, { childList: true, subtree: true });
};

/** Each watched page's readiness: whether its current document's app is ready, and who waits. */
const readiness = new WeakMap();

/**
 * Notes, in `page`, when its app is ready (`appFileList` then waits for it). The page tells the
 * harness through an exposed function: nothing of the harness runs in the page until then
 * (Playwright's `waitForFunction` injects its 330 KB script into the page and looks every 50 ms,
 * tens of milliseconds of the phone's main thread while the app starts: docs/performance.md,
 * "The benchmark's own cost").
 */
export async function watchAppReady(page) {
  const state = { ready: false, waiters: [] };
  readiness.set(page, state);
  // A new document starts unready (a same-document navigation, such as the app tidying the
  // address, keeps it).
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) state.ready = false;
  });
  await page.exposeBinding(READY_BINDING, () => {
    state.ready = true;
    for (const resolve of state.waiters.splice(0)) resolve();
  });
  await page.addInitScript(READY_PROBE, READY_BINDING);
}

/**
 * Resolves once the app's list is there; the page must be watched (`watchAppReady`, or
 * `recordScripts`).
 */
export function appFileList(page, timeoutMs = 60_000) {
  const state = readiness.get(page);
  if (!state) return Promise.reject(new Error('watch the page first: watchAppReady(page)'));
  if (state.ready) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const waiter = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      state.waiters.splice(state.waiters.indexOf(waiter), 1);
      reject(new Error(`the app was not ready within ${timeoutMs} ms`));
    }, timeoutMs);
    state.waiters.push(waiter);
  });
}

/**
 * Records the scripts a page loads and notes when its app is ready; `split()` then tells, from
 * the page's resource timings, which were requested before it was ready (the start-up
 * JavaScript, whose budget is 170 KB) and which after (code loaded on first use). Their bodies
 * are fetched again afterwards: asking the page's DevTools agent for each body as it arrives runs
 * on the page's main thread while the app starts.
 */
export async function recordScripts(page, gzipSize) {
  await watchAppReady(page);
  const urls = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) urls.add(response.url());
  });
  return {
    async split() {
      const { readyAt, starts } = await page.evaluate(() => ({
        readyAt: window.__appReadyAt ?? Number.MAX_VALUE,
        starts: performance
          .getEntriesByType('resource')
          .map((entry) => [entry.name, entry.startTime]),
      }));
      const startOf = new Map(starts);
      const files = [];
      for (const url of urls) {
        const body = await (await page.context().request.get(url)).body();
        files.push({
          url,
          gzip: gzipSize(body),
          atStartUp: (startOf.get(url) ?? Number.MAX_VALUE) < readyAt,
        });
      }
      const total = (atStartUp) =>
        files.filter((file) => file.atStartUp === atStartUp).reduce((sum, f) => sum + f.gzip, 0);
      return { files, startUpGzip: total(true), laterGzip: total(false) };
    },
  };
}
