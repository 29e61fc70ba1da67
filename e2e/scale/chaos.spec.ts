import { expect, test } from '@playwright/test';
import { scriptModule } from './topology';

type ChaosModule = typeof import('../../scripts/chaos.mjs');
type AlertingModule = typeof import('../../scripts/alerting.mjs');
type LocalServicesModule = typeof import('../../scripts/local-services.mjs');

const chaosModule = () => scriptModule<ChaosModule>('chaos.mjs');

/** The database outage's row: there when Prometheus and Alertmanager are installed. */
const OUTAGE_ROW = 'PostgreSQL down until it pages';

/**
 * The short run of `npm run chaos` (issues 27, 46 and 50): on a topology of its own, journeys go
 * on through a PostgreSQL restart, every idle connection terminated, lost LISTEN connections with
 * refused reconnects, a stalled then killed Redis, a hanging key endpoint, an instance killed
 * mid-save, a flood of wrong codes on one protected share, a flood of beacons, slow clients, and
 * canaries (scripts/canary-check.mjs: a broken one stopped after at most 20 failing visits, a
 * healthy one promoted by itself through its steps).
 */
test('journeys, saves and canceled shares hold through every fault of the infrastructure', async () => {
  test.setTimeout(900_000);
  const chaos = await chaosModule();
  const { table, logDir } = await chaos.runChaos({ short: true, log: () => undefined });
  console.log(chaos.formatTable(table));
  if (logDir) console.log(`the instances' logs: ${logDir}`);
  for (const row of table) {
    for (const check of row.checks) console.log(`${row.fault}: ${check.what}: ${check.detail}`);
    // What failed, where a bound is missed (excused calls of a kill or an outage fail too).
    if (row.failed > 0) {
      for (const failure of row.failures) console.log(`${row.fault}: failed: ${failure}`);
    }
  }
  expect(table.filter((row) => !row.fault.startsWith(OUTAGE_ROW))).toHaveLength(11);
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
  await pagesOfTheOutage(table);
});

/**
 * Issue 50: the paging path in the chaos run, when Prometheus and Alertmanager are installed.
 * PostgreSQL down until it pages: exactly one page, NimbusDatabaseUnreachable with every
 * instance in it (the other alerts inhibited), and the page resolves once the database is back.
 */
async function pagesOfTheOutage(table: Awaited<ReturnType<ChaosModule['runChaos']>>['table']) {
  const [{ hasAlertmanager }, { hasPrometheus }] = await Promise.all([
    scriptModule<AlertingModule>('alerting.mjs'),
    scriptModule<LocalServicesModule>('local-services.mjs'),
  ]);
  if (!hasPrometheus() || !hasAlertmanager()) {
    test.info().annotations.push({
      type: 'not checked',
      description: "the database outage's page needs prometheus and prometheus-alertmanager",
    });
    return;
  }
  await test.step('the database outage pages once, grouped, and the page resolves after', () => {
    const outage = table.find((row) => row.fault.startsWith(OUTAGE_ROW));
    expect(outage, 'the chaos run has the database outage').toBeDefined();
    expect(outage?.checks.map((check) => check.what)).toEqual([
      'the outage pages once, NimbusDatabaseUnreachable, every instance in it',
      'the page resolves after the database is back',
    ]);
    for (const check of outage?.checks ?? []) {
      expect.soft(check.ok, `${check.what}: ${check.detail}`).toBe(true);
    }
  });
}
