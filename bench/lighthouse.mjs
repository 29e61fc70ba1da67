// Lighthouse's default mobile preset, as `npm run bench` runs it: a Moto G Power's screen, 4x CPU
// slowdown, 150 ms round trip and 1.6 Mbit/s, with either of its two throttling methods:
// - `simulate` (its default, what PageSpeed Insights shows people): it loads the page without
//   throttling and works out the times a throttled phone would see from the page's network and
//   CPU activity (every main-thread task counts four times as long: one of 12.5 ms is a long task);
// - `devtools`: Chromium throttles the load for real (Lighthouse's own 562.5 ms round trip and
//   1.47 Mbit/s at the HTTP level, 4x CPU).
// Each audit also returns the long tasks of its trace (bench/trace-tasks.mjs) and can keep the
// trace.
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { freePort } from '../scripts/product-server.mjs';
import { longTasksOf } from './trace-tasks.mjs';

/** The two throttling methods of the default mobile preset. */
export const LIGHTHOUSE_METHODS = ['simulate', 'devtools'];

/**
 * Runs `measure(audit, { port })` with a Chromium that Lighthouse drives over its debugging port.
 * `audit(url, { method, traceFile })` returns FCP, LCP, TBT, the score (0–100) and the trace's
 * long tasks (over 12.5 ms of the unthrottled trace under `simulate`, over 50 ms under
 * `devtools`: the tasks each method counts in TBT); `port` is for a caller running Lighthouse
 * itself.
 */
export async function withLighthouse(measure) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const audit = async (url, { method = 'simulate', traceFile } = {}) => {
      const { lhr, artifacts } = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod: method,
      });
      const trace = artifacts.Trace ?? artifacts.traces?.defaultPass;
      if (traceFile && trace) writeFileSync(traceFile, JSON.stringify(trace));
      const longTasks = trace
        ? longTasksOf(trace, { overMs: method === 'simulate' ? 12.5 : 50 })
        : { tasks: [], fcpMs: null };
      return {
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        longTasks,
      };
    };
    return await measure(audit, { port });
  } finally {
    await browser.close();
  }
}
