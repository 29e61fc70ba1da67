// `npm run paging-drill`: the paging path tried end to end on `npm run scale`'s topology (two
// instances, Prometheus with the rules of ops/prometheus, Alertmanager with
// ops/alertmanager/alertmanager.yml and its recording receiver). With visitors' traffic running,
// PostgreSQL stops until the page arrives, then starts again. It passes when the outage sends
// exactly one page, NimbusDatabaseUnreachable, grouping every instance (the other alerts held
// back), that page resolves after, and nothing else pages in the 4 minutes after it. It prints
// every notification. Takes about 8 minutes;
// needs Debian's prometheus and prometheus-alertmanager.
import { fileURLToPath } from 'node:url';
import { hasAlertmanager } from './alerting.mjs';
import { hasPrometheus } from './local-services.mjs';
import { startScaleTopology } from './scale.mjs';

/** How long after the outage the drill listens for other pages. */
const ECHO_WATCH_MS = 4 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with `check()`'s first truthy answer, or null after `timeoutMs`. */
async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = check();
    if (answer) return answer;
    await sleep(1000);
  }
  return null;
}

/** The drill's verdict: its checks and every notification, each with the seconds into the run. */
export async function runPagingDrill({ log = console.log } = {}) {
  const topology = await startScaleTopology({ instances: 2, alertGroupInterval: '10s' });
  if (!topology.alertmanager) {
    await topology.stop();
    throw new Error('needs prometheus and prometheus-alertmanager (apt-get install both)');
  }
  const started = Date.now();
  const at = () => ((Date.now() - started) / 1000).toFixed(0);
  let running = true;
  const traffic = (async () => {
    while (running) {
      await Promise.all(
        ['/s/demo-public', '/s/demo-private'].map((address) =>
          fetch(`${topology.url}${address}`).then(
            (response) => response.arrayBuffer(),
            () => undefined,
          ),
        ),
      );
      await sleep(250);
    }
  })();
  const { notifications } = topology.alertmanager;
  try {
    log(`${at()} s: steady traffic for 30 s`);
    await sleep(30_000);
    const before = notifications().length;
    const since = () => notifications().slice(before);
    log(`${at()} s: PostgreSQL stops`);
    await topology.postgres.stopServer();
    const page = await until(
      () => since().find((sent) => sent.receiver === 'page' && sent.status === 'firing'),
      180_000,
    );
    log(`${at()} s: ${page ? `paged: ${page.alertname}` : 'no page within 180 s'}`);
    // A little longer down: nothing else may page meanwhile.
    await sleep(20_000);
    const duringOutage = since();
    log(`${at()} s: PostgreSQL starts again`);
    await topology.postgres.startServer();
    const resolved = await until(
      () =>
        since().find(
          (sent) => sent.alertname === 'NimbusDatabaseUnreachable' && sent.status === 'resolved',
        ),
      120_000,
    );
    log(`${at()} s: ${resolved ? 'the page resolved' : 'not resolved within 120 s'}`);
    // The SLO burn alerts' short windows (5 minutes) still see the outage's errors for a while:
    // watch that no echo pages once the database alert no longer holds them back.
    const quietFrom = notifications().length;
    await sleep(ECHO_WATCH_MS);
    const echoes = notifications()
      .slice(quietFrom)
      .filter((sent) => sent.receiver === 'page' && sent.status === 'firing');
    log(`${at()} s: ${echoes.length} page(s) in the ${ECHO_WATCH_MS / 60_000} minutes after`);
    const firing = duringOutage.filter((sent) => sent.status === 'firing');
    const instances = page?.alerts.map(({ labels }) => labels.instance).sort() ?? [];
    const checks = [
      {
        what: 'the outage pages once, NimbusDatabaseUnreachable, every instance in it',
        ok:
          firing.length === 1 &&
          firing[0].receiver === 'page' &&
          firing[0].alertname === 'NimbusDatabaseUnreachable' &&
          instances.length === topology.instances.length,
        detail:
          firing
            .map((sent) => `${sent.receiver} ${sent.alertname} (${sent.alerts.length})`)
            .join(', ') || 'none',
      },
      { what: 'the page resolves after the database is back', ok: Boolean(resolved), detail: '' },
      {
        what: `no other page in the ${ECHO_WATCH_MS / 60_000} minutes after (an echo of the outage)`,
        ok: echoes.length === 0,
        detail: echoes.map((sent) => sent.alertname).join(', '),
      },
    ];
    return { checks, notifications: since() };
  } finally {
    running = false;
    await traffic;
    await topology.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!hasPrometheus() || !hasAlertmanager()) {
    console.log('SKIPPED: needs prometheus and prometheus-alertmanager (apt-get install both).');
    process.exit(0);
  }
  const { checks, notifications } = await runPagingDrill();
  console.log('\nNotifications after the outage began:');
  for (const sent of notifications) {
    console.log(
      `  ${sent.at} ${sent.receiver} ${sent.status} ${sent.alertname} x${sent.alerts.length}`,
    );
  }
  console.log('');
  for (const check of checks) {
    console.log(
      `${check.ok ? 'ok  ' : 'FAIL'} ${check.what}${check.detail ? `: ${check.detail}` : ''}`,
    );
  }
  process.exit(checks.every((check) => check.ok) ? 0 : 1);
}
