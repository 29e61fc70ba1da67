import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/**
 * The product on several instances behind a load balancer (issue 19): `scale/global-setup.ts`
 * starts PostgreSQL, Redis, three instances and HAProxy; the journeys walk through it while
 * instances are killed and restarted. One worker: the instances are shared by every test.
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
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'android', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    { name: 'iphone', use: { ...devices['iPhone 14'], browserName: 'chromium' } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], browserName: 'chromium' } },
  ],
});
