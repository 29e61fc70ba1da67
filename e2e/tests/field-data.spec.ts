import { expect, test } from '@playwright/test';
import { metricValue, untilMeasuring, untilTapTimed } from '../support/canary';
import { openShare } from '../support/journeys';
import { startProduct, type RunningProduct } from '../support/product';

/**
 * Field data (issues 28 and 46): what a real visit on the phone measures reaches the operators'
 * metrics, under its page kind and platform, and web-vitals stays out of the start-up.
 */

let product: RunningProduct | undefined;

test.beforeAll(async () => {
  if (test.info().project.name !== 'android') return;
  test.info().setTimeout(180_000);
  product = await startProduct({ env: { SIMULATED_BRIDGE: '0', FIELD_SAMPLE_RATE: '1' } });
});

test.afterAll(async () => {
  await product?.stop();
});

test("a phone visit's Core Web Vitals reach /metrics by page and platform", async ({
  page,
  request,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== 'android',
    'the phone profile is the one the figures are for',
  );
  if (!product) throw new Error('the product is up');
  const site = product.url;
  // The vitals' only labels: releases are compared through nimbus_field_release_inp_seconds.
  const labels = { page: 'share_list', platform: 'android' };
  const METRICS = ['lcp_seconds', 'inp_seconds', 'cls', 'fcp_seconds', 'ttfb_seconds'];
  const before = await Promise.all(
    METRICS.map((metric) => metricValue(request, site, `nimbus_field_${metric}_count`, labels)),
  );
  const fieldChunk = page.waitForRequest(/field-data\.[0-9a-f]+\.js$/);
  // web-vitals is no part of the start-up JavaScript: neither preloaded nor in the page.
  const response = await request.get(`${product.url}/s/demo-public`, {
    headers: { 'User-Agent': await page.evaluate(() => navigator.userAgent) },
  });
  expect(`${response.headers().link ?? ''} ${await response.text()}`).not.toMatch(
    /field-data|web-vitals/,
  );
  await openShare(page, 'demo-public', product.url);
  await fieldChunk;
  // Once web-vitals runs: the tap below is measured.
  await untilMeasuring(page);
  // A tap: the interaction INP measures.
  await page.getByRole('checkbox', { name: 'Select mountains.jpg' }).tap();
  await expect(page.getByRole('checkbox', { name: 'Select mountains.jpg' })).not.toBeChecked();
  await untilTapTimed(page);
  await page.goto('about:blank');

  for (const [index, metric] of METRICS.entries()) {
    await expect
      .poll(() => metricValue(request, site, `nimbus_field_${metric}_count`, labels), {
        message: `${metric} of the visit`,
      })
      .toBe((before[index] ?? 0) + 1);
  }
  // Nothing names the share.
  const metrics = await (await request.get(`${product.url}/metrics`)).text();
  expect(metrics).not.toContain('demo-public');
});
