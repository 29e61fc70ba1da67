import { expect, test } from '@playwright/test';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runRelease, visitUpgradeSheet } from '../support/canary';
import { instanceUrls, opsToken, siteUrl } from './topology';

/**
 * A bad release of remote-payments on three instances (issue 28): started as a 50 % canary by
 * the operators' command, its visits land on every instance, and the server rolls it back by
 * itself; from the next page load every instance names the stable release, with no restart.
 */

const repoRoot = path.resolve(__dirname, '..', '..');
const RELEASE = '9.0.0-scale-broken';
const folder = path.join(repoRoot, 'releases', 'payments', RELEASE);
const manifestUrl = `/releases/payments/${RELEASE}/mf-manifest.json`;

/** The stable build under another name, whose entry throws as it loads: a release gone bad. */
function writeBrokenRelease() {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(path.dirname(folder), { recursive: true });
  cpSync(path.join(repoRoot, 'remote-payments', 'dist'), folder, { recursive: true });
  rmSync(path.join(folder, 'remoteEntry.js.br'), { force: true });
  writeFileSync(path.join(folder, 'remoteEntry.js'), "throw new Error('a release gone bad');\n");
}

/** The canary each instance's runtime configuration names for payments, if any. */
async function canaries(): Promise<(string | null)[]> {
  return Promise.all(
    instanceUrls().map(async (url) => {
      const config = (await (await fetch(`${url}/config.json`)).json()) as {
        remotes: { payments: { canary?: { release: string } } };
      };
      return config.remotes.payments.canary?.release ?? null;
    }),
  );
}

test('a bad canary is rolled back by the server on every instance', async ({ browser }) => {
  test.setTimeout(300_000);
  writeBrokenRelease();
  try {
    await runRelease(
      [
        'payments',
        '--site',
        siteUrl(),
        '--percent',
        '50',
        '--release',
        RELEASE,
        '--dist',
        folder,
        '--manifest-url',
        manifestUrl,
      ],
      opsToken(),
    );
    await expect.poll(canaries).toEqual([RELEASE, RELEASE, RELEASE]);

    for (const [stable, canary] of [
      [90, 10],
      [80, 20],
      [70, 30],
    ] as const) {
      expect(await visitUpgradeSheet(browser, stable, siteUrl())).toBe('1.0.0');
      expect(await visitUpgradeSheet(browser, canary, siteUrl())).toBe('failed');
    }

    // Judged from every instance's beacons together; each instance drops it within a second.
    await expect.poll(canaries, { timeout: 20_000 }).toEqual([null, null, null]);
    for (const url of instanceUrls()) {
      const html = await (await fetch(`${url}/s/demo-public`)).text();
      expect(html).not.toContain(RELEASE);
    }
    // A canary visitor's next page load gets the stable release.
    expect(await visitUpgradeSheet(browser, 10, siteUrl())).toBe('1.0.0');
    const status = (await (
      await fetch(`${siteUrl()}/ops/releases`, {
        headers: { Authorization: `Bearer ${opsToken()}` },
      })
    ).json()) as { canaries: unknown[] };
    expect(status.canaries).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
