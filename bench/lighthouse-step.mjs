// The Lighthouse step of `npm run bench` (issue 51): Lighthouse's default mobile preset with both
// throttling methods on the pages people measure, median of the runs, the long tasks of the
// median run's trace; and the page's unthrottled `domInteractive` on this machine (what the
// document's own parse and scripts cost before the first paint). On its own, on a built product:
//   node bench/lighthouse-step.mjs [--runs 5] [--pages /s/demo-public,...] [--traces DIR]
// Timing: run it only under the heavy lock.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startProduct } from '../scripts/product-server.mjs';
import { LIGHTHOUSE_METHODS, withLighthouse } from './lighthouse.mjs';
import { describeTasks } from './trace-tasks.mjs';

/** The pages of the step: the viral list, a protected share's code screen, a status page. */
export const LIGHTHOUSE_PAGES = [
  { name: '/s/demo-public', path: '/s/demo-public' },
  { name: '/s/demo-private code screen', path: '/s/demo-private' },
  { name: '/s/demo-expired', path: '/s/demo-expired' },
];

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The run whose TBT is the median one (its trace is the one to read). */
const medianRun = (audits) => {
  const sorted = [...audits].sort((a, b) => a.tbt - b.tbt);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * `{ [page name]: { simulate: figures, devtools: figures } }`, figures the medians of FCP, LCP,
 * TBT and score, every run's values, and the median run's long tasks. The methods' runs
 * alternate, so a machine that slows down for a while slows both alike.
 */
export async function measureLighthouse(
  url,
  { pages = LIGHTHOUSE_PAGES, runs = 5, traceDir, log = false },
) {
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  return withLighthouse(async (audit) => {
    const results = {};
    for (const page of pages) {
      const audits = Object.fromEntries(LIGHTHOUSE_METHODS.map((method) => [method, []]));
      for (let run = 0; run < runs; run += 1)
        for (const method of LIGHTHOUSE_METHODS) {
          const slug = page.path.replace(/\W+/g, '-').replace(/^-/, '');
          const traceFile = traceDir
            ? path.join(traceDir, `${slug}-${method}-${run + 1}.json`)
            : undefined;
          const figures = await audit(`${url}${page.path}`, { method, traceFile });
          audits[method].push({ ...figures, run: run + 1 });
          if (log)
            console.log(
              `  ${page.name} ${method} run ${run + 1}: FCP ${Math.round(figures.fcp)} LCP ${Math.round(figures.lcp)} TBT ${Math.round(figures.tbt)} score ${figures.score}`,
            );
        }
      results[page.name] = Object.fromEntries(
        LIGHTHOUSE_METHODS.map((method) => {
          // A run Lighthouse could not measure (no FCP: it reports a score of 0) is left out.
          const list = audits[method].filter((a) => typeof a.fcp === 'number');
          const pick = list.length > 0 ? medianRun(list) : { run: null, longTasks: { tasks: [] } };
          return [
            method,
            {
              fcp: median(list.map((a) => a.fcp)),
              lcp: median(list.map((a) => a.lcp)),
              tbt: median(list.map((a) => a.tbt)),
              score: median(list.map((a) => a.score)),
              runs: audits[method].map(({ fcp, lcp, tbt, score }) => ({ fcp, lcp, tbt, score })),
              failedRuns: audits[method].length - list.length,
              medianRun: pick.run,
              longTasks: pick.longTasks,
            },
          ];
        }),
      );
    }
    return results;
  });
}

/** The page's `domInteractive` and FCP, unthrottled, cold cache: medians of `runs` loads. */
export async function measureDomInteractive(url, { pages = LIGHTHOUSE_PAGES, runs = 5 }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results = {};
    for (const page of pages) {
      const loads = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        await tab.goto(`${url}${page.path}`, { waitUntil: 'load' });
        await tab.waitForTimeout(300);
        loads.push(
          await tab.evaluate(() => {
            const [navigation] = performance.getEntriesByType('navigation');
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
            return {
              responseEnd: navigation.responseEnd,
              domInteractive: navigation.domInteractive,
              fcp: fcp ?? null,
            };
          }),
        );
        await context.close();
      }
      results[page.name] = {
        responseEnd: median(loads.map((load) => load.responseEnd)),
        domInteractive: median(loads.map((load) => load.domInteractive)),
        fcp: median(loads.map((load) => load.fcp)),
        runs: loads,
      };
    }
    return results;
  } finally {
    await browser.close();
  }
}

const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

/** The step's table, one row per page and method, and the median runs' long tasks. */
export function describeLighthouse(lighthouse, unthrottled) {
  const lines = [
    '| screen | method | FCP | LCP | TBT | score | domInteractive (unthrottled) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, methods] of Object.entries(lighthouse))
    for (const method of LIGHTHOUSE_METHODS) {
      const f = methods[method];
      lines.push(
        `| ${name} | ${method} | ${ms(f.fcp)} | ${ms(f.lcp)} | ${ms(f.tbt)} | ${f.score} | ${method === 'simulate' ? ms(unthrottled?.[name]?.domInteractive ?? null) : ''} |`,
      );
    }
  const tasks = Object.entries(lighthouse).flatMap(([name, methods]) =>
    LIGHTHOUSE_METHODS.map(
      (method) =>
        `${name}, ${method} (run ${methods[method].medianRun}, TBT ${ms(methods[method].tbt)}): ${describeTasks(methods[method].longTasks)}`,
    ),
  );
  return `${lines.join('\n')}\n\nThe median runs' long tasks (wall time in the trace):\n${tasks.join('\n')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argument = (name, fallback) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? fallback : process.argv[index + 1];
  };
  const runs = Number(argument('--runs', '5'));
  const wanted = argument('--pages', null)?.split(',');
  const pages = wanted
    ? wanted.map(
        (page) =>
          LIGHTHOUSE_PAGES.find((p) => p.name === page || p.path === page) ?? {
            name: page,
            path: page,
          },
      )
    : LIGHTHOUSE_PAGES;
  const traceDir = argument('--traces', null);
  const product = await startProduct();
  try {
    // Warm the server's page cache and first-screen cuts, as a visitor after the first would.
    for (const page of pages) {
      const html = await fetch(`${product.url}${page.path}`).then((r) => r.text());
      if (traceDir) {
        mkdirSync(traceDir, { recursive: true });
        writeFileSync(
          path.join(traceDir, `${page.path.replace(/\W+/g, '-').replace(/^-/, '')}.html`),
          html,
        );
      }
    }
    const unthrottled = await measureDomInteractive(product.url, { pages, runs });
    const lighthouse = await measureLighthouse(product.url, {
      log: true,
      pages,
      runs,
      traceDir: traceDir && path.resolve(traceDir),
    });
    console.log(describeLighthouse(lighthouse, unthrottled));
    console.log('\nunthrottled runs:', JSON.stringify(unthrottled));
    console.log(
      'lighthouse runs:',
      JSON.stringify(
        Object.fromEntries(
          Object.entries(lighthouse).map(([n, m]) => [
            n,
            Object.fromEntries(LIGHTHOUSE_METHODS.map((k) => [k, m[k].runs])),
          ]),
        ),
      ),
    );
  } finally {
    await product.stop();
  }
}
