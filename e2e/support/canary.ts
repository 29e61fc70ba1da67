import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { destinationDialog, logInAndSave, openShare, selectOnly } from './journeys';

const repoRoot = path.resolve(__dirname, '..', '..');

/** Runs scripts/release.mjs as an operator would (OPS_TOKEN from `opsToken`); its output. */
export function runRelease(args: string[], opsToken = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'scripts', 'release.mjs'), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, OPS_TOKEN: opsToken },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`release ${args.join(' ')}: ${output}`)),
    );
  });
}

/**
 * Resolves once the page measures its field data: web-vitals' chunk loaded (after the page's load,
 * when the browser is idle) and a frame later, so what follows is measured and leaving sends the
 * beacon.
 */
export async function untilMeasuring(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some(
        (entry) =>
          entry.name.includes('field-data') && (entry as PerformanceResourceTiming).responseEnd > 0,
      ),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Resolves once the page's first tap has its timing and web-vitals has taken it in: the entry
 * exists once the frame after the tap was presented (later than its render on a busy machine),
 * and web-vitals reads entries in an idle callback; a page left before either has no
 * interaction for its beacon to count.
 */
export async function untilTapTimed(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((_entries, observer) => {
          observer.disconnect();
          // Idle callbacks run in the order asked: this one runs after web-vitals' own.
          requestIdleCallback(() => resolve());
        }).observe({ type: 'first-input', buffered: true });
      }),
  );
}

/**
 * One visitor with their number for canaries (kept in the browser, as the shell keeps it): opens
 * the public share, saves as Alice (whose cloud is full) and leaves once the upgrade sheet or its
 * fallback shows, which sends the visit's beacon. Resolves with the sheet's release (its
 * `data-release`, not shown to users), or 'failed'.
 */
export async function visitUpgradeSheet(
  browser: Browser,
  bucket: number,
  origin: string,
): Promise<string> {
  const context = await browser.newContext();
  await context.addInitScript((kept) => {
    localStorage.setItem('nimbus.release-bucket', String(kept));
  }, bucket);
  const page = await context.newPage();
  await openShare(page, 'demo-public', origin);
  await selectOnly(page, ['mountains.jpg']);
  await logInAndSave(page, 'Alice');
  await destinationDialog(page, true).getByRole('button', { name: 'Confirm' }).click();
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'This part of the page could not be loaded.' });
  await expect(sheet.or(failed).first()).toBeVisible();
  const shown = (await sheet.isVisible())
    ? ((await sheet.locator('[data-release]').getAttribute('data-release')) ?? '')
    : 'failed';
  await untilMeasuring(page);
  await page.goto('about:blank');
  await context.close();
  return shown;
}

/** remote-payments in a site's runtime configuration. */
export async function paymentsOf(
  request: APIRequestContext,
  site: string,
): Promise<{ manifestUrl: string; release?: string; canary?: { id: number; release: string } }> {
  const response = await request.get(`${site}/config.json`);
  const config = (await response.json()) as {
    remotes: {
      payments: { manifestUrl: string; release?: string; canary?: { id: number; release: string } };
    };
  };
  return config.remotes.payments;
}

/** The sum of a metric's series on an instance whose labels include all of `labels`. */
export async function metricValue(
  request: APIRequestContext,
  site: string,
  name: string,
  labels: Record<string, string>,
): Promise<number> {
  const text = await (await request.get(`${site}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      continue;
    }
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}
