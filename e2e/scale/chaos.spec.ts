import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

type ChaosModule = typeof import('../../scripts/chaos.mjs');

/** scripts/chaos.mjs is ESM and this file is compiled to CommonJS: a native dynamic import. */
function chaosModule(): Promise<ChaosModule> {
  const url = pathToFileURL(path.join(__dirname, '..', '..', 'scripts', 'chaos.mjs')).href;
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<ChaosModule>;
  return load(url);
}

/**
 * The short run of `npm run chaos` (issues 27, 46 and 50): on a topology of its own, journeys go
 * on through a PostgreSQL restart, every idle connection terminated, lost LISTEN connections with
 * refused reconnects, a stalled then killed Redis, a hanging key endpoint, an instance killed
 * mid-save, a flood of wrong codes on one protected share, a flood of beacons, slow clients, and
 * canaries (scripts/canary-check.mjs: a broken one stopped after at most 20 failing visits, a
 * healthy one promoted by itself through its steps).
 */
test('journeys, saves and canceled shares hold through every fault of the infrastructure', async () => {
  test.setTimeout(600_000);
  const chaos = await chaosModule();
  const { table } = await chaos.runChaos({ short: true, log: () => undefined });
  console.log(chaos.formatTable(table));
  for (const row of table) {
    for (const check of row.checks) console.log(`${row.fault}: ${check.what}: ${check.detail}`);
  }
  expect(table).toHaveLength(11);
  for (const row of table) {
    expect.soft(chaos.missedBounds(row), row.fault).toEqual([]);
  }
  await test.step('a broken canary is stopped within 20 failing visits, a healthy one promoted by itself', () => {
    const row = table.find(({ fault }) => fault.startsWith('canaries'));
    expect(row?.checks.map(({ what, ok }) => [what, ok])).toEqual([
      ['a broken canary stopped after at most 20 failing visits', true],
      ['a healthy canary promoted by itself through 1, 10, 50 and 100 %', true],
    ]);
  });
});
