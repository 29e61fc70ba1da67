// The benchmark's phone, shared by bench/share-page.mjs and bench/first-paint.mjs: Lighthouse's
// mobile settings (a 412×823 Moto G Power, 150 ms round trip, 1.6 Mbit/s down, 4x CPU slowdown)
// with a cold cache.

export const MOBILE_THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/** A new page on the phone, throttled, with `initScripts` added before anything loads. */
export async function throttledPhonePage(browser, initScripts = []) {
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
  for (const script of initScripts) await page.addInitScript(script);
  return { context, page };
}
