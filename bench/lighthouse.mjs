// Lighthouse's own default run of `npm run bench`: mobile, simulated throttling (what PageSpeed
// Insights shows people). It loads the page without throttling and works out the times a
// throttled phone would see from the page's network and CPU activity, so it counts everything
// requested ahead of the first paint. Reported beside the devtools figures, which throttle for
// real.
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { freePort } from '../scripts/product-server.mjs';

/**
 * Runs `measure(audit, { port })` with a Chromium that Lighthouse drives over its debugging port
 * (`audit(url)` returns the figures below; `port` is for a caller running Lighthouse itself).
 */
export async function withLighthouse(measure) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const audit = async (url) => {
      const { lhr } = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      return {
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      };
    };
    return await measure(audit, { port });
  } finally {
    await browser.close();
  }
}
