import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const DEVICES = {
  android: devices['Pixel 7'],
  iphone: devices['iPhone 14'],
  desktop: devices['Desktop Chrome'],
};

/**
 * The product on several instances behind a load balancer (issue 19): `scale/global-setup.ts`
 * starts PostgreSQL, Redis, three instances and HAProxy; the journeys walk through it while
 * instances are killed and restarted; the chaos run of the infrastructure's faults; a share under
 * attack. One worker: the instances are shared by every test.
 * scripts/test.mjs runs it when Debian's postgresql, redis-server and haproxy are installed.
 */
export default defineConfig({
  testDir: './scale',
  globalSetup: './scale/global-setup.ts',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.artifacts/scale-results.json' }]],
  outputDir: 'test-results-scale',
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // As in playwright.config.ts: a failed test's trace, without the screencast's frames.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    ...(['android', 'iphone', 'desktop'] as const).map((name) => ({
      name,
      testMatch: 'scale.spec.ts',
      use: { ...DEVICES[name], browserName: 'chromium' as const },
    })),
    // A bad canary of remote-payments rolled back by the server on every instance (issue 28).
    {
      name: 'canary-desktop',
      testMatch: 'canary.spec.ts',
      use: { ...DEVICES.desktop, browserName: 'chromium' as const },
    },
    // The edge cache (issue 30): a viral share through Varnish, purges, variants by platform.
    { name: 'edge', testMatch: 'edge.spec.ts' },
    // The infrastructure's faults (issue 27), on a topology of their own: `npm run chaos --short`.
    { name: 'chaos', testMatch: 'chaos.spec.ts' },
    // Every SLO and alert reads a number on fresh instances after the first visits (issue 50).
    {
      name: 'fresh-queries',
      testMatch: 'fresh-queries.spec.ts',
      use: { ...DEVICES.android, browserName: 'chromium' as const },
    },
    // Last: it leaves demo-private under attack for a day.
    {
      name: 'attack-android',
      testMatch: 'attack.spec.ts',
      dependencies: ['android', 'iphone', 'desktop', 'canary-desktop'],
      use: { ...DEVICES.android, browserName: 'chromium' },
    },
  ],
});
