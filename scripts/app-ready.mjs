// When a share page is ready: the app's own file list is on screen. The first screen the server
// renders into the page looks the same but does not work yet, so "ready" is when the app has
// replaced it. Shared by the bundle report (scripts/bundle-size.mjs) and the benchmark.

/**
 * Runs in the page from its first byte: notes, on the page's own clock, when the app's list
 * replaced the first screen. A mutation observer costs next to nothing and misses no moment
 * (a poll from outside would see it up to a poll late).
 */
const READY_PROBE = () => {
  // The invite page has no list: its app's own card stands for it.
  const ready = () =>
    document.querySelector('#app [role="list"][aria-label="Shared files"], #app .nb-invite') !==
      null && document.querySelector('#app [data-first-screen]') === null;
  new MutationObserver((_, observer) => {
    if (!ready()) return;
    window.__appReadyAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

/** Notes, in `page`, when its app is ready (`appFileList` then waits for it). */
export const watchAppReady = (page) => page.addInitScript(READY_PROBE);

/**
 * Resolves once the app's list is there (the page must be watched: `watchAppReady`, or
 * `recordScripts`). One cheap look per 50 ms: Playwright's role locators walk the accessibility tree on the page's
 * main thread, which at 4x CPU makes long tasks of their own and would count in the Total
 * Blocking Time.
 */
export const appFileList = (page) =>
  page.waitForFunction(() => window.__appReadyAt !== undefined, null, {
    polling: 50,
    timeout: 60_000,
  });

/**
 * Records the scripts a page loads and notes when its app is ready; `split()` then tells, from
 * the page's resource timings, which were requested before it was ready (the start-up
 * JavaScript, whose budget is 170 KB) and which after (code loaded on first use).
 */
export async function recordScripts(page, gzipSize) {
  await watchAppReady(page);
  const sizes = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      sizes.set(response.url(), gzipSize(await response.body()));
    } catch {
      // a response without a body (redirect) carries no script
    }
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
      const files = [...sizes].map(([url, gzip]) => ({
        url,
        gzip,
        atStartUp: (startOf.get(url) ?? Number.MAX_VALUE) < readyAt,
      }));
      const total = (atStartUp) =>
        files.filter((file) => file.atStartUp === atStartUp).reduce((sum, f) => sum + f.gzip, 0);
      return { files, startUpGzip: total(true), laterGzip: total(false) };
    },
  };
}
