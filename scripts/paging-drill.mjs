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
import { databaseOutage } from './database-outage.mjs';
import { hasPrometheus } from './local-services.mjs';
import { startScaleTopology } from './scale.mjs';

/** How long after the outage the drill listens for other pages. */
const ECHO_WATCH_MS = 4 * 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
    // A little longer down once paged: nothing else may page meanwhile.
    const outage = await databaseOutage(topology, {
      holdMs: 20_000,
      log: (text) => log(`${at()} s: ${text}`),
    });
    // The SLO burn alerts' short windows (5 minutes) still see the outage's errors for a while:
    // watch that no echo pages once the database alert no longer holds them back.
    const quietFrom = notifications().length;
    await sleep(ECHO_WATCH_MS);
    const echoes = notifications()
      .slice(quietFrom)
      .filter((sent) => sent.receiver === 'page' && sent.status === 'firing');
    log(`${at()} s: ${echoes.length} page(s) in the ${ECHO_WATCH_MS / 60_000} minutes after`);
    const checks = [
      ...outage.checks,
      {
        what: `no other page in the ${ECHO_WATCH_MS / 60_000} minutes after (an echo of the outage)`,
        ok: echoes.length === 0,
        detail: echoes.map((sent) => sent.alertname).join(', '),
      },
    ];
    return {
      checks,
      notifications: [...outage.notifications, ...notifications().slice(quietFrom)],
    };
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
