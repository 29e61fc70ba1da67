// Loads /s/demo-public in headless Chromium and reports the JavaScript the share route loads:
// each file's gzip size (level 9, as a CDN would serve it).
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from './chromium.mjs';
import { startProduct } from './product-server.mjs';

export async function measureShareRoute({ url, sharePath = '/s/demo-public' }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script') return;
      try {
        const body = await response.body();
        scripts.push({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      } catch {
        // a response without a body (redirect) carries no script
      }
    });
    await page.goto(`${url}${sharePath}`, { waitUntil: 'networkidle' });
    return {
      files: scripts,
      totalGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    };
  } finally {
    await browser.close();
  }
}

export async function printShareRouteSize() {
  if (!hasChromium()) {
    console.log(`share route size: skipped (no Chromium at ${CHROMIUM_PATH})`);
    return;
  }
  const product = await startProduct();
  try {
    const report = await measureShareRoute({ url: product.url });
    console.log('JavaScript loaded by /s/demo-public (gzip):');
    for (const file of report.files) {
      console.log(
        `  ${(file.gzip / 1024).toFixed(1).padStart(7)} KB  ${new URL(file.url).pathname}`,
      );
    }
    console.log(
      `  ${(report.totalGzip / 1024).toFixed(1).padStart(7)} KB  total in ${report.files.length} files`,
    );
  } catch (error) {
    console.log(`share route size: not measured (${error.message})`);
  } finally {
    await product.stop();
  }
}
