// `npm run bench`: the share page in Debian's Chromium with Lighthouse's mobile settings
// (4x CPU slowdown, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), cold cache, median of
// 5 runs, for the federated product and for the same screens built as one bundle.
//   node bench/share-page.mjs [--runs 5] [--json .bench/results.json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { repoRoot, startProduct } from '../scripts/product-server.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
};
const RUNS = Number(argument('--runs', '5'));
const RESULTS_FILE = path.resolve(repoRoot, argument('--json', '.bench/results.json'));

const MOBILE_THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

const FILE_LIST = /Total \d+ file\(s\)|\d+ file\(s\) selected/;

/** The screens measured: each opens a page and waits for what the visitor came for. */
const SCENARIOS = [
  {
    name: '/s/demo-public',
    path: '/s/demo-public',
    ready: (page) => page.getByText(FILE_LIST).waitFor(),
  },
  {
    name: '/s/demo-private + code',
    path: '/s/demo-private',
    ready: async (page) => {
      await page.getByPlaceholder('Please enter the extract code').fill('ab12');
      await page.getByRole('button', { name: 'Extract file' }).click();
      await page.getByText(FILE_LIST).waitFor();
    },
  },
  {
    name: '/s/demo-large',
    path: '/s/demo-large',
    ready: (page) => page.getByText(FILE_LIST).waitFor(),
  },
];

/** Collects paint, layout-shift and long-task entries from the first byte on. */
const OBSERVE_VITALS = () => {
  const vitals = { lcp: 0, lcpElement: '', cls: 0, longTasks: [] };
  window.__vitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = entry.element
        ? entry.element.tagName + (entry.element.textContent ?? '').slice(0, 40)
        : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

async function measureOnce(browser, url, scenario) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latency,
    downloadThroughput: MOBILE_THROTTLING.downloadThroughput,
    uploadThroughput: MOBILE_THROTTLING.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
  await page.addInitScript(OBSERVE_VITALS);

  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.push(gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // no body
    }
  });

  const started = Date.now();
  await page.goto(`${url}${scenario.path}`);
  await scenario.ready(page);
  const readyMs = Date.now() - started;
  // Let late shifts and long tasks land, then read the entries.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const vitals = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const { lcp, lcpElement, cls, longTasks } = window.__vitals;
    const tbt = longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcp, lcp, lcpElement, cls, tbt };
  });
  await context.close();
  return { ...vitals, readyMs, jsGzip: scripts.reduce((sum, bytes) => sum + bytes, 0) };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function measureBuild(label, env) {
  const product = await startProduct({ env });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = {};
  try {
    for (const scenario of SCENARIOS) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await measureOnce(browser, product.url, scenario));
      results[scenario.name] = {
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
        readyMs: median(runs.map((r) => r.readyMs)),
        jsGzip: median(runs.map((r) => r.jsGzip)),
        lcpElement: runs.at(-1).lcpElement,
      };
      console.log(`  ${label} ${scenario.name}: done`);
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  return results;
}

function run(command, args, cwd = repoRoot) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log('building the product and the one-bundle baseline ...');
run(process.execPath, ['scripts/build.mjs', '--if-needed']);
run(
  'npx',
  [
    'webpack',
    '--config',
    'webpack.config.js',
    '--mode',
    'production',
    '--stats',
    'errors-warnings',
  ],
  path.join(repoRoot, 'bench', 'one-bundle'),
);

console.log(`measuring, ${RUNS} runs each (4x CPU, 150 ms RTT, 1.6 Mbit/s) ...`);
const federated = await measureBuild('federated', {});
const oneBundle = await measureBuild('one-bundle', {
  STATIC_ROOT: path.join(repoRoot, '.bench', 'one-bundle'),
});

const ms = (value) => `${Math.round(value)} ms`;
const kb = (value) => `${(value / 1024).toFixed(1)} KB`;
const rows = [];
for (const { name } of SCENARIOS) {
  const f = federated[name];
  const o = oneBundle[name];
  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : '-');
  rows.push(
    `| ${name} | ${ms(f.lcp)} | ${ms(f.fcp)} | ${ms(f.tbt)} | ${f.cls.toFixed(3)} | ${kb(f.jsGzip)} | ${ms(f.readyMs)} | ${ms(o.lcp)} | ${kb(o.jsGzip)} | ${ms(o.readyMs)} | ${ratio(f.lcp, o.lcp)} | ${ratio(f.jsGzip, o.jsGzip)} |`,
  );
}
const table = [
  '| screen | LCP | FCP | TBT | CLS | JS (gzip) | ready | one-bundle LCP | one-bundle JS | one-bundle ready | LCP ratio | JS ratio |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(`\nMedians of ${RUNS} runs, Lighthouse mobile throttling:\n\n${table}\n`);
mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(
  RESULTS_FILE,
  JSON.stringify({ runs: RUNS, throttling: MOBILE_THROTTLING, federated, oneBundle }, null, 2),
);
console.log(`results: ${path.relative(repoRoot, RESULTS_FILE)}`);
