// A targeted run of the share page's first paint and start-up (issue 30), quicker than
// `npm run bench`: on the bench's phone (devtools throttling, as bench/share-page.mjs) it reports
// per page FCP, LCP, "ready", TBT, CLS and the start-up JavaScript, when the first screen's dates
// were on screen, and then Lighthouse's simulated FCP and LCP. `--env NAME=value` (repeatable)
// starts one product per value; `--before DIR` adds the server of an earlier commit
// (`git archive <commit> server shared-contracts | tar -x -C DIR`, DIR/node_modules linking this
// repository's, but DIR's shared-contracts) serving this build, or its own build with
// `--before-build` (a whole checkout, built: `git worktree add DIR <commit>`). Their runs alternate, so a
// machine that slows down slows all alike (A/B on one machine). `--verbose` prints each run's
// file timings and start-up marks; `--trace FILE` saves Chromium's trace of each first run, with
// the CPU profiler's samples.
//   node bench/first-paint.mjs [--runs 5] [--pages /s/demo-public,/s/demo-large]
//        [--before DIR] [--env NAME=value ...] [--no-lighthouse] [--verbose] [--trace out.json]
// The product must be built. Timing: run it only under the heavy lock.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { appFileList, recordScripts } from '../scripts/app-ready.mjs';
import { throttledPhonePage } from './phone.mjs';
import path from 'node:path';
import { repoRoot, startProduct } from '../scripts/product-server.mjs';
import { withLighthouse } from './lighthouse.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index === -1 ? fallback : argv[index + 1];
};
const RUNS = Number(option('--runs', '5'));
const PAGES = option('--pages', '/s/demo-public,/s/demo-large').split(',');
const TRACE_FILE = option('--trace', null);
const ENVS = argv.flatMap((value, index) => (argv[index - 1] === '--env' ? [value] : []));
const BEFORE = option('--before', null);
const BEFORE_BUILD = argv.includes('--before-build');
const VARIANTS = [
  // `--before DIR`: a copy of an earlier commit's server (git archive), serving this build.
  ...(BEFORE ? [{ label: 'before', server: BEFORE, env: {} }] : []),
  ...(ENVS.length > 0 ? ENVS : ['']).map((pair) => {
    const [name, ...rest] = pair.split('=');
    return { label: pair || 'as built', env: pair ? { [name]: rest.join('=') } : {} };
  }),
];

/** The server of another checkout (`--before`), on this build's files or its own. */
const startServerAt = (folder) =>
  startProduct({
    env: { STATIC_ROOT: BEFORE_BUILD ? folder : repoRoot },
    server: {
      command: process.execPath,
      args: ['--import', 'tsx', path.join(folder, 'server/src/server.ts')],
      cwd: folder,
    },
  });

