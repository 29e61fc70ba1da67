// Loads /s/demo-public in headless Chromium and reports the JavaScript the share route loads:
// each file's gzip size (level 9, as a CDN would serve it), split into the start-up scripts
// (requested before the app's list was ready: their budget is 170 KB) and those loaded after.
import { gzipSync } from 'node:zlib';
import { appFileList, recordScripts } from './app-ready.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium } from './chromium.mjs';
import { startProduct } from './product-server.mjs';

export async function measureShareRoute({ url, sharePath = '/s/demo-public' }) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const recorded = await recordScripts(page, (body) => gzipSync(body, { level: 9 }).length);
    await page.goto(`${url}${sharePath}`);
    await appFileList(page);
    await page.waitForLoadState('networkidle');
    return await recorded.split();
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
  const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
  try {
    const report = await measureShareRoute({ url: product.url });
    console.log('JavaScript loaded by /s/demo-public (gzip):');
    for (const file of report.files) {
      const when = file.atStartUp ? 'start-up' : 'after   ';
      console.log(`  ${kb(file.gzip)}  ${when}  ${new URL(file.url).pathname}`);
    }
    console.log(`  ${kb(report.startUpGzip)}  start-up, before the list is ready (budget 170 KB)`);
    console.log(`  ${kb(report.laterGzip)}  loaded after it`);
  } catch (error) {
    console.log(`share route size: not measured (${error.message})`);
  } finally {
    await product.stop();
  }
}
