import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/**
 * End-to-end tests of the whole product, started the way `npm start` starts it, in Debian's
 * Chromium on three platform classes. The port and data folder are chosen once, in the main
 * process; workers inherit them through the environment.
 */
const repoRoot = path.resolve(__dirname, '..');
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
process.env.E2E_PORT ??= freePort();
/**
 * The folder `variable` names, or a fresh one of this run set in it (the workers inherit the
 * runner's). The runner, which made it, removes it as it exits, after the servers it started.
 */
function runFolder(variable: string, prefix: string): string {
  const named = process.env[variable];
  if (named) return named;
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env[variable] = folder;
  process.on('exit', () => rmSync(folder, { recursive: true, force: true, maxRetries: 3 }));
  return folder;
}
const dataDir = runFolder('E2E_DATA_DIR', 'nimbus-e2e-');
// The product signing in with Firebase Authentication, at the Firebase Auth Emulator.
process.env.E2E_FIREBASE_PORT ??= freePort();
const firebaseDataDir = runFolder('E2E_FIREBASE_DATA_DIR', 'nimbus-e2e-firebase-');
process.env.E2E_EMULATOR_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
// The compiled server, as production runs it (npm run build compiles it).
const serverCommand = `"${process.execPath}" --enable-source-maps server/dist/server.mjs`;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
/** The three platform classes the tests emulate (docs/product.md, "Who uses it"). */
const DEVICES = {
  android: devices['Pixel 7'],
  iphone: devices['iPhone 14'],
  desktop: devices['Desktop Chrome'],
};
/** The devices of the accessibility projects (a11y, wcag): a phone's layout and a desktop's. */
const ACCESSIBILITY_DEVICES = ['android', 'desktop'] as const;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.artifacts/results.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    launchOptions: chromium,
    // A failed test keeps its trace (actions, DOM snapshots, network). Without the screencast:
    // its frames cost a fifth of the suite's time on a two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    { name: 'android', use: { ...DEVICES.android, browserName: 'chromium' } },
    { name: 'iphone', use: { ...DEVICES.iphone, browserName: 'chromium' } },
    { name: 'desktop', use: { ...DEVICES.desktop, browserName: 'chromium' } },
    // Accessibility: axe-core on every screen and dialog, and the keyboard journeys. axe is
    // injected into the page, which the product's CSP would refuse. On one phone and the desktop,
    // as the WCAG checks below: the iPhone has the phone's layout, and only the platform of its
    // links and store dialog differs, which the journeys walk.
    ...ACCESSIBILITY_DEVICES.map((platform) => ({
      name: `a11y-${platform}`,
      testDir: './a11y',
      use: { ...DEVICES[platform], browserName: 'chromium' as const, bypassCSP: true },
    })),
    // WCAG 2.2 AA beyond what axe can test: focus never covered, reflow, text spacing, forced
    // colours, non-text contrast from pixels, the browser's text size.
    ...ACCESSIBILITY_DEVICES.map((platform) => ({
      name: `wcag-${platform}`,
      testDir: './wcag',
      // The reviewed accessibility trees of wcag/aria-snapshots.spec.ts, a folder per device. Not
      // per operating system (Playwright's default): the tree is the page's, not the machine's.
      snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{projectName}/{arg}{ext}',
      use: { ...DEVICES[platform], browserName: 'chromium' as const },
    })),
  ],
  webServer: [
    {
      command: serverCommand,
      cwd: repoRoot,
      url: `${baseURL}/config.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SIMULATED_BRIDGE: '0',
      },
    },
    {
      command: `"${process.execPath}" scripts/firebase-emulator.mjs --port ${process.env.E2E_EMULATOR_PORT}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT}/`,
      reuseExistingServer: false,
      timeout: 90_000,
      // Asked to stop, it stops the emulator and removes its folder (a kill would leave both).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      command: serverCommand,
      cwd: repoRoot,
      url: `http://localhost:${process.env.E2E_FIREBASE_PORT}/config.json`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: process.env.E2E_FIREBASE_PORT,
        HOST: '127.0.0.1',
        DATA_DIR: firebaseDataDir,
        IDENTITY_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: 'demo-nimbus',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${process.env.E2E_EMULATOR_PORT}`,
      },
    },
  ],
});