/** The page's own clock from its first byte: vitals, and when a row's date was first visible. */
const OBSERVE = () => {
  const seen = { lcp: 0, cls: 0, longTasks: [], datesShownAt: 0 };
  window.__paint = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Whether the first screen shows its dates once parsed (then from its first paint; else they
  // show with the app's list). One look: a look every frame would itself cost the page frames.
  document.addEventListener('DOMContentLoaded', () => {
    const time = document.querySelector('#app [data-first-screen] .ns-row__time');
    seen.datesInFirstScreen = Boolean(
      time && time.textContent && getComputedStyle(time).visibility === 'visible',
    );
  });
};

const throttledPage = (browser) => throttledPhonePage(browser, [OBSERVE]);

async function measureOnce(browser, url, trace) {
  const { context, page } = await throttledPage(browser);
  const recorded = await recordScripts(page, (body) => gzipSync(body, { level: 9 }).length);
  if (trace)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink.user_timing',
        'v8.execute',
        'loading',
        'netlog',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
  await page.goto(url);
  await appFileList(page);
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const figures = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const { lcp, cls, longTasks, datesInFirstScreen } = window.__paint;
    const datesShownAt = datesInFirstScreen ? fcp : window.__appReadyAt;
    const tbt = longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js$|mf-manifest/.test(entry.name))
      .map((entry) => ({
        file: new URL(entry.name).pathname.replace(/\.[0-9a-f]{8}\.js$/, '.js'),
        start: Math.round(entry.startTime),
        end: Math.round(entry.responseEnd),
      }));
    const marks = performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('nimbus:'))
      .map((mark) => [mark.name.replace('nimbus:start-up:', ''), Math.round(mark.startTime)]);
    const html = performance.getEntriesByType('navigation')[0];
    return {
      fcp,
      lcp,
      cls,
      tbt,
      readyMs: window.__appReadyAt,
      datesShownAt,
      htmlEnd: html ? Math.round(html.responseEnd) : 0,
      scripts,
      marks,
    };
  });
  const { startUpGzip } = await recorded.split();
  if (trace) writeFileSync(trace, await browser.stopTracing());
  await context.close();
  return { ...figures, jsGzip: startUpGzip };
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const products = [];
try {
  for (const variant of VARIANTS)
    products.push(
      variant.server
        ? await startServerAt(variant.server)
        : await startProduct({ env: variant.env }),
    );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = VARIANTS.map(() => Object.fromEntries(PAGES.map((path) => [path, []])));
  try {
    // A first load of each page warms the server's caches (built page, renderers).
    for (const product of products)
      for (const path of PAGES) await fetch(`${product.url}${path}`).then((r) => r.text());
    for (const path of PAGES)
      for (let run = 0; run < RUNS; run += 1)
        for (const [index, product] of products.entries()) {
          const trace =
            TRACE_FILE && run === 0 ? TRACE_FILE.replace(/\.json$/, `-${index}.json`) : null;
          results[index][path].push(await measureOnce(browser, `${product.url}${path}`, trace));
        }
  } finally {
    await browser.close();
  }
  const simulated = VARIANTS.map(() => Object.fromEntries(PAGES.map((path) => [path, []])));
  if (!argv.includes('--no-lighthouse'))
    await withLighthouse(async (_audit, { port }) => {
      for (const path of PAGES)
        for (let run = 0; run < RUNS; run += 1)
          for (const [index, product] of products.entries()) {
            const { lhr } = await lighthouse(`${product.url}${path}`, {
              port,
              logLevel: 'error',
              onlyCategories: ['performance'],
            });
            simulated[index][path].push({
              fcp: lhr.audits['first-contentful-paint'].numericValue,
              lcp: lhr.audits['largest-contentful-paint'].numericValue,
              tbt: lhr.audits['total-blocking-time'].numericValue,
            });
          }
    });
  const ms = (value) => (value === null ? 'n/a' : String(Math.round(value)));
  console.log(
    '| variant | page | FCP | LCP | dates shown | ready | TBT | CLS | JS gzip | LH FCP | LH LCP | LH TBT |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [index, variant] of VARIANTS.entries())
    for (const path of PAGES) {
      const runs = results[index][path];
      const lh = simulated[index][path];
      const m = (key) => median(runs.map((run) => run[key]));
      const s = (key) => median(lh.map((run) => run[key]));
      console.log(
        `| ${variant.label} | ${path} | ${ms(m('fcp'))} | ${ms(m('lcp'))} | ${ms(m('datesShownAt'))} | ${ms(m('readyMs'))} | ${ms(m('tbt'))} | ${(m('cls') ?? 0).toFixed(3)} | ${((m('jsGzip') ?? 0) / 1024).toFixed(1)} KB | ${ms(s('fcp'))} | ${ms(s('lcp'))} | ${ms(s('tbt'))} |`,
      );
    }
  if (argv.includes('--verbose'))
    for (const [index, variant] of VARIANTS.entries())
      for (const path of PAGES)
        for (const run of results[index][path])
          console.log(
            variant.label,
            path,
            JSON.stringify({
              fcp: Math.round(run.fcp),
              ready: Math.round(run.readyMs),
              htmlEnd: run.htmlEnd,
              scripts: run.scripts,
              marks: run.marks,
            }),
          );
} finally {
  for (const product of products) await product.stop();
}
