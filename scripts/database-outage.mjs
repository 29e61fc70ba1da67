// The database outage as the paging path must see it, on a topology of scripts/scale.mjs with
// Prometheus and Alertmanager (startScaleTopology with a short `alertGroupInterval`): PostgreSQL
// stops until the page arrives, then starts again. Used by `npm run paging-drill` and by the
// chaos run (scripts/chaos.mjs, and its short version in `npm test`).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The alert the outage must page with, and nothing else. */
export const OUTAGE_ALERT = 'NimbusDatabaseUnreachable';

/** Resolves with `check()`'s first truthy answer, or null after `timeoutMs`. */
export async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = check();
    if (answer) return answer;
    await sleep(1000);
  }
  return null;
}

/**
 * What the notifications since the outage began say: its firing ones while the database was
 * down (exactly one page, `OUTAGE_ALERT`, grouping every instance, the other alerts held back
 * by Alertmanager's inhibition), and whether that page resolved after (`resolvedAfterMs` from the
 * database's return; null: it did not).
 */
export function outageChecks({ duringOutage, resolvedAfterMs, instances }) {
  const firing = duringOutage.filter((sent) => sent.status === 'firing');
  const paged = firing[0]?.alerts.map(({ labels }) => labels.instance).sort() ?? [];
  return [
    {
      what: `the outage pages once, ${OUTAGE_ALERT}, every instance in it`,
      ok:
        firing.length === 1 &&
        firing[0].receiver === 'page' &&
        firing[0].alertname === OUTAGE_ALERT &&
        new Set(paged).size === instances,
      detail:
        firing
          .map((sent) => `${sent.receiver} ${sent.alertname} (${sent.alerts.length})`)
          .join(', ') || 'none',
    },
    {
      what: 'the page resolves after the database is back',
      ok: resolvedAfterMs !== null,
      detail:
        resolvedAfterMs === null
          ? 'not within 120 s'
          : `${(resolvedAfterMs / 1000).toFixed(0)} s after`,
    },
  ];
}

/**
 * Stops PostgreSQL until the page arrives (3 minutes at most), keeps it down `holdMs` longer
 * (nothing else may page meanwhile), starts it again and waits for the page to resolve (2
 * minutes at most); `whenBack` runs as soon as it is started again (the chaos run times the
 * instances' recovery there). Resolves with the checks of `outageChecks`, every notification since
 * the outage began, when the database went down and came back, and what `whenBack` answered.
 */
export async function databaseOutage(
  topology,
  { holdMs = 0, log = () => undefined, whenBack = async () => undefined } = {},
) {
  const { notifications } = topology.alertmanager;
  const before = notifications().length;
  const since = () => notifications().slice(before);
  const down = Date.now();
  log('PostgreSQL stops until the page arrives');
  await topology.postgres.stopServer();
  const page = await until(
    () => since().find((sent) => sent.receiver === 'page' && sent.status === 'firing'),
    180_000,
  );
  log(page ? `paged: ${page.alertname}` : 'no page within 180 s');
  await sleep(holdMs);
  const duringOutage = since();
  log('PostgreSQL starts again');
  await topology.postgres.startServer();
  const back = Date.now();
  const afterBack = await whenBack();
  const resolved = await until(
    () => since().find((sent) => sent.alertname === OUTAGE_ALERT && sent.status === 'resolved'),
    120_000,
  );
  const resolvedAfterMs = resolved ? Date.now() - back : null;
  log(resolved ? 'the page resolved' : 'not resolved within 120 s');
  return {
    checks: outageChecks({ duringOutage, resolvedAfterMs, instances: topology.instances.length }),
    notifications: since(),
    down,
    back,
    afterBack,
  };
}
